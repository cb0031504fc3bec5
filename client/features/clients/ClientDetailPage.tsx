import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { Toast } from 'primereact/toast';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { Link, useNavigate, useParams } from 'react-router';
import type { ProjectSummary } from '../../../shared/projects.schemas.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { PageLoading } from '../../layout/PageLoading.tsx';
import { showDate } from '../projects/project-dates.ts';
import { StageTag, StatusTag } from '../projects/ProjectsPanel.tsx';
import { ProjectStyles } from '../projects/ProjectStyles.tsx';
import { ClientDialog } from './ClientDialog.tsx';
import { clientsApi, useClient, useClientChange } from './clients.queries.ts';

/** /client-management/:id: a client, its actions and its projects. */
export default function ClientDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['projects', 'errors']);
  const navigate = useNavigate();
  const toast = useRef<Toast>(null);
  const client = useClient(id);
  const [editing, setEditing] = useState(false);
  const [pending, setPending] = useState<'delete' | 'deactivate' | null>(null);
  const change = useClientChange((action: () => Promise<unknown>) => action());

  if (client.isLoading) return <PageLoading />;
  if (!client.data) {
    return (
      <div className="pm-page">
        <ProjectStyles />
        <Message
          severity="warn"
          text={client.error ? errorMessage(client.error, t) : t('clients.notFound')}
        />
        <Link to="/client-management">{t('clients.back')}</Link>
      </div>
    );
  }
  const data = client.data;
  const notify = (summary: string) => toast.current?.show({ severity: 'success', summary, life: 4000 });
  const run = (action: () => Promise<unknown>, done: string, after?: () => void) =>
    change.mutate(action, {
      onSuccess: () => {
        notify(done);
        after?.();
      },
      onError: (error) =>
        toast.current?.show({ severity: 'error', summary: errorMessage(error, t), life: 6000 }),
    });

  return (
    <div className="pm-page" data-testid="client-detail">
      <ProjectStyles />
      <Toast ref={toast} position="bottom-right" />
      <Link to="/client-management">← {t('clients.back')}</Link>
      <div className="pm-bar">
        <h2 data-testid="client-name">{data.name}</h2>
        <div className="pm-actions">
          {data.abilities.edit && (
            <Button label={t('actions.edit')} icon="pi pi-pencil" outlined onClick={() => setEditing(true)} />
          )}
          {data.abilities.changeStatus &&
            (data.status === 'ACTIVE' ? (
              <Button
                label={t('actions.deactivate')}
                icon="pi pi-ban"
                severity="warning"
                outlined
                onClick={() => setPending('deactivate')}
              />
            ) : (
              <Button
                label={t('actions.activate')}
                icon="pi pi-check-circle"
                severity="success"
                outlined
                onClick={() =>
                  run(() => clientsApi.setStatus(id, 'ACTIVE'), t('clients.activated', { name: data.name }))
                }
              />
            ))}
          {data.abilities.delete && (
            <Button
              label={t('actions.delete')}
              icon="pi pi-trash"
              severity="danger"
              outlined
              onClick={() => setPending('delete')}
            />
          )}
        </div>
      </div>
      <section className="pm-card">
        <dl className="pm-facts">
          <div>
            <dt>{t('fields.type')}</dt>
            <dd>{t(`clientType.${data.type}`)}</dd>
          </div>
          <div>
            <dt>{t('fields.email')}</dt>
            <dd>{data.email ? <a href={`mailto:${data.email}`}>{data.email}</a> : '—'}</dd>
          </div>
          <div>
            <dt>{t('fields.status')}</dt>
            <dd>
              <Tag
                value={t(`status.${data.status}`)}
                severity={data.status === 'ACTIVE' ? 'success' : 'secondary'}
                data-testid="client-status"
              />
            </dd>
          </div>
          <div>
            <dt>{t('fields.projectCount')}</dt>
            <dd>{data.projectCount}</dd>
          </div>
          {data.description && (
            <div style={{ gridColumn: '1 / -1' }}>
              <dt>{t('fields.description')}</dt>
              <dd style={{ whiteSpace: 'pre-wrap' }}>{data.description}</dd>
            </div>
          )}
        </dl>
      </section>
      <section className="pm-card">
        <div className="pm-card__head">
          <h3>{t('clients.projects')}</h3>
          {data.abilities.createProject && (
            <Button
              label={t('clients.newProject')}
              icon="pi pi-plus"
              onClick={() => navigate(`/client-management/${id}/project`)}
              data-testid="create-project"
            />
          )}
        </div>
        {data.status === 'INACTIVE' && <p className="pm-hint">{t('clients.inactiveHint')}</p>}
        <DataTable
          className="pm-table"
          value={data.projects}
          dataKey="id"
          emptyMessage={t('clients.noProjects')}
          responsiveLayout="stack"
          breakpoint="768px"
        >
          <Column
            header={t('fields.project')}
            body={(project: ProjectSummary) => (
              <Link to={`/client-management/${id}/project/${project.id}`}>{project.name}</Link>
            )}
          />
          <Column
            header={t('fields.stage')}
            body={(project: ProjectSummary) => <StageTag stage={project.stage} />}
          />
          <Column
            header={t('fields.startDate')}
            body={(project: ProjectSummary) => showDate(project.startDate)}
          />
          <Column
            header={t('fields.endDate')}
            body={(project: ProjectSummary) => showDate(project.endDate)}
          />
          <Column field="totalMembers" header={t('fields.totalMembers')} />
          <Column
            header={t('fields.status')}
            body={(project: ProjectSummary) => <StatusTag status={project.status} />}
          />
        </DataTable>
      </section>

      {editing && (
        <ClientDialog
          client={data}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            notify(t('clients.saved', { name: saved.name }));
            setEditing(false);
          }}
        />
      )}
      <ConfirmAction
        visible={Boolean(pending)}
        onCancel={() => setPending(null)}
        title={t(pending === 'delete' ? 'clients.deleteTitle' : 'clients.deactivateTitle', {
          name: data.name,
        })}
        message={t(pending === 'delete' ? 'clients.deleteBody' : 'clients.deactivateBody')}
        action={t(pending === 'delete' ? 'clients.deleteAction' : 'clients.deactivateAction')}
        severity={pending === 'delete' ? 'danger' : 'warning'}
        // Only a client without live projects can go: say so instead of offering a refusal.
        disabledReason={
          pending === 'delete' && data.projectCount > 0
            ? t('clients.deleteBlocked', { count: data.projectCount })
            : null
        }
        busy={change.isPending}
        onConfirm={() => {
          const after = () => setPending(null);
          if (pending === 'delete')
            run(
              () => clientsApi.remove(id),
              t('clients.deleted', { name: data.name }),
              () => {
                after();
                void navigate('/client-management', { replace: true });
              },
            );
          else
            run(
              () => clientsApi.setStatus(id, 'DEACTIVATE'),
              t('clients.deactivated', { name: data.name }),
              after,
            );
        }}
      />
    </div>
  );
}
