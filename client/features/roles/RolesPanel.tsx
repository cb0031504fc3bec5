import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleType } from '../../../shared/permissions.ts';
import type { Role } from '../../../shared/roles.schemas.ts';
import { errorMessage } from '../../api/errors.ts';
import { usePermission } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { useToast } from '../../layout/toast.tsx';
import { RoleDialog } from './RoleDialog.tsx';
import { rolesApi, type RoleInput } from './roles.api.ts';
import { roleKeys, useRoles } from './roles.queries.ts';
import { RolesStyles } from './RolesStyles.tsx';

type Pending = { kind: 'delete' | 'deactivate'; role: Role } | null;

/**
 * The roles of one type (spec section 6): list, create, edit, delete, activate and deactivate, with the
 * permission count or 'All permissions'. What each row offers follows the role's `abilities`.
 */
export function RolesPanel({ type }: { type: 'EMPLOYEE_ROLE' | 'PROJECT' | 'ACCESS' }) {
  const { t } = useTranslation(['roles', 'errors']);
  const queryClient = useQueryClient();
  const toast = useToast();
  const canManage = usePermission('roles.manage');
  const roles = useRoles(type as RoleType);
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [search, setSearch] = useState('');
  const run = useRunAction([roleKeys.all]);

  async function save(input: RoleInput) {
    if (editing === 'new') await rolesApi.create(type, input);
    else if (editing) await rolesApi.update(editing.id, input);
    await queryClient.invalidateQueries({ queryKey: roleKeys.all });
    toast.success(editing === 'new' ? t('toast.created') : t('toast.updated'));
  }

  const term = search.trim().toLowerCase();
  const items = (roles.data?.items ?? []).filter(
    (role) =>
      !term || role.name.toLowerCase().includes(term) || role.description?.toLowerCase().includes(term),
  );

  const permissionsCell = (role: Role) =>
    role.allPermissions && role.permissionCount > 0 ? (
      <Tag value={t('list.allPermissions')} severity="info" />
    ) : (
      <span>{t('list.permissionCount', { count: role.permissionCount })}</span>
    );

  const statusCell = (role: Role) => (
    <Tag
      value={role.status === 'ACTIVE' ? t('list.active') : t('list.inactive')}
      severity={role.status === 'ACTIVE' ? 'success' : 'secondary'}
    />
  );

  const nameCell = (role: Role) => (
    <div className="roles-panel__name">
      <strong>{role.name}</strong>
      {role.builtIn && <Tag value={t('list.builtIn')} severity="contrast" className="roles-panel__builtin" />}
      {role.description && <small>{role.description}</small>}
    </div>
  );

  const actionsCell = (role: Role) => (
    <div className="roles-panel__actions">
      {role.abilities.edit && (
        <Button
          icon="pi pi-pencil"
          text
          rounded
          aria-label={`${t('list.edit')} ${role.name}`}
          tooltip={t('list.edit')}
          onClick={() => setEditing(role)}
        />
      )}
      {role.abilities.changeStatus &&
        (role.status === 'ACTIVE' ? (
          <Button
            icon="pi pi-ban"
            text
            rounded
            severity="warning"
            aria-label={`${t('list.deactivate')} ${role.name}`}
            tooltip={t('list.deactivate')}
            onClick={() => setPending({ kind: 'deactivate', role })}
          />
        ) : (
          <Button
            icon="pi pi-check-circle"
            text
            rounded
            severity="success"
            aria-label={`${t('list.activate')} ${role.name}`}
            tooltip={t('list.activate')}
            onClick={() => void run(() => rolesApi.setStatus(role.id, 'ACTIVE'), t('toast.activated'))}
          />
        ))}
      {role.abilities.delete && (
        <Button
          icon="pi pi-trash"
          text
          rounded
          severity="danger"
          aria-label={`${t('list.delete')} ${role.name}`}
          tooltip={t('list.delete')}
          onClick={() => setPending({ kind: 'delete', role })}
        />
      )}
    </div>
  );

  return (
    <section className="roles-panel" data-testid={`roles-panel-${type}`}>
      <RolesStyles />
      <div className="roles-panel__bar">
        <InputText
          type="search"
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {canManage && <Button icon="pi pi-plus" label={t('list.create')} onClick={() => setEditing('new')} />}
      </div>
      {roles.error ? (
        <Message severity="error" text={`${t('list.loadFailed')}: ${errorMessage(roles.error, t)}`} />
      ) : (
        <DataTable
          value={items}
          loading={roles.isLoading}
          dataKey="id"
          emptyMessage={t('list.empty')}
          stripedRows
          size="small"
          // Cells follow a language switch at once.
          cellMemo={false}
          className="roles-table"
          responsiveLayout="stack"
          breakpoint="640px"
          data-testid="roles-table"
        >
          <Column header={t('list.name')} body={nameCell} />
          <Column header={t('list.permissions')} body={permissionsCell} />
          <Column header={t('list.members')} field="memberCount" />
          <Column header={t('list.status')} body={statusCell} />
          <Column header={t('list.actions')} body={actionsCell} />
        </DataTable>
      )}
      {editing && (
        <RoleDialog
          type={type}
          role={editing === 'new' ? undefined : editing}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmAction
        visible={pending !== null}
        title={pending?.kind === 'delete' ? t('confirm.deleteTitle') : t('confirm.deactivateTitle')}
        message={
          pending
            ? t(pending.kind === 'delete' ? 'confirm.deleteBody' : 'confirm.deactivateBody', {
                name: pending.role.name,
              })
            : ''
        }
        action={pending?.kind === 'delete' ? t('confirm.deleteAction') : t('confirm.deactivateAction')}
        severity={pending?.kind === 'delete' ? 'danger' : 'warning'}
        // A role people hold cannot be deleted: the button says why instead of failing after a click.
        disabledReason={
          pending?.kind === 'delete' && pending.role.memberCount > 0
            ? t('errors:codes.ROLE_IN_USE', { count: pending.role.memberCount })
            : null
        }
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          const { kind, role } = pending;
          setPending(null);
          void run(
            () => (kind === 'delete' ? rolesApi.remove(role.id) : rolesApi.setStatus(role.id, 'DEACTIVATE')),
            kind === 'delete' ? t('toast.deleted') : t('toast.deactivated'),
          );
        }}
      />
    </section>
  );
}
