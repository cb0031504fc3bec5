import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { type CloudRole } from '../../../shared/connections.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { CloudFormDialog, SERVICE_LABEL, useRoleOptions } from './cloud-account-form.tsx';
import { projectLinkKeys, projectLinksApi, useSelectableCloudAccounts } from './projectLinks.queries.ts';

/** The company's cloud accounts this project does not use yet, picked with one role. */
export function CloudAccountSelectDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation('projectLinks');
  const roles = useRoleOptions();
  const selectable = useSelectableCloudAccounts(projectId);
  const form = useFormValues({ cloudAccountIds: [] as string[], role: 'DEVELOPER' as CloudRole });
  const save = useFormMutation({
    mutationFn: (v: typeof form.values) =>
      projectLinksApi.selectCloudAccounts(projectId, v.cloudAccountIds, v.role),
    invalidate: [projectLinkKeys.project(projectId)],
    success: t('cloud.added'),
    onSuccess: onClose,
  });
  const errors = Object.entries(save.fieldErrors).filter(([key]) => key.startsWith('cloudAccountIds'));
  return (
    <CloudFormDialog header={t('cloud.select')} form={form} save={save} onClose={onClose}>
      {selectable.data?.items.length === 0 && (
        <p className="cx-hint pm-field--wide">{t('cloud.nothingToSelect')}</p>
      )}
      <div className="pm-field pm-field--wide">
        <label htmlFor="cloud-select">{t('cloud.accounts')}</label>
        <MultiSelect
          inputId="cloud-select"
          value={form.values.cloudAccountIds}
          options={(selectable.data?.items ?? []).map((a) => ({
            value: a.id,
            label: `${a.name} · ${SERVICE_LABEL[a.service]} ${a.accountId}`,
          }))}
          filter
          display="chip"
          onChange={(e) => {
            form.set('cloudAccountIds', e.value as string[]);
            save.clear();
          }}
        />
        {errors.map(([key, message]) => (
          <small key={key} className="pm-error">
            {message}
          </small>
        ))}
      </div>
      <div className="pm-field">
        <label htmlFor="cloud-select-role">{t('columns.role')}</label>
        <Dropdown
          inputId="cloud-select-role"
          value={form.values.role}
          options={roles}
          onChange={(e) => form.set('role', e.value as CloudRole)}
        />
      </div>
    </CloudFormDialog>
  );
}
