import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../layout/PageLoading.tsx';
import { useClient } from '../clients/clients.queries.ts';
import { ProjectFields, localProblems, type ProjectFormValues } from './ProjectFields.tsx';
import { failureOf, projectsApi, useProjectChange } from './projects.queries.ts';
import { ProjectStyles } from './ProjectStyles.tsx';

/** /client-management/:clientId/project: a new project under a client. */
export default function ProjectCreatePage() {
  const { clientId = '' } = useParams();
  const { t } = useTranslation(['projects', 'errors']);
  const navigate = useNavigate();
  const client = useClient(clientId);
  const [values, setValues] = useState<ProjectFormValues>({
    name: '',
    description: '',
    startDate: null,
    endDate: null,
    stage: 'NEGOTIATION',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const create = useProjectChange('new', (input: ProjectFormValues) =>
    projectsApi.create(clientId, { ...input, description: input.description.trim() || null }),
  );

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
    const problems = localProblems(values, t);
    setErrors(problems);
    setMessage('');
    if (Object.keys(problems).length) return;
    create.mutate(values, {
      onSuccess: (project) =>
        navigate(`/client-management/${clientId}/project/${project.id}`, {
          state: { notice: t('projects.created', { name: project.name }) },
        }),
      onError: (error) => {
        const failure = failureOf(error, t);
        setErrors(failure.fields);
        if (!Object.keys(failure.fields).length) setMessage(failure.message);
      },
    });
  }

  return (
    <div className="pm-page" data-testid="project-create">
      <ProjectStyles />
      <Link to={`/client-management/${clientId}`}>← {client.data.name}</Link>
      <div className="pm-bar">
        <h2>{t('projects.createTitle', { client: client.data.name })}</h2>
      </div>
      <form
        className="pm-card pm-page"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {message && (
          <p className="pm-error" role="alert">
            {message}
          </p>
        )}
        {errors.clientId && <Message severity="warn" text={errors.clientId} />}
        <ProjectFields values={values} onChange={setValues} errors={errors} withStage />
        <div className="pm-footer">
          <Button
            type="button"
            label={t('actions.cancel')}
            text
            onClick={() => navigate(`/client-management/${clientId}`)}
          />
          <Button
            type="submit"
            label={t('actions.save')}
            icon="pi pi-check"
            loading={create.isPending}
            data-testid="project-save"
          />
        </div>
      </form>
    </div>
  );
}
