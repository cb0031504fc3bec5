import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { Toast } from 'primereact/toast';
import { useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Department } from '../../../shared/departments.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { usePermission } from '../../api/session.ts';
import { describeFailure } from '../employees/employees.api.ts';
import { DepartmentDialog } from './DepartmentDialog.tsx';
import { departmentsApi, departmentsKeys } from './departments.api.ts';

/** Departments with their members, status and actions (administrative management). */
export function DepartmentsPanel() {
  const { t } = useTranslation(['people', 'errors']);
  const queryClient = useQueryClient();
  const toast = useRef<Toast>(null);
  const canManage = usePermission('departments.manage');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [page, setPage] = useState({ first: 0, rows: 20 });
  const params = { search: deferredSearch, page: page.first / page.rows + 1, perPage: page.rows };
  const list = useQuery({
    queryKey: departmentsKeys.list(params),
    queryFn: () => departmentsApi.list(params),
  });
  const [editing, setEditing] = useState<Department | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: departmentsKeys.all });
  const notify = (summary: string) => toast.current?.show({ severity: 'success', summary, life: 3000 });
  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      notify(done);
      await refresh();
    } catch (error) {
      toast.current?.show({ severity: 'error', summary: describeFailure(error, t).message, life: 6000 });
    }
  }

  const members = (department: Department) => (
    <div className="people-members">
      {department.members.map((m) => (
        <Tag key={m.id} value={fullName(m) || m.email} severity="secondary" />
      ))}
      {department.memberCount > department.members.length && (
        <Tag
          value={t('departments.moreMembers', { count: department.memberCount - department.members.length })}
        />
      )}
    </div>
  );

  const actions = (department: Department) => (
    <div className="people-row-actions">
      {department.abilities.edit && (
        <Button
          icon="pi pi-pencil"
          text
          rounded
          aria-label={`${t('actions.edit')} ${department.name}`}
          tooltip={t('actions.edit')}
          onClick={() => setEditing(department)}
        />
      )}
      {department.abilities.changeStatus && (
        <Button
          icon={department.status === 'ACTIVE' ? 'pi pi-ban' : 'pi pi-check-circle'}
          text
          rounded
          severity={department.status === 'ACTIVE' ? 'warning' : 'success'}
          aria-label={`${t(department.status === 'ACTIVE' ? 'actions.deactivate' : 'actions.activate')} ${department.name}`}
          tooltip={t(department.status === 'ACTIVE' ? 'actions.deactivate' : 'actions.activate')}
          onClick={() =>
            void run(
              () =>
                departmentsApi.setStatus(
                  department.id,
                  department.status === 'ACTIVE' ? 'DEACTIVATE' : 'ACTIVE',
                ),
              t(department.status === 'ACTIVE' ? 'departments.deactivated' : 'departments.activated', {
                name: department.name,
              }),
            )
          }
        />
      )}
      {department.abilities.delete && (
        <Button
          icon="pi pi-trash"
          text
          rounded
          severity="danger"
          aria-label={`${t('actions.delete')} ${department.name}`}
          tooltip={t('actions.delete')}
          onClick={() => setDeleting(department)}
        />
      )}
    </div>
  );

  return (
    <section className="people-page" data-testid="departments-panel">
      <Toast ref={toast} position="bottom-right" />
      <div className="people-page__bar">
        <span className="p-input-icon-left">
          <InputText
            value={search}
            placeholder={t('departments.search')}
            aria-label={t('departments.search')}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage((p) => ({ ...p, first: 0 }));
            }}
          />
        </span>
        {canManage && (
          <div className="people-page__actions">
            <Button label={t('departments.create')} icon="pi pi-plus" onClick={() => setEditing('new')} />
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
        emptyMessage={t('departments.empty')}
        responsiveLayout="stack"
        breakpoint="640px"
      >
        <Column
          header={t('fields.name')}
          body={(d: Department) => (
            <div className="people-person__text">
              <strong>{d.name}</strong>
              {d.description && <small>{d.description}</small>}
            </div>
          )}
        />
        <Column
          header={t('fields.members')}
          body={(d: Department) => (
            <div>
              <div>{t('departments.memberCount', { count: d.memberCount })}</div>
              {members(d)}
            </div>
          )}
        />
        <Column
          header={t('fields.status')}
          body={(d: Department) => (
            <Tag value={t(`status.${d.status}`)} severity={d.status === 'ACTIVE' ? 'success' : 'secondary'} />
          )}
        />
        <Column header={t('list.actions')} body={actions} />
      </DataTable>
      {editing && (
        <DepartmentDialog
          department={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            notify(t(editing === 'new' ? 'departments.created' : 'departments.saved', { name: saved.name }));
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        visible={Boolean(deleting)}
        onHide={() => setDeleting(null)}
        header={t('departments.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('departments.deleteBody')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('confirm.yes')}
        rejectLabel={t('confirm.no')}
        acceptClassName="p-button-danger"
        accept={() => {
          const target = deleting!;
          void run(() => departmentsApi.remove(target.id), t('departments.deleted', { name: target.name }));
        }}
      />
    </section>
  );
}
