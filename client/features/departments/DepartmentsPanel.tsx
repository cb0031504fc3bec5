import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Department } from '../../../shared/departments.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { usePermission } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { usePagedTable } from '../../tables/use-paged-table.ts';
import { DepartmentDialog } from './DepartmentDialog.tsx';
import { departmentsApi } from './departments.api.ts';
import { departmentKeys, useDepartmentList } from './departments.queries.ts';

/** Departments with their members, status and actions (administrative management). */
export function DepartmentsPanel() {
  const { t } = useTranslation(['people', 'errors']);
  const canManage = usePermission('departments.manage');
  const table = usePagedTable({
    prefix: 'departments',
    filters: { search: 'text' },
    pageSizes: [20, 50, 100],
  });
  const list = useDepartmentList(table.apiParams);
  const [editing, setEditing] = useState<Department | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);
  const run = useRunAction([departmentKeys.all]);

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
      <div className="people-page__bar">
        <SearchBox
          value={table.filters.search ?? ''}
          onSearch={(search) => table.setFilters({ search })}
          placeholder={t('departments.search')}
          label={t('departments.search')}
        />
        {canManage && (
          <div className="people-page__actions">
            <Button label={t('departments.create')} icon="pi pi-plus" onClick={() => setEditing('new')} />
          </div>
        )}
      </div>
      <DataTable
        {...table.tableProps(list.data, list.isFetching)}
        className="people-table"
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
        <DepartmentDialog department={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmAction
        visible={Boolean(deleting)}
        title={t('departments.deleteTitle', { name: deleting?.name ?? '' })}
        message={deleting && deleting.memberCount === 0 ? t('departments.deleteBody') : undefined}
        action={t('departments.deleteAction')}
        // Only an empty department can be deleted: the button says so instead of failing after a click.
        disabledReason={
          deleting && deleting.memberCount > 0
            ? t('departments.deleteBlocked', { name: deleting.name, count: deleting.memberCount })
            : null
        }
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting!;
          setDeleting(null);
          void run(() => departmentsApi.remove(target.id), t('departments.deleted', { name: target.name }));
        }}
      />
    </section>
  );
}
