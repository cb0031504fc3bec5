import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeSummary } from '../../../shared/employees.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { usePermission } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { usePagedTable } from '../../tables/use-paged-table.ts';
import { employeesApi } from '../employees/employees.api.ts';
import { employeeKeys, useExternalUsers } from '../employees/employees.queries.ts';
import { PeopleStyles } from '../employees/PeopleStyles.tsx';
import { PersonCell } from '../employees/PersonCell.tsx';
import { PersonRowActions, type PendingPersonAction } from '../employees/PersonRowActions.tsx';
import { ExternalUserEditDialog } from './ExternalUserEditDialog.tsx';

const FIELDS = ['lastName', 'firstName', 'email', 'phoneNumber', 'organization', 'note'] as const;
const EMPTY = Object.fromEntries(FIELDS.map((field) => [field, ''])) as Record<
  (typeof FIELDS)[number],
  string
>;
const REQUIRED = new Set(['lastName', 'firstName', 'email']);

/** /external-users: people outside the company who have an account. */
export default function ExternalUsersPage() {
  const { t } = useTranslation(['people', 'errors']);
  const canManage = usePermission('external-users.manage');
  const table = usePagedTable({ filters: { search: 'text' }, pageSizes: [20, 50, 100] });
  const list = useExternalUsers(table.apiParams);
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<PendingPersonAction>(null);
  const run = useRunAction([employeeKeys.all]);
  const [editing, setEditing] = useState<EmployeeSummary | null>(null);

  const actions = (person: EmployeeSummary) => (
    <PersonRowActions
      person={person}
      run={run}
      confirm={setPending}
      onOpen={person.abilities.edit ? setEditing : undefined}
    />
  );

  const pendingName = pending ? fullName(pending.person) || pending.person.email : '';
  return (
    <div className="people-page" data-testid="external-users">
      <PeopleStyles />
      <div className="people-page__bar">
        <SearchBox
          value={table.filters.search ?? ''}
          onSearch={(search) => table.setFilters({ search })}
          placeholder={t('externals.search')}
          label={t('externals.search')}
        />
        {canManage && (
          <div className="people-page__actions">
            <Button label={t('externals.create')} icon="pi pi-plus" onClick={() => setCreating(true)} />
          </div>
        )}
      </div>
      <DataTable
        {...table.tableProps(list.data, list.isFetching)}
        className="people-table"
        emptyMessage={t('externals.empty')}
        responsiveLayout="stack"
        breakpoint="768px"
      >
        <Column header={t('fields.fullName')} body={(p: EmployeeSummary) => <PersonCell person={p} />} />
        <Column header={t('fields.organization')} body={(p: EmployeeSummary) => p.organization ?? '—'} />
        <Column header={t('fields.phoneNumber')} body={(p: EmployeeSummary) => p.phoneNumber ?? '—'} />
        <Column header={t('fields.createdAt')} body={(p: EmployeeSummary) => formatDate(p.createdAt)} />
        <Column
          header={t('fields.status')}
          body={(p: EmployeeSummary) => (
            <Tag
              value={t(`status.${p.status}`)}
              severity={p.status === 'ACTIVE' ? 'success' : p.status === 'PENDING' ? 'warning' : 'secondary'}
            />
          )}
        />
        <Column header={t('list.actions')} body={actions} />
      </DataTable>

      {creating && <CreateExternalUser onClose={() => setCreating(false)} />}

      {editing && <ExternalUserEditDialog person={editing} onHide={() => setEditing(null)} />}

      <ConfirmAction
        visible={Boolean(pending)}
        title={t(pending?.kind === 'delete' ? 'confirm.deleteTitle' : 'confirm.deactivateTitle', {
          name: pendingName,
        })}
        message={t(pending?.kind === 'delete' ? 'confirm.deleteBody' : 'confirm.deactivateBody')}
        action={t(pending?.kind === 'delete' ? 'externals.deleteAction' : 'externals.deactivateAction')}
        severity={pending?.kind === 'delete' ? 'danger' : 'warning'}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const target = pending!;
          setPending(null);
          const name = fullName(target.person) || target.person.email;
          void run(
            () =>
              target.kind === 'delete'
                ? employeesApi.remove(target.person.id)
                : employeesApi.setStatus(target.person.id, 'DEACTIVATE'),
            t(target.kind === 'delete' ? 'messages.deleted' : 'messages.deactivated', { name }),
          );
        }}
      />
    </div>
  );
}

/** The dialog that creates an external user; an invitation mail goes out. */
function CreateExternalUser({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['people', 'errors']);
  const form = useFormValues(EMPTY);
  const guard = useUnsavedChanges(form.dirty);
  const create = useFormMutation({
    mutationFn: (values: typeof EMPTY) =>
      employeesApi.createExternal(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''))),
    invalidate: [employeeKeys.all],
    success: (created) => t('externals.created', { name: fullName(created), email: created.email }),
    onSuccess: () => {
      guard.release();
      onClose();
    },
  });

  function submit() {
    // Required fields are checked here; every other rule by the server, all at once.
    const problems: Record<string, string> = {};
    for (const field of REQUIRED) {
      const value = form.values[field as keyof typeof EMPTY];
      if (!value) problems[field] = t('errors:validation.required');
      else if (!value.trim()) problems[field] = t('errors:validation.blank');
    }
    create.setProblems(problems);
    if (Object.keys(problems).length === 0) void create.submit(form.values);
  }

  const errors = create.fieldErrors;
  return (
    <Dialog
      visible
      header={t('externals.dialogTitle')}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(34rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="people-form__footer">
          <Button type="button" label={t('actions.cancel')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('actions.save')}
            icon="pi pi-check"
            loading={create.submitting}
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
        {create.message && (
          <p className="people-error" role="alert">
            {create.message}
          </p>
        )}
        {FIELDS.map((field) => (
          <div key={field} className="people-field">
            <label htmlFor={`external-${field}`}>
              {t(`fields.${field}`)}
              {REQUIRED.has(field) && <span className="people-required">*</span>}
            </label>
            <InputText
              id={`external-${field}`}
              name={field}
              value={form.values[field]}
              type={field === 'email' ? 'email' : 'text'}
              invalid={Boolean(errors[field])}
              onChange={(event) => {
                form.set(field, event.target.value);
                create.clear(field);
              }}
            />
            {errors[field] && <small className="field-error">{errors[field]}</small>}
          </div>
        ))}
      </form>
    </Dialog>
  );
}
