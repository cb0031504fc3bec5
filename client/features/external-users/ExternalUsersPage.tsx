import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { Toast } from 'primereact/toast';
import { useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeSummary } from '../../../shared/employees.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { usePermission } from '../../api/session.ts';
import { describeFailure, employeesApi, employeesKeys } from '../employees/employees.api.ts';
import { PeopleStyles } from '../employees/PeopleStyles.tsx';
import { PersonCell } from '../employees/PersonCell.tsx';
import { PersonRowActions, type PendingPersonAction } from '../employees/PersonRowActions.tsx';
import { ExternalUserEditDialog } from './ExternalUserEditDialog.tsx';

const FIELDS = ['lastName', 'firstName', 'email', 'phoneNumber', 'organization', 'note'] as const;
const REQUIRED = new Set(['lastName', 'firstName', 'email']);

/** /external-users: people outside the company who have an account. */
export default function ExternalUsersPage() {
  const { t } = useTranslation(['people', 'errors']);
  const queryClient = useQueryClient();
  const toast = useRef<Toast>(null);
  const canManage = usePermission('external-users.manage');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const [page, setPage] = useState({ first: 0, rows: 20 });
  const params = { search: deferred, page: page.first / page.rows + 1, perPage: page.rows };
  const list = useQuery({
    queryKey: employeesKeys.externals(params),
    queryFn: () => employeesApi.externals(params),
  });
  const [creating, setCreating] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingPersonAction>(null);
  const [editing, setEditing] = useState<EmployeeSummary | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: employeesKeys.all });
  const notify = (summary: string) => toast.current?.show({ severity: 'success', summary, life: 4000 });
  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      notify(done);
      await refresh();
    } catch (error) {
      toast.current?.show({ severity: 'error', summary: describeFailure(error, t).message, life: 6000 });
    }
  }

  async function create() {
    const local: Record<string, string> = {};
    for (const field of REQUIRED) {
      if (!values[field]) local[field] = t('errors:validation.required');
      else if (!values[field]!.trim()) local[field] = t('errors:validation.blank');
    }
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length) return;
    try {
      const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
      const created = await employeesApi.createExternal(body);
      notify(t('externals.created', { name: fullName(created), email: created.email }));
      setCreating(false);
      setValues({});
      await refresh();
    } catch (error) {
      const { message, fields } = describeFailure(error, t);
      setErrors(fields);
      setFailure(message);
    }
  }

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
      <Toast ref={toast} position="bottom-right" />
      <div className="people-page__bar">
        <InputText
          type="search"
          value={search}
          placeholder={t('externals.search')}
          aria-label={t('externals.search')}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage((p) => ({ ...p, first: 0 }));
          }}
        />
        {canManage && (
          <div className="people-page__actions">
            <Button label={t('externals.create')} icon="pi pi-plus" onClick={() => setCreating(true)} />
          </div>
        )}
      </div>
      <DataTable
        className="people-table"
        value={list.data?.items ?? []}
        dataKey="id"
        lazy
        paginator
        first={page.first}
        rows={page.rows}
        rowsPerPageOptions={[20, 50, 100]}
        totalRecords={list.data?.total ?? 0}
        onPage={(event) => setPage({ first: event.first, rows: event.rows })}
        loading={list.isFetching}
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

      <Dialog
        visible={creating}
        header={t('externals.dialogTitle')}
        onHide={() => setCreating(false)}
        style={{ width: 'min(34rem, 96vw)' }}
        footer={
          <div className="people-form__footer">
            <Button label={t('actions.cancel')} text onClick={() => setCreating(false)} />
            <Button label={t('actions.save')} icon="pi pi-check" onClick={() => void create()} />
          </div>
        }
      >
        <form
          className="people-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          {failure && !Object.keys(errors).length && (
            <p className="people-error" role="alert">
              {failure}
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
                value={values[field] ?? ''}
                type={field === 'email' ? 'email' : 'text'}
                invalid={Boolean(errors[field])}
                onChange={(event) => {
                  setValues((old) => ({ ...old, [field]: event.target.value }));
                  setErrors(({ [field]: _gone, ...rest }) => rest);
                }}
              />
              {errors[field] && <small className="field-error">{errors[field]}</small>}
            </div>
          ))}
        </form>
      </Dialog>

      {editing && (
        <ExternalUserEditDialog
          person={editing}
          onHide={() => setEditing(null)}
          onSaved={(message) => {
            notify(message);
            void refresh();
          }}
        />
      )}

      <ConfirmDialog
        visible={Boolean(pending)}
        onHide={() => setPending(null)}
        header={t(pending?.kind === 'delete' ? 'confirm.deleteTitle' : 'confirm.deactivateTitle', {
          name: pendingName,
        })}
        message={t(pending?.kind === 'delete' ? 'confirm.deleteBody' : 'confirm.deactivateBody')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('confirm.yes')}
        rejectLabel={t('confirm.no')}
        accept={() => {
          const target = pending!;
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
