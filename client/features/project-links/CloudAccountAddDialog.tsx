import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { CLOUD_SERVICES, type CloudRole, type CloudService } from '../../../shared/connections.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { CloudFormDialog, SERVICE_LABEL, useRoleOptions } from './cloud-account-form.tsx';
import { projectLinkKeys, projectLinksApi } from './projectLinks.queries.ts';

/** A new cloud account: the server checks the ID's shape for the service (AWS 12 digits, Azure a GUID). */
export function CloudAccountAddDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation('projectLinks');
  const roles = useRoleOptions();
  const form = useFormValues({
    service: 'AWS' as CloudService,
    accountId: '',
    name: '',
    role: 'DEVELOPER' as CloudRole,
    note: '',
  });
  const save = useFormMutation({
    mutationFn: (v: typeof form.values) =>
      projectLinksApi.addCloudAccount(projectId, {
        service: v.service,
        accountId: v.accountId.trim(),
        name: v.name.trim(),
        role: v.role,
        note: v.note.trim() || null,
      }),
    invalidate: [projectLinkKeys.cloud(projectId)],
    success: t('cloud.added'),
    onSuccess: onClose,
  });
  const field = <K extends keyof typeof form.values>(key: K, value: (typeof form.values)[K]) => {
    form.set(key, value);
    save.clear(key);
  };
  return (
    <CloudFormDialog header={t('cloud.add')} form={form} save={save} onClose={onClose}>
      <div className="pm-field">
        <label htmlFor="cloud-service">{t('columns.service')}</label>
        <Dropdown
          inputId="cloud-service"
          value={form.values.service}
          options={CLOUD_SERVICES.map((s) => ({ value: s, label: SERVICE_LABEL[s] }))}
          onChange={(e) => {
            field('service', e.value as CloudService);
            save.clear('accountId');
          }}
        />
      </div>
      <div className="pm-field">
        <label htmlFor="cloud-account-id">{t('columns.accountId')}</label>
        <InputText
          id="cloud-account-id"
          name="accountId"
          value={form.values.accountId}
          invalid={Boolean(save.fieldErrors.accountId)}
          placeholder={
            form.values.service === 'AWS' ? '123456789012' : '0f8fad5b-d9cb-469f-a165-70867728950e'
          }
          onChange={(e) => field('accountId', e.target.value)}
        />
        {save.fieldErrors.accountId && (
          <small className="pm-error" data-testid="cloud-account-id-error">
            {save.fieldErrors.accountId}
          </small>
        )}
      </div>
      <div className="pm-field">
        <label htmlFor="cloud-name">{t('columns.name')}</label>
        <InputText
          id="cloud-name"
          name="name"
          value={form.values.name}
          invalid={Boolean(save.fieldErrors.name)}
          onChange={(e) => field('name', e.target.value)}
        />
        {save.fieldErrors.name && <small className="pm-error">{save.fieldErrors.name}</small>}
      </div>
      <div className="pm-field">
        <label htmlFor="cloud-role">{t('columns.role')}</label>
        <Dropdown
          inputId="cloud-role"
          value={form.values.role}
          options={roles}
          onChange={(e) => field('role', e.value as CloudRole)}
        />
      </div>
      <div className="pm-field pm-field--wide">
        <label htmlFor="cloud-note">{t('columns.note')}</label>
        <InputTextarea
          id="cloud-note"
          name="note"
          rows={2}
          autoResize
          maxLength={5000}
          value={form.values.note}
          onChange={(e) => field('note', e.target.value)}
        />
        {save.fieldErrors.note && <small className="pm-error">{save.fieldErrors.note}</small>}
      </div>
    </CloudFormDialog>
  );
}
