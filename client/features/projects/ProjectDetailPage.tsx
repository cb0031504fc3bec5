import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Toast } from 'primereact/toast';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PROJECT_STAGES, type ProjectDetail, type ProjectStage } from '../../../shared/projects.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { PageLoading } from '../../layout/PageLoading.tsx';
import { clientKeys } from '../clients/clients.queries.ts';
import { ProjectJiraCard } from '../connections/ProjectJiraCard.tsx';
import { ProjectLinksCards } from '../project-links/ProjectLinksCards.tsx';
import { MembersCard } from './MembersCard.tsx';
import {
  PROJECT_FORM_PARSE,
  ProjectFields,
  localProblems,
  type ProjectFormValues,
} from './ProjectFields.tsx';
import { StageTag, StatusTag } from './ProjectsPanel.tsx';
import { projectKeys, projectsApi, useProject, useProjectChange } from './projects.queries.ts';
import { ProjectStyles } from './ProjectStyles.tsx';

/**
 * project/:id and :clientId/project/:id: a project's stage (moved along its six stages), details,
 * members and stage history, with the actions the caller may take.
 */
export default function ProjectDetailPage() {
  const { id = '', clientId } = useParams();
  const { t } = useTranslation(['projects', 'errors']);
  const project = useProject(id);

  if (project.isLoading) return <PageLoading />;
  if (!project.data) {
    return (
      <div className="pm-page">
        <ProjectStyles />
        <Message
          severity="warn"
          text={project.error ? errorMessage(project.error, t) : t('projects.notFound')}
        />
        <Link to={clientId ? `/client-management/${clientId}` : '/client-management?tab=projects'}>
          {t('projects.back')}
        </Link>
      </div>
    );
  }
  return <ProjectView key={project.data.id} project={project.data} clientId={clientId} />;
}

function valuesOf(project: ProjectDetail): ProjectFormValues {
  return {
    name: project.name,
    description: project.description ?? '',
    startDate: project.startDate,
    endDate: project.endDate,
    stage: project.stage,
  };
}

function ProjectView({ project, clientId }: { project: ProjectDetail; clientId?: string }) {
  const { t } = useTranslation(['projects', 'errors']);
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useRef<Toast>(null);
  const form = useFormValues<ProjectFormValues>(() => valuesOf(project), { parse: PROJECT_FORM_PARSE });
  const guard = useUnsavedChanges(form.dirty);
  const [nextStage, setNextStage] = useState<ProjectStage | null>(null);
  const [pending, setPending] = useState<'delete' | 'deactivate' | null>(null);
  const [exporting, setExporting] = useState(false);
  const change = useProjectChange(project.id, (action: () => Promise<unknown>) => action());
  const notify = (summary: string) => toast.current?.show({ severity: 'success', summary, life: 4000 });
  const fail = (error: unknown) =>
    toast.current?.show({ severity: 'error', summary: errorMessage(error, t), life: 6000 });
  const run = (action: () => Promise<unknown>, done: string, after?: () => void) =>
    change.mutate(action, {
      onSuccess: () => {
        notify(done);
        after?.();
      },
      onError: fail,
    });

  // A notice handed over by the page that sent us here (the project was just created).
  const notice = (location.state as { notice?: string } | null)?.notice;
  useEffect(() => {
    if (!notice) return;
    notify(notice);
    navigate(location.pathname, { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [notice]);

  const backTo = clientId ? `/client-management/${clientId}` : '/client-management?tab=projects';
  const current = PROJECT_STAGES.indexOf(project.stage);

  const saveDetails = useFormMutation({
    mutationFn: (values: ProjectFormValues) =>
      projectsApi.update(project.id, {
        name: values.name,
        description: values.description.trim() || null,
        startDate: values.startDate,
        endDate: values.endDate,
      }),
    invalidate: [projectKeys.all, clientKeys.all],
    onSuccess: (saved) => {
      form.reset(valuesOf(saved));
      notify(t('projects.saved', { name: saved.name }));
    },
  });

  function submitDetails() {
    const problems = localProblems(form.values, t);
    saveDetails.setProblems(problems);
    if (Object.keys(problems).length) return;
    void saveDetails.submit(form.values);
  }

  async function exportFile() {
    setExporting(true);
    try {
      await projectsApi.exportFile(project.id, project.name);
    } catch (error) {
      toast.current?.show({
        severity: 'error',
        summary: t('messages.exportFailed'),
        detail: errorMessage(error, t),
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="pm-page" data-testid="project-detail">
      <ProjectStyles />
      <Toast ref={toast} position="bottom-right" />
      {guard.prompt}
      <Link to={backTo}>← {clientId ? project.client.name : t('projects.back')}</Link>
      <div className="pm-bar">
        <div>
          <h2 data-testid="project-name">{project.name}</h2>
          <Link to={`/client-management/${project.client.id}`}>{project.client.name}</Link>{' '}
          <span data-testid="project-status">
            <StatusTag status={project.status} />
          </span>
        </div>
        <div className="pm-actions">
          {project.abilities.export && (
            <Button
              label={t('actions.export')}
              icon="pi pi-download"
              outlined
              loading={exporting}
              onClick={() => void exportFile()}
            />
          )}
          {project.abilities.changeStatus &&
            (project.status === 'ACTIVE' ? (
              <Button
                label={t('actions.deactivate')}
                icon="pi pi-ban"
                severity="warning"
                outlined
                onClick={() => setPending('deactivate')}
                data-testid="project-deactivate"
              />
            ) : (
              <Button
                label={t('actions.activate')}
                icon="pi pi-check-circle"
                severity="success"
                outlined
                onClick={() =>
                  run(
                    () => projectsApi.setStatus(project.id, 'ACTIVE'),
                    t('projects.activated', { name: project.name }),
                  )
                }
                data-testid="project-activate"
              />
            ))}
          {project.abilities.delete && (
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
      {project.status === 'INACTIVE' && <Message severity="info" text={t('projects.inactiveHint')} />}

      <section className="pm-card" aria-labelledby="project-stage-title">
        <h3 id="project-stage-title">{t('projects.stageTitle')}</h3>
        <ol className="pm-stepper" data-testid="project-stepper">
          {PROJECT_STAGES.map((stage, index) => (
            <li
              key={stage}
              className={index < current ? 'is-done' : index === current ? 'is-current' : ''}
              aria-current={index === current ? 'step' : undefined}
            >
              {t(`stage.${stage}`)}
            </li>
          ))}
        </ol>
        {project.abilities.changeStage && (
          <div className="pm-stage-move">
            <label htmlFor="project-next-stage">{t('projects.moveStage')}</label>
            <Dropdown
              inputId="project-next-stage"
              value={nextStage}
              options={PROJECT_STAGES.filter((stage) => stage !== project.stage).map((value) => ({
                value,
                label: t(`stage.${value}`),
              }))}
              placeholder={t('projects.moveStage')}
              onChange={(event) => setNextStage(event.value as ProjectStage)}
            />
            <Button
              label={t('projects.moveStageButton')}
              icon="pi pi-arrow-right"
              disabled={!nextStage}
              loading={change.isPending && Boolean(nextStage)}
              onClick={() => {
                const stage = nextStage!;
                run(
                  () => projectsApi.update(project.id, { stage }),
                  t('projects.stageMoved', { name: project.name, stage: t(`stage.${stage}`) }),
                  () => setNextStage(null),
                );
              }}
              data-testid="move-stage"
            />
          </div>
        )}
      </section>

      <section className="pm-card">
        <h3>{t('projects.details')}</h3>
        <form
          id={form.formId}
          className="pm-page"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submitDetails();
          }}
        >
          {saveDetails.message && (
            <p className="pm-error" role="alert">
              {saveDetails.message}
            </p>
          )}
          <ProjectFields
            values={form.values}
            onChange={(next) => {
              for (const key of Object.keys(next) as Array<keyof ProjectFormValues>) {
                if (next[key] !== form.values[key]) {
                  form.set(key, next[key]);
                  saveDetails.clear(key);
                }
              }
            }}
            errors={saveDetails.fieldErrors}
            disabled={!project.abilities.edit}
          />
          {project.abilities.edit && (
            <div className="pm-footer">
              <Button
                type="submit"
                label={t('actions.save')}
                icon="pi pi-check"
                loading={saveDetails.submitting}
                data-testid="project-save"
              />
            </div>
          )}
        </form>
      </section>

      <MembersCard project={project} toast={toast} />

      <ProjectJiraCard projectId={project.id} />

      <ProjectLinksCards projectId={project.id} />

      <section className="pm-card" data-testid="stage-history">
        <h3>{t('projects.history')}</h3>
        {project.stageHistory.length === 0 ? (
          <p className="pm-hint">{t('projects.historyEmpty')}</p>
        ) : (
          <ol className="pm-timeline">
            {[...project.stageHistory].reverse().map((change) => (
              <li key={change.id}>
                <span>
                  {change.fromStage ? (
                    <>
                      <StageTag stage={change.fromStage} /> → <StageTag stage={change.toStage} />
                    </>
                  ) : (
                    t('projects.historyCreated', { to: t(`stage.${change.toStage}`) })
                  )}
                </span>
                <small>
                  {formatDate(change.changedAt)} · {t('projects.historyBy', { name: change.changedBy.label })}
                </small>
              </li>
            ))}
          </ol>
        )}
      </section>

      <ConfirmAction
        visible={Boolean(pending)}
        onCancel={() => setPending(null)}
        title={t(pending === 'delete' ? 'projects.deleteTitle' : 'projects.deactivateTitle', {
          name: project.name,
        })}
        message={
          pending === 'delete'
            ? t('projects.deleteBody')
            : t('projects.deactivateBody', { count: project.totalMembers })
        }
        action={t(pending === 'delete' ? 'projects.deleteAction' : 'projects.deactivateAction')}
        severity={pending === 'delete' ? 'danger' : 'warning'}
        busy={change.isPending}
        onConfirm={() => {
          const after = () => setPending(null);
          if (pending === 'delete')
            run(
              () => projectsApi.remove(project.id),
              t('projects.deleted', { name: project.name }),
              () => {
                after();
                guard.release();
                void navigate(backTo, { replace: true });
              },
            );
          else
            run(
              () => projectsApi.setStatus(project.id, 'DEACTIVATE'),
              t('projects.deactivated', { name: project.name }),
              after,
            );
        }}
      />
    </div>
  );
}
