import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkedGitRepository } from '../../../shared/connection-links.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { usePermission } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { Removed } from '../connections/AccountTable.tsx';
import { LinkPickerDialog } from '../connections/LinkPickerDialog.tsx';
import { ConnectionStyles, SyncStateTag } from '../connections/SyncBadge.tsx';
import { StatusTag } from '../projects/ProjectsPanel.tsx';
import { ProviderAccountsCard } from './ProviderAccountsCard.tsx';
import {
  projectLinkKeys,
  projectLinksApi,
  useGitRepositoriesOfConnections,
  useProjectGitRepositories,
} from './projectLinks.queries.ts';

const VCS_LABEL = { GITHUB: 'GitHub', GITLAB: 'GitLab', BITBUCKET: 'Bitbucket' } as const;

/**
 * A project's git repositories (name, URL, description, owner, created, access users, type) with
 * link / activate / deactivate / unlink where the projects policy allows (`abilities` from the
 * server), and the git accounts with access to them for `accounts.view`.
 */
export function ProjectGitCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation('projectLinks');
  const repos = useProjectGitRepositories(projectId);
  const canSeeAccounts = usePermission('accounts.view');
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<LinkedGitRepository | null>(null);
  const run = useRunAction([projectLinkKeys.project(projectId)]);
  if (!repos.data) return null;
  return (
    <section className="pm-card" data-testid="project-git">
      <ConnectionStyles />
      <div className="pm-card__head">
        <h3>{t('git.title')}</h3>
        {repos.data.abilities.link && (
          <Button
            label={t('git.link')}
            icon="pi pi-link"
            outlined
            size="small"
            onClick={() => setLinking(true)}
            data-testid="git-link-open"
          />
        )}
      </div>
      <DataTable
        className="pm-table"
        value={repos.data.items}
        emptyMessage={t('git.empty')}
        cellMemo={false}
        dataKey="id"
        data-testid="git-links"
      >
        <Column
          header={t('columns.name')}
          body={(r: LinkedGitRepository) => (
            <span>
              <a href={r.url} target="_blank" rel="noreferrer noopener">
                {r.name}
              </a>{' '}
              <Removed at={r.removedAt} />
              {r.description && (
                <>
                  <br />
                  <small className="cx-hint">{r.description}</small>
                </>
              )}
            </span>
          )}
        />
        <Column header={t('columns.type')} body={(r: LinkedGitRepository) => VCS_LABEL[r.vcsType]} />
        <Column header={t('columns.owner')} body={(r: LinkedGitRepository) => r.owner} />
        <Column
          header={t('columns.createdAt')}
          body={(r: LinkedGitRepository) => (r.createdAt ? formatDate(r.createdAt) : '—')}
        />
        <Column
          header={t('columns.accessUsers')}
          body={(r: LinkedGitRepository) =>
            r.accessUsers.length === 0 ? (
              '—'
            ) : (
              <span className="cx-chips">
                {r.accessUsers.map((u) => (
                  <Tag key={u.id} severity="secondary" value={u.username} title={u.displayName} />
                ))}
              </span>
            )
          }
        />
        <Column
          header={t('columns.connection')}
          body={(r: LinkedGitRepository) => (
            <span className="cx-option">
              {r.connection.name} <SyncStateTag state={r.connection.syncState} />
            </span>
          )}
        />
        <Column
          header={t('columns.status')}
          body={(r: LinkedGitRepository) => <StatusTag status={r.status} />}
        />
        <Column
          body={(r: LinkedGitRepository) => (
            <div className="pm-row-actions">
              {r.abilities.changeStatus && (
                <Button
                  icon={r.status === 'ACTIVE' ? 'pi pi-ban' : 'pi pi-check-circle'}
                  text
                  rounded
                  severity={r.status === 'ACTIVE' ? 'warning' : 'success'}
                  aria-label={t(r.status === 'ACTIVE' ? 'deactivate' : 'activate')}
                  tooltip={t(r.status === 'ACTIVE' ? 'deactivate' : 'activate')}
                  onClick={() =>
                    void run(
                      () =>
                        projectLinksApi.setGitRepositoryStatus(
                          projectId,
                          r.id,
                          r.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
                        ),
                      t(r.status === 'ACTIVE' ? 'deactivated' : 'activated', { name: r.name }),
                    )
                  }
                />
              )}
              {r.abilities.delete && (
                <Button
                  icon="pi pi-times"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('git.unlink')}
                  tooltip={t('git.unlink')}
                  onClick={() => setUnlinking(r)}
                  data-testid={`git-unlink-${r.name}`}
                />
              )}
            </div>
          )}
        />
      </DataTable>
      {canSeeAccounts && repos.data.items.length > 0 && (
        <ProviderAccountsCard projectId={projectId} kind="git" />
      )}
      {linking && <LinkDialog projectId={projectId} onClose={() => setLinking(false)} />}
      <ConfirmAction
        visible={unlinking !== null}
        title={t('git.unlinkTitle', { name: unlinking?.name ?? '' })}
        message={t('git.unlinkBody')}
        action={t('git.unlink')}
        onCancel={() => setUnlinking(null)}
        onConfirm={() => {
          const target = unlinking!;
          setUnlinking(null);
          void run(
            () => projectLinksApi.unlinkGitRepository(projectId, target.id),
            t('git.unlinked', { name: target.name }),
          );
        }}
      />
    </section>
  );
}

/** The synced repositories by connection: the ones not linked yet can be ticked; linked ones are shown disabled. */
function LinkDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation('projectLinks');
  const [search, setSearch] = useState('');
  const picker = useGitRepositoriesOfConnections(projectId, search);
  const linked = useProjectGitRepositories(projectId);
  const linkedIds = new Set(linked.data?.items.map((r) => r.id));
  return (
    <LinkPickerDialog
      kind="git"
      labels={{
        header: t('git.link'),
        cancel: t('cancel'),
        search: t('search'),
        submit: (count) => t('git.linkChosen', { count }),
        nothingToLink: t('git.nothingToLink'),
        more: (count) => t('git.more', { count }),
      }}
      search={search}
      onSearch={setSearch}
      groups={picker.data?.items.map((group) => ({ ...group, items: group.gitRepositories }))}
      nothingToLink={picker.data?.items.length === 0 && linked.data?.items.length === 0}
      optionKey={(r) => r.name}
      renderItem={(r) => (
        <>
          <strong>{r.fullName}</strong>{' '}
          {r.description && <small className="cx-hint">· {r.description}</small>}
        </>
      )}
      link={(ids) => projectLinksApi.linkGitRepositories(projectId, ids)}
      invalidate={[projectLinkKeys.project(projectId)]}
      success={t('git.linked')}
      onClose={onClose}
    >
      {/* Already linked: shown so the person sees why a repository is missing, but not pickable. */}
      {linked.data && linked.data.items.length > 0 && (
        <div>
          <h4>{t('git.alreadyLinked')}</h4>
          {linked.data.items
            .filter((r) => linkedIds.has(r.id))
            .map((r) => (
              <label key={r.id} className="cx-option">
                <Checkbox inputId={`git-linked-${r.id}`} checked disabled />
                <span>{r.fullName}</span>
              </label>
            ))}
        </div>
      )}
    </LinkPickerDialog>
  );
}
