import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICE_ROLE_COLORS, type ServiceRoleColor } from '../../../shared/connections.schemas.ts';
import type { ServiceRole } from '../../../shared/service-roles.schemas.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { projectLinkKeys, projectLinksApi, useServiceRoles } from './projectLinks.queries.ts';

/** The chip colours: readable white text on each. */
const COLOR_HEX: Record<ServiceRoleColor, string> = {
  RED: '#c62828',
  BLUE: '#1565c0',
  GREEN: '#2e7d32',
  ORANGE: '#e65100',
  GRAY: '#546e7a',
  PURPLE: '#6a1b9a',
};

export function ServiceRoleChip({ role }: { role: { name: string; color: ServiceRoleColor } }) {
  return <Tag value={role.name} style={{ background: COLOR_HEX[role.color], color: '#fff' }} />;
}

function useColorOptions() {
  const { t } = useTranslation('projectLinks');
  return SERVICE_ROLE_COLORS.map((color) => ({ value: color, label: t(`serviceRoles.colors.${color}`) }));
}

/** The company's service roles: add, rename, recolour, delete (accounts.manage; the server decides). */
export function ServiceRolesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('projectLinks');
  const roles = useServiceRoles();
  const [editing, setEditing] = useState<ServiceRole | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ServiceRole | null>(null);
  const run = useRunAction([projectLinkKeys.all]);
  return (
    <Dialog
      visible
      header={t('serviceRoles.title')}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(34rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="pm-footer">
          <Button type="button" label={t('close')} text onClick={onClose} />
          {roles.data?.abilities.manage && (
            <Button
              type="button"
              label={t('serviceRoles.add')}
              icon="pi pi-plus"
              onClick={() => setEditing('new')}
              data-testid="service-role-add"
            />
          )}
        </div>
      }
    >
      {roles.data?.items.length === 0 && <p className="cx-hint">{t('serviceRoles.empty')}</p>}
      <ul className="cx-groups" data-testid="service-roles">
        {roles.data?.items.map((role) => (
          <li key={role.id} className="cx-option">
            <ServiceRoleChip role={role} />
            <small className="cx-hint">{t('serviceRoles.usage', { count: role.usage })}</small>
            {roles.data.abilities.manage && (
              <span className="pm-row-actions">
                <Button
                  icon="pi pi-pencil"
                  text
                  rounded
                  aria-label={t('edit')}
                  tooltip={t('edit')}
                  onClick={() => setEditing(role)}
                />
                <Button
                  icon="pi pi-trash"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('serviceRoles.delete')}
                  tooltip={t('serviceRoles.delete')}
                  onClick={() => setDeleting(role)}
                />
              </span>
            )}
          </li>
        ))}
      </ul>
      {editing && <RoleForm role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmAction
        visible={deleting !== null}
        title={t('serviceRoles.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('serviceRoles.deleteBody', { count: deleting?.usage ?? 0 })}
        action={t('serviceRoles.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting!;
          setDeleting(null);
          void run(
            () => projectLinksApi.deleteServiceRole(target.id),
            t('serviceRoles.deleted', { name: target.name }),
          );
        }}
      />
    </Dialog>
  );
}

function RoleForm({ role, onClose }: { role: ServiceRole | null; onClose: () => void }) {
  const { t } = useTranslation('projectLinks');
  const colors = useColorOptions();
  const form = useFormValues({ name: role?.name ?? '', color: role?.color ?? ('BLUE' as ServiceRoleColor) });
  const save = useFormMutation({
    mutationFn: (v: typeof form.values) =>
      role
        ? projectLinksApi.updateServiceRole(role.id, { name: v.name.trim(), color: v.color })
        : projectLinksApi.createServiceRole({ name: v.name.trim(), color: v.color }),
    invalidate: [projectLinkKeys.all],
    success: t('saved'),
    onSuccess: onClose,
  });
  return (
    <Dialog
      visible
      header={role ? role.name : t('serviceRoles.add')}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(28rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="pm-footer">
          <Button type="button" label={t('cancel')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('save')}
            icon="pi pi-check"
            loading={save.submitting}
          />
        </div>
      }
    >
      <form
        id={form.formId}
        className="pm-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save.submit(form.values);
        }}
      >
        {save.message && <p className="pm-error pm-field--wide">{save.message}</p>}
        <div className="pm-field">
          <label htmlFor="service-role-name">{t('columns.name')}</label>
          <InputText
            id="service-role-name"
            value={form.values.name}
            invalid={Boolean(save.fieldErrors.name)}
            onChange={(e) => {
              form.set('name', e.target.value);
              save.clear('name');
            }}
          />
          {save.fieldErrors.name && <small className="pm-error">{save.fieldErrors.name}</small>}
        </div>
        <div className="pm-field">
          <label htmlFor="service-role-color">{t('serviceRoles.color')}</label>
          <Dropdown
            inputId="service-role-color"
            value={form.values.color}
            options={colors}
            itemTemplate={(o: { value: ServiceRoleColor; label: string }) => (
              <ServiceRoleChip role={{ name: o.label, color: o.value }} />
            )}
            onChange={(e) => form.set('color', e.value as ServiceRoleColor)}
          />
          {save.fieldErrors.color && <small className="pm-error">{save.fieldErrors.color}</small>}
        </div>
      </form>
    </Dialog>
  );
}
