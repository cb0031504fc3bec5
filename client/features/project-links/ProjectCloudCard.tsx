import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectCloudAccount } from '../../../shared/cloud-accounts.schemas.ts';
import {
  CLOUD_ROLES,
  CLOUD_SERVICES,
  type CloudRole,
  type CloudService,
  type ServiceRoleColor,
} from '../../../shared/connections.schemas.ts';
import { usePermission } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { StatusTag } from '../projects/ProjectsPanel.tsx';
import {
  projectLinkKeys,
  projectLinksApi,
  useProjectCloudAccounts,
  useSelectableCloudAccounts,
  useServiceRoles,
} from './projectLinks.queries.ts';
import { ServiceRoleChip, ServiceRolesDialog } from './ServiceRoles.tsx';

const SERVICE_LABEL: Record<CloudService, string> = { AWS: 'AWS', AZURE: 'Azure' };

/**
 * A project's cloud accounts (account ID, AWS or Azure, role, note): add a new one or pick the
 * company's existing ones, edit, activate / deactivate and remove where the projects policy allows.
 * A wrong ID for the service comes back from the server as a field error shown under the ID.
 */
export function ProjectCloudCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation('projectLinks');
  const accounts = useProjectCloudAccounts(projectId);
  const [dialog, setDialog] = useState<'add' | 'select' | 'roles' | ProjectCloudAccount | null>(null);
  const accountsViewer = usePermission('accounts.view');
  const accountsManager = usePermission('accounts.manage');
  // The same readers as GET /service-roles: account people, or a manager of this project.
  const canSeeRoles = accountsViewer || accountsManager || Boolean(accounts.data?.abilities.add);
  const [removing, setRemoving] = useState<ProjectCloudAccount | null>(null);
  const run = useRunAction([projectLinkKeys.cloud(projectId)]);
  if (!accounts.data) return null;
  const close = () => setDialog(null);
  return (
    <section className="pm-card" data-testid="project-cloud">
      <div className="pm-card__head">
        <h3>{t('cloud.title')}</h3>
        <span className="pm-row-actions">
          {canSeeRoles && (
            <Button
              label={t('serviceRoles.title')}
              icon="pi pi-tags"
              text
              size="small"
              onClick={() => setDialog('roles')}
              data-testid="service-roles-open"
            />
          )}
          {accounts.data.abilities.add && (
            <>
              <Button
                label={t('cloud.select')}
                icon="pi pi-list"
                outlined
                size="small"
                onClick={() => setDialog('select')}
                data-testid="cloud-select-open"
              />
              <Button
                label={t('cloud.add')}
                icon="pi pi-plus"
                size="small"
                onClick={() => setDialog('add')}
                data-testid="cloud-add-open"
              />
            </>
          )}
        </span>
      </div>
      <DataTable
        className="pm-table"
        value={accounts.data.items}
        emptyMessage={t('cloud.empty')}
        cellMemo={false}
        dataKey="linkId"
        data-testid="cloud-accounts"
      >
        <Column
          header={t('columns.accountId')}
          body={(a: ProjectCloudAccount) => <code>{a.accountId}</code>}
        />
        <Column header={t('columns.name')} body={(a: ProjectCloudAccount) => a.name} />
        <Column header={t('columns.service')} body={(a: ProjectCloudAccount) => SERVICE_LABEL[a.service]} />
        <Column header={t('columns.role')} body={(a: ProjectCloudAccount) => t(`cloud.roles.${a.role}`)} />
        <Column
          header={t('columns.serviceRole')}
          body={(a: ProjectCloudAccount) => (a.serviceRole ? <ServiceRoleChip role={a.serviceRole} /> : '—')}
        />
        <Column header={t('columns.note')} body={(a: ProjectCloudAccount) => a.note ?? '—'} />
        <Column
          header={t('columns.status')}
          body={(a: ProjectCloudAccount) => <StatusTag status={a.status} />}
        />
        <Column
          body={(a: ProjectCloudAccount) =>
            a.abilities.edit && (
              <div className="pm-row-actions">
                <Button
                  icon="pi pi-pencil"
                  text
                  rounded
                  aria-label={t('edit')}
                  tooltip={t('edit')}
                  onClick={() => setDialog(a)}
                />
                <Button
                  icon={a.status === 'ACTIVE' ? 'pi pi-ban' : 'pi pi-check-circle'}
                  text
                  rounded
                  severity={a.status === 'ACTIVE' ? 'warning' : 'success'}
                  aria-label={t(a.status === 'ACTIVE' ? 'deactivate' : 'activate')}
                  tooltip={t(a.status === 'ACTIVE' ? 'deactivate' : 'activate')}
                  onClick={() =>
                    void run(
                      () =>
                        projectLinksApi.setCloudAccountStatus(
                          projectId,
                          a.id,
                          a.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
                        ),
                      t(a.status === 'ACTIVE' ? 'deactivated' : 'activated', { name: a.name }),
                    )
                  }
                />
                <Button
                  icon="pi pi-trash"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('cloud.remove')}
                  tooltip={t('cloud.remove')}
                  onClick={() => setRemoving(a)}
                />
              </div>
            )
          }
        />
      </DataTable>
      {dialog === 'add' && <AddDialog projectId={projectId} onClose={close} />}
      {dialog === 'select' && <SelectDialog projectId={projectId} onClose={close} />}
      {dialog === 'roles' && <ServiceRolesDialog onClose={close} />}
      {typeof dialog === 'object' && dialog !== null && (
        <EditDialog projectId={projectId} account={dialog} onClose={close} />
      )}
      <ConfirmAction
        visible={removing !== null}
        title={t('cloud.removeTitle', { name: removing?.name ?? '' })}
        message={t('cloud.removeBody')}
        action={t('cloud.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const target = removing!;
          setRemoving(null);
          void run(
            () => projectLinksApi.removeCloudAccount(projectId, target.id),
            t('cloud.removed', { name: target.name }),
          );
        }}
      />
    </section>
  );
}

function useRoleOptions() {
  const { t } = useTranslation('projectLinks');
  return CLOUD_ROLES.map((role) => ({ value: role, label: t(`cloud.roles.${role}`) }));
}

function DialogFooter({
  formId,
  submitting,
  onClose,
}: {
  formId: string;
  submitting: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('projectLinks');
  return (
    <div className="pm-footer">
      <Button type="button" label={t('cancel')} text onClick={onClose} />
      <Button
        type="submit"
        form={formId}
        label={t('save')}
        icon="pi pi-check"
        loading={submitting}
        data-testid="cloud-save"
      />
    </div>
  );
}

/** A new cloud account: the server checks the ID's shape for the service (AWS 12 digits, Azure a GUID). */
function AddDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
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
    <Dialog
      visible
      header={t('cloud.add')}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(34rem, 96vw)' }}
      draggable={false}
      footer={<DialogFooter formId={form.formId} submitting={save.submitting} onClose={onClose} />}
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
      </form>
    </Dialog>
  );
}

/** The company's cloud accounts this project does not use yet, picked with one role. */
function SelectDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
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
    <Dialog
      visible
      header={t('cloud.select')}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(34rem, 96vw)' }}
      draggable={false}
      footer={<DialogFooter formId={form.formId} submitting={save.submitting} onClose={onClose} />}
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
      </form>
    </Dialog>
  );
}

/** The project's use of an account: name, role, note (the ID and service do not change). */
function EditDialog({
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
    <Dialog
      visible
      header={`${SERVICE_LABEL[account.service]} ${account.accountId}`}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(34rem, 96vw)' }}
      draggable={false}
      footer={<DialogFooter formId={form.formId} submitting={save.submitting} onClose={onClose} />}
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
      </form>
    </Dialog>
  );
}
