import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee, EmployeeSummary } from '../../../shared/employees.schemas.ts';
import { LANGUAGES } from '../../../shared/i18n/index.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { api } from '../../api/http.ts';
import { describeFailure, employeesApi, employeesKeys } from '../employees/employees.api.ts';

const TEXT_FIELDS = ['lastName', 'firstName', 'email', 'phoneNumber', 'organization'] as const;
const REQUIRED = new Set<string>(['lastName', 'firstName', 'email']);

interface Props {
  person: EmployeeSummary;
  onHide: () => void;
  onSaved: (message: string) => void;
}

/** Edits an external user's details (PUT /users/{id}, for holders of external-users.manage). */
export function ExternalUserEditDialog({ person, onHide, onSaved }: Props) {
  const { t } = useTranslation(['people', 'profile', 'errors']);
  const detail = useQuery({
    queryKey: employeesKeys.detail(person.id),
    queryFn: () => employeesApi.getEmployee(person.id),
  });
  return (
    <Dialog
      visible
      header={t('profile:externals.editTitle', { name: fullName(person) || person.email })}
      onHide={onHide}
      style={{ width: 'min(34rem, 96vw)' }}
      data-testid="external-edit-dialog"
    >
      {detail.isError && <Message severity="error" text={describeFailure(detail.error, t).message} />}
      {detail.data && (
        <EditForm key={detail.data.updatedAt} person={detail.data} onHide={onHide} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

function EditForm({
  person,
  onHide,
  onSaved,
}: {
  person: Employee;
  onHide: () => void;
  onSaved: Props['onSaved'];
}) {
  const { t } = useTranslation(['people', 'profile', 'errors']);
  const [values, setValues] = useState<Record<string, string>>({
    lastName: person.lastName,
    firstName: person.firstName,
    email: person.email,
    phoneNumber: person.phoneNumber ?? '',
    organization: person.organization ?? '',
    note: person.note ?? '',
    language: person.language,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (field: string, value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  async function save() {
    const local: Record<string, string> = {};
    for (const field of REQUIRED) {
      if (!values[field]) local[field] = t('errors:validation.required');
      else if (!values[field]!.trim()) local[field] = t('errors:validation.blank');
    }
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length) return;
    setSaving(true);
    try {
      // Every field is sent: an emptied optional field is cleared (null).
      const body = Object.fromEntries(
        Object.entries(values).map(([key, value]) => [
          key,
          REQUIRED.has(key) || key === 'language' ? value : value || null,
        ]),
      );
      const saved = await api<Employee>(`/users/${person.id}`, { method: 'PUT', body });
      onSaved(t('profile:externals.saved', { name: fullName(saved) || saved.email }));
      onHide();
    } catch (error) {
      const { message, fields } = describeFailure(error, t);
      setErrors(fields);
      setFailure(message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="people-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {failure && Object.keys(errors).length === 0 && (
        <p className="people-error" role="alert">
          {failure}
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
            value={values[field] ?? ''}
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
          value={values.language}
          options={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
          onChange={(event) => change('language', event.value as string)}
        />
      </div>
      <div className="people-field">
        <label htmlFor="external-edit-note">{t('fields.note')}</label>
        <InputTextarea
          id="external-edit-note"
          value={values.note ?? ''}
          rows={3}
          invalid={Boolean(errors.note)}
          onChange={(event) => change('note', event.target.value)}
        />
        {errors.note && <small className="field-error">{errors.note}</small>}
      </div>
      <div className="people-form__footer">
        <Button type="button" label={t('actions.cancel')} text onClick={onHide} />
        <Button
          type="submit"
          label={t('actions.save')}
          icon="pi pi-check"
          loading={saving}
          data-testid="external-save"
        />
      </div>
    </form>
  );
}
