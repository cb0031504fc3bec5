import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { PageLoading } from '../../layout/PageLoading.tsx';
import { clientKeys, useClient } from '../clients/clients.queries.ts';
import {
  PROJECT_FORM_PARSE,
  ProjectFields,
  localProblems,
  type ProjectFormValues,
} from './ProjectFields.tsx';
import { projectsApi } from './projects.api.ts';
import { projectKeys } from './projects.queries.ts';
import { ProjectStyles } from './ProjectStyles.tsx';

/** /client-management/:clientId/project: a new project under a client. */
export default function ProjectCreatePage() {
  const { clientId = '' } = useParams();
  const { t } = useTranslation(['projects', 'errors']);
  const navigate = useNavigate();
  const client = useClient(clientId);
  const form = useFormValues<ProjectFormValues>(
    { name: '', description: '', startDate: null, endDate: null, stage: 'NEGOTIATION' },
    { parse: PROJECT_FORM_PARSE },
  );
  const guard = useUnsavedChanges(form.dirty);
  const create = useFormMutation({
    mutationFn: (input: ProjectFormValues) =>
      projectsApi.create(clientId, {
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
        stage: input.stage,
        description: input.description.trim() || null,
      }),
    invalidate: [projectKeys.all, clientKeys.all],
    onSuccess: async (project) => {
      guard.release();
      await navigate(`/client-management/${clientId}/project/${project.id}`, {
        state: { notice: t('projects.created', { name: project.name }) },
      });
    },
  });

  if (client.isLoading) return <PageLoading />;
  if (!client.data) {
    return (
      <div className="pm-page">
        <ProjectStyles />
        <Message severity="warn" text={t('clients.notFound')} />
        <Link to="/client-management">{t('clients.back')}</Link>
      </div>
    );
  }

  function save() {
    const problems = localProblems(form.values, t);
    create.setProblems(problems);
    if (Object.keys(problems).length) return;
    void create.submit(form.values);
  }

  const errors = create.fieldErrors;
  return (
    <div className="pm-page" data-testid="project-create">
      <ProjectStyles />
      {guard.prompt}
      <Link to={`/client-management/${clientId}`}>← {client.data.name}</Link>
      <div className="pm-bar">
        <h2>{t('projects.createTitle', { client: client.data.name })}</h2>
      </div>
      <form
        id={form.formId}
        className="pm-card pm-page"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {create.message && (
          <p className="pm-error" role="alert">
            {create.message}
          </p>
        )}
        {errors.clientId && <Message severity="warn" text={errors.clientId} />}
        <ProjectFields
          values={form.values}
          onChange={(next) => {
            for (const key of Object.keys(next) as Array<keyof ProjectFormValues & string>) {
              if (next[key] !== form.values[key]) {
                form.set(key, next[key]);
                create.clear(key);
              }
            }
          }}
          errors={errors}
          withStage
        />
        <div className="pm-footer">
          <Button
            type="button"
            label={t('actions.cancel')}
            text
            onClick={() => void navigate(`/client-management/${clientId}`)}
          />
          <Button
            type="submit"
            label={t('actions.save')}
            icon="pi pi-check"
            loading={create.submitting}
            data-testid="project-save"
          />
        </div>
      </form>
    </div>
  );
}
