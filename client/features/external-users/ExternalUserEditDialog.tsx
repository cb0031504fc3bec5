import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import type { Employee, EmployeeSummary } from '../../../shared/employees.schemas.ts';
import { LANGUAGES } from '../../../shared/i18n/index.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { errorMessage } from '../../api/errors.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { employeesApi } from '../employees/employees.api.ts';
import { employeeKeys, useEmployeeDetail } from '../employees/employees.queries.ts';

const TEXT_FIELDS = ['lastName', 'firstName', 'email', 'phoneNumber', 'organization'] as const;
const REQUIRED = new Set<string>(['lastName', 'firstName', 'email']);

interface Props {
  person: EmployeeSummary;
  onHide: () => void;
}

/** Edits an external user's details (PUT /users/{id}, for holders of external-users.manage). */
export function ExternalUserEditDialog({ person, onHide }: Props) {
  const { t } = useTranslation(['people', 'profile', 'errors']);
  const detail = useEmployeeDetail(person.id, true);
  return detail.data ? (
    <EditForm key={detail.data.updatedAt} person={detail.data} onHide={onHide} />
  ) : (
    <Dialog
      visible
      header={t('profile:externals.editTitle', { name: fullName(person) || person.email })}
      onHide={onHide}
      style={{ width: 'min(34rem, 96vw)' }}
    >
      {detail.isError && <Message severity="error" text={errorMessage(detail.error, t)} />}
    </Dialog>
  );
}

function EditForm({ person, onHide }: { person: Employee; onHide: () => void }) {
  const { t } = useTranslation(['people', 'profile', 'errors']);
  const form = useFormValues({
    lastName: person.lastName,
    firstName: person.firstName,
    email: person.email,
    phoneNumber: person.phoneNumber ?? '',
    organization: person.organization ?? '',
    note: person.note ?? '',
    language: person.language as string,
  });
  const guard = useUnsavedChanges(form.dirty);
  const save = useFormMutation({
    // Every field is sent: an emptied optional field is cleared (null).
    mutationFn: (values: typeof form.values) =>
      employeesApi.updateExternal(
        person.id,
        Object.fromEntries(
          Object.entries(values).map(([key, value]) => [
            key,
            REQUIRED.has(key) || key === 'language' ? value : value || null,
          ]),
        ),
      ),
    invalidate: [employeeKeys.all],
    success: (saved) => t('profile:externals.saved', { name: fullName(saved) || saved.email }),
    onSuccess: () => {
      guard.release();
      onHide();
    },
  });
  const errors = save.fieldErrors;
  const change = (field: keyof typeof form.values, value: string) => {
    form.set(field, value);
    save.clear(field);
  };

  function submit() {
    const problems: Record<string, string> = {};
    for (const field of REQUIRED) {
      const value = form.values[field as keyof typeof form.values];
      if (!value) problems[field] = t('errors:validation.required');
      else if (!value.trim()) problems[field] = t('errors:validation.blank');
    }
    save.setProblems(problems);
    if (Object.keys(problems).length === 0) void save.submit(form.values);
  }

  return (
    <Dialog
      visible
      header={t('profile:externals.editTitle', { name: fullName(person) || person.email })}
      onHide={onHide}
      className="form-dialog"
      style={{ width: 'min(34rem, 96vw)' }}
      draggable={false}
      data-testid="external-edit-dialog"
      footer={
        <div className="people-form__footer">
          <Button type="button" label={t('actions.cancel')} text onClick={onHide} />
          <Button
            type="submit"
            form={form.formId}
            label={t('actions.save')}
            icon="pi pi-check"
            loading={save.submitting}
            data-testid="external-save"
          />
        </div>
      }
    >
      {guard.prompt}
      <form
        id={form.formId}
        className="people-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {save.message && (
          <p className="people-error" role="alert">
            {save.message}
          </p>
        )}
        {TEXT_FIELDS.map((field) => (
          <div key={field} className="people-field">
            <label htmlFor={`external-edit-${field}`}>
              {t(`fields.${field}`)}
              {REQUIRED.has(field) && <span className="people-required">*</span>}
            </label>
            <InputText
              id={`external-edit-${field}`}
              name={field}
              value={form.values[field]}
              type={field === 'email' ? 'email' : 'text'}
              invalid={Boolean(errors[field])}
              onChange={(event) => change(field, event.target.value)}
            />
            {errors[field] && <small className="field-error">{errors[field]}</small>}
          </div>
        ))}
        <div className="people-field">
          <label htmlFor="external-edit-language">{t('fields.language')}</label>
          <Dropdown
            inputId="external-edit-language"
            value={form.values.language}
            options={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
            onChange={(event) => change('language', event.value as string)}
          />
        </div>
        <div className="people-field">
          <label htmlFor="external-edit-note">{t('fields.note')}</label>
          <InputTextarea
            id="external-edit-note"
            name="note"
            value={form.values.note}
            rows={3}
            invalid={Boolean(errors.note)}
            onChange={(event) => change('note', event.target.value)}
          />
          {errors.note && <small className="field-error">{errors.note}</small>}
        </div>
      </form>
    </Dialog>
  );
}
