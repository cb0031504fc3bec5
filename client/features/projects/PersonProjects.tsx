import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { Link } from 'react-router';
import { useSession } from '../../api/session.ts';
import { showDate } from './project-dates.ts';
import { StageTag, StatusTag } from './ProjectsPanel.tsx';
import { usePersonProjects } from './projects.queries.ts';
import { ProjectStyles } from './ProjectStyles.tsx';

/**
 * A person's projects on their employee page (GET /users/{id}/projects): every membership for the
 * person, the memberships of projects the viewer may see for anyone else. Nothing for a viewer who
 * sees no project at all.
 */
export function PersonProjects({ userId }: { userId: string }) {
  const { t } = useTranslation(['projects', 'errors']);
  const session = useSession();
  const self = session?.user.id === userId;
  const seesProjects =
    self ||
    Boolean(
      session &&
      (session.permissions.includes('projects.view') || Object.keys(session.projectPermissions).length > 0),
    );
  const projects = usePersonProjects(userId, seesProjects);
  if (!seesProjects) return null;
  return (
    <section className="pm-card" data-testid="person-projects">
      <ProjectStyles />
      <h3>{t('person.title')}</h3>
      {projects.isError && <p className="pm-error">{errorMessage(projects.error, t)}</p>}
      {projects.data && projects.data.items.length === 0 && <p className="pm-hint">{t('person.empty')}</p>}
      {projects.data && projects.data.items.length > 0 && (
        <ul className="pm-memberships">
          {projects.data.items.map((membership) => (
            <li key={membership.memberId}>
              <Link to={`/client-management/project/${membership.project.id}`}>
                {membership.project.name}
              </Link>{' '}
              · {membership.project.client.name} · {membership.role.name}{' '}
              <StageTag stage={membership.project.stage} /> <StatusTag status={membership.status} />
              <small>
                {t('fields.joinedAt')}: {showDate(membership.joinedAt)} · {t('fields.exitedAt')}:{' '}
                {showDate(membership.exitedAt)}
              </small>
            </li>
          ))}
        </ul>
      )}
      {!self && !session?.permissions.includes('projects.view') && projects.data && (
        <small className="pm-hint">{t('person.hidden')}</small>
      )}
    </section>
  );
}
