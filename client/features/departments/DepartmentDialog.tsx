import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Department } from '../../../shared/departments.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { usePeopleLookup } from '../employees/employees.queries.ts';
import { departmentsApi, type DepartmentInput } from './departments.api.ts';
import { departmentKeys, useDepartment } from './departments.queries.ts';

/** Create or edit a department: name, description and members (searched among everyone). */
export function DepartmentDialog({
  department,
  onClose,
}: {
  department: Department | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['people', 'errors']);
  const full = useDepartment(department?.id ?? null);
  const form = useFormValues({
    name: department?.name ?? '',
    description: department?.description ?? '',
    memberIds: [] as string[],
  });
  const { reset } = form;
  const [search, setSearch] = useState('');
  const people = usePeopleLookup(search);
  const currentMembers = full.data?.members;
  // The members arrive with the department's details: they become the form's saved state (once:
  // a later reload must not undo what the person changed meanwhile).
  const loaded = useRef(false);
  useEffect(() => {
    if (currentMembers && !loaded.current) {
      loaded.current = true;
      reset({
        name: department?.name ?? '',
        description: department?.description ?? '',
        memberIds: currentMembers.map((m) => m.id),
      });
    }
  }, [currentMembers, department, reset]);
  const guard = useUnsavedChanges(form.dirty);
  const save = useFormMutation({
    mutationFn: (input: DepartmentInput) =>
      department ? departmentsApi.update(department.id, input) : departmentsApi.create(input),
    invalidate: [departmentKeys.all],
    success: (saved) => t(department ? 'departments.saved' : 'departments.created', { name: saved.name }),
    onSuccess: () => {
      guard.release();
      onClose();
    },
  });

  // Options: the search results and whoever is selected, so chosen people stay visible.
  const known = new Map(
    [...(currentMembers ?? []), ...(people.data?.items ?? [])].map((p) => [
      p.id,
      { value: p.id, label: `${fullName(p)} · ${p.email}` },
    ]),
  );
  const errors = save.fieldErrors;
  const { values, set } = form;

  return (
    <Dialog
      visible
      header={department ? t('departments.edit') : t('departments.create')}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(36rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="people-form__footer">
          <Button type="button" label={t('actions.cancel')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('actions.save')}
            icon="pi pi-check"
            loading={save.submitting}
            // An edit waits for the current members, or saving would drop them.
            disabled={Boolean(department) && !currentMembers}
            data-testid="department-save"
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
          void save.submit({
            name: values.name,
            description: values.description.trim() || null,
            memberIds: values.memberIds,
          });
        }}
      >
        {save.message && (
          <p className="people-error" role="alert">
            {save.message}
          </p>
        )}
        <div className="people-field">
          <label htmlFor="department-name">
            {t('fields.name')}
            <span className="people-required">*</span>
          </label>
          <InputText
            id="department-name"
            name="name"
            value={values.name}
            maxLength={300}
            invalid={Boolean(errors.name)}
            onChange={(event) => {
              set('name', event.target.value);
              save.clear('name');
            }}
          />
          {errors.name && <small className="field-error">{errors.name}</small>}
        </div>
        <div className="people-field">
          <label htmlFor="department-description">{t('fields.description')}</label>
          <InputTextarea
            id="department-description"
            name="description"
            value={values.description}
            rows={3}
            autoResize
            invalid={Boolean(errors.description)}
            onChange={(event) => set('description', event.target.value)}
          />
          {errors.description && <small className="field-error">{errors.description}</small>}
        </div>
        <div className="people-field">
          <label htmlFor="department-members">{t('fields.members')}</label>
          <MultiSelect
            inputId="department-members"
            value={values.memberIds}
            options={[...known.values()]}
            filter
            onFilter={(event) => setSearch(event.filter)}
            placeholder={t('departments.membersPlaceholder')}
            display="chip"
            onChange={(event) => set('memberIds', event.value as string[])}
          />
          {errors.memberIds && <small className="field-error">{errors.memberIds}</small>}
        </div>
      </form>
    </Dialog>
  );
}
