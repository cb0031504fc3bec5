import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { usePersonRoles } from './profile.queries.ts';

/** The roles a person holds: employee role, access roles (company-wide) and roles within projects. */
export function PersonRolesCard({ personId }: { personId: string }) {
  const { t } = useTranslation(['profile', 'people', 'errors']);
  const roles = usePersonRoles(personId);
  const data = roles.data;
  return (
    <section className="people-card" data-testid="profile-roles" aria-label={t('sections.roles')}>
      <div className="profile-card__head">
        <h3>{t('sections.roles')}</h3>
      </div>
      {roles.isError && <Message severity="error" text={errorMessage(roles.error, t)} />}
      {data && (
        <dl className="profile-list">
          <dt>{t('people:fields.employeeRole')}</dt>
          <dd>{data.employeeRole?.name ?? '—'}</dd>
          <dt>{t('roles.access')}</dt>
          <dd>
            {data.accessRoles.length === 0 ? (
              t('roles.none')
            ) : (
              <span className="profile-tags">
                {data.accessRoles.map((role) => (
                  <Tag
                    key={role.id}
                    value={role.status === 'ACTIVE' ? role.name : `${role.name} (${t('roles.inactive')})`}
                    severity={role.status === 'ACTIVE' ? undefined : 'secondary'}
                  />
                ))}
              </span>
            )}
          </dd>
          <dt>{t('roles.projects')}</dt>
          <dd>
            {data.projectRoles.length === 0 ? (
              t('roles.noProjects')
            ) : (
              <ul style={{ margin: 0, paddingLeft: '1.1rem' }}>
                {data.projectRoles.map((role) => (
                  <li key={`${role.id}-${role.projectId}`}>
                    {t('roles.projectRole', { role: role.name, project: role.projectId.slice(0, 8) })}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      )}
    </section>
  );
}
