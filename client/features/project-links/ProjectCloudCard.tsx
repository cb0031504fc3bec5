import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectCloudAccount } from '../../../shared/cloud-accounts.schemas.ts';
import { usePermission } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { StatusTag } from '../projects/ProjectsPanel.tsx';
import { projectLinkKeys, projectLinksApi, useProjectCloudAccounts } from './projectLinks.queries.ts';
import { CloudAccountAddDialog } from './CloudAccountAddDialog.tsx';
import { CloudAccountEditDialog } from './CloudAccountEditDialog.tsx';
import { CloudAccountSelectDialog } from './CloudAccountSelectDialog.tsx';
import { SERVICE_LABEL } from './cloud-account-form.tsx';
import { ServiceRoleChip, ServiceRolesDialog } from './ServiceRoles.tsx';

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
      {dialog === 'add' && <CloudAccountAddDialog projectId={projectId} onClose={close} />}
      {dialog === 'select' && <CloudAccountSelectDialog projectId={projectId} onClose={close} />}
      {dialog === 'roles' && <ServiceRolesDialog onClose={close} />}
      {typeof dialog === 'object' && dialog !== null && (
        <CloudAccountEditDialog projectId={projectId} account={dialog} onClose={close} />
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
