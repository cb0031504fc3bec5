import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import type { ProjectCloudAccount } from '../../../shared/cloud-accounts.schemas.ts';
import { type CloudRole, type ServiceRoleColor } from '../../../shared/connections.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { CloudFormDialog, SERVICE_LABEL, useRoleOptions } from './cloud-account-form.tsx';
import { projectLinkKeys, projectLinksApi, useServiceRoles } from './projectLinks.queries.ts';
import { ServiceRoleChip } from './ServiceRoles.tsx';

/** The project's use of an account: name, role, note (the ID and service do not change). */
export function CloudAccountEditDialog({
  projectId,
  account,
  onClose,
}: {
  projectId: string;
  account: ProjectCloudAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation('projectLinks');
  const roles = useRoleOptions();
  const serviceRoles = useServiceRoles();
  const form = useFormValues({
    name: account.name,
    role: account.role,
    serviceRoleId: account.serviceRole?.id ?? null,
    note: account.note ?? '',
  });
  const save = useFormMutation({
    mutationFn: (v: typeof form.values) =>
      projectLinksApi.updateCloudAccount(account.linkId, {
        name: v.name.trim(),
        role: v.role,
        ...(v.serviceRoleId !== (account.serviceRole?.id ?? null) && { serviceRoleId: v.serviceRoleId }),
        note: v.note.trim() || null,
      }),
    invalidate: [projectLinkKeys.cloud(projectId), projectLinkKeys.serviceRoles],
    success: t('saved'),
    onSuccess: onClose,
  });
  return (
    <CloudFormDialog
      header={`${SERVICE_LABEL[account.service]} ${account.accountId}`}
      form={form}
      save={save}
      onClose={onClose}
    >
      <div className="pm-field">
        <label htmlFor="cloud-edit-name">{t('columns.name')}</label>
        <InputText
          id="cloud-edit-name"
          value={form.values.name}
          invalid={Boolean(save.fieldErrors.name)}
          onChange={(e) => form.set('name', e.target.value)}
        />
        {save.fieldErrors.name && <small className="pm-error">{save.fieldErrors.name}</small>}
      </div>
      <div className="pm-field">
        <label htmlFor="cloud-edit-role">{t('columns.role')}</label>
        <Dropdown
          inputId="cloud-edit-role"
          value={form.values.role}
          options={roles}
          onChange={(e) => form.set('role', e.value as CloudRole)}
        />
      </div>
      <div className="pm-field">
        <label htmlFor="cloud-edit-service-role">{t('columns.serviceRole')}</label>
        <Dropdown
          inputId="cloud-edit-service-role"
          value={form.values.serviceRoleId}
          options={(serviceRoles.data?.items ?? []).map((r) => ({
            value: r.id,
            label: r.name,
            color: r.color,
          }))}
          itemTemplate={(o: { label: string; color: ServiceRoleColor }) => (
            <ServiceRoleChip role={{ name: o.label, color: o.color }} />
          )}
          showClear
          placeholder={t('serviceRoles.none')}
          onChange={(e) => {
            form.set('serviceRoleId', (e.value as string | undefined) ?? null);
            save.clear('serviceRoleId');
          }}
        />
        {save.fieldErrors.serviceRoleId && (
          <small className="pm-error">{save.fieldErrors.serviceRoleId}</small>
        )}
      </div>
      <div className="pm-field pm-field--wide">
        <label htmlFor="cloud-edit-note">{t('columns.note')}</label>
        <InputTextarea
          id="cloud-edit-note"
          rows={2}
          autoResize
          maxLength={5000}
          value={form.values.note}
          onChange={(e) => form.set('note', e.target.value)}
        />
        {save.fieldErrors.note && <small className="pm-error">{save.fieldErrors.note}</small>}
      </div>
    </CloudFormDialog>
  );
}
