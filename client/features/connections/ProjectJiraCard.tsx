import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JiraAccount, LinkedJiraProject } from '../../../shared/connections.schemas.ts';
import { usePermission } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { StatusTag } from '../projects/ProjectsPanel.tsx';
import { AccountNoteDialog } from './AccountNoteDialog.tsx';
import { AccountTable } from './AccountTable.tsx';
import { LinkPickerDialog } from './LinkPickerDialog.tsx';
import {
  connectionKeys,
  connectionsApi,
  useProjectJiraAccounts,
  useProjectJiraProjects,
  useUnlinkedJiraProjects,
} from './connections.queries.ts';
import { ConnectionStyles, SyncStateTag } from './SyncBadge.tsx';

/**
 * A project's Jira projects (name, connection, total issues, lead) with link, activate /
 * deactivate and unlink where the projects policy allows, and the Jira accounts of the linked
 * connections with their note and assignees (accounts.view / accounts.manage).
 */
export function ProjectJiraCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation('connections');
  const links = useProjectJiraProjects(projectId);
  const canSeeAccounts = usePermission('accounts.view');
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<LinkedJiraProject | null>(null);
  const run = useRunAction([connectionKeys.project(projectId)]);
  if (!links.data) return null;
  return (
    <section className="pm-card" data-testid="project-jira">
      <ConnectionStyles />
      <div className="pm-card__head">
        <h3>{t('ui.projectJira.title')}</h3>
        {links.data.abilities.link && (
          <Button
            label={t('ui.projectJira.link')}
            icon="pi pi-link"
            outlined
            size="small"
            onClick={() => setLinking(true)}
            data-testid="jira-link-open"
          />
        )}
      </div>
      <DataTable
        className="pm-table"
        value={links.data.items}
        emptyMessage={t('ui.projectJira.empty')}
        cellMemo={false}
        dataKey="id"
        data-testid="jira-links"
      >
        <Column header={t('ui.columns.key')} body={(p: LinkedJiraProject) => p.key} />
        <Column
          header={t('ui.columns.name')}
          body={(p: LinkedJiraProject) => (
            <span>
              {p.name}
              {p.removedAt && (
                <Tag
                  severity="secondary"
                  value={t('ui.removedUpstream', { date: p.removedAt.slice(0, 10).replaceAll('-', '/') })}
                />
              )}
            </span>
          )}
        />
        <Column
          header={t('ui.columns.account')}
          body={(p: LinkedJiraProject) => (
            <span className="cx-option">
              {p.connection.name} <SyncStateTag state={p.connection.syncState} />
            </span>
          )}
        />
        <Column header={t('ui.columns.totalIssues')} body={(p: LinkedJiraProject) => p.totalIssues} />
        <Column header={t('ui.columns.lead')} body={(p: LinkedJiraProject) => p.lead ?? '—'} />
        <Column
          header={t('ui.columns.status')}
          body={(p: LinkedJiraProject) => <StatusTag status={p.status} />}
        />
        <Column
          body={(p: LinkedJiraProject) => (
            <div className="pm-row-actions">
              {p.abilities.changeStatus && (
                <Button
                  icon={p.status === 'ACTIVE' ? 'pi pi-ban' : 'pi pi-check-circle'}
                  text
                  rounded
                  severity={p.status === 'ACTIVE' ? 'warning' : 'success'}
                  aria-label={t(p.status === 'ACTIVE' ? 'ui.deactivate' : 'ui.activate')}
                  tooltip={t(p.status === 'ACTIVE' ? 'ui.deactivate' : 'ui.activate')}
                  onClick={() =>
                    void run(
                      () =>
                        connectionsApi.setLinkStatus(
                          projectId,
                          p.id,
                          p.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
                        ),
                      t(p.status === 'ACTIVE' ? 'ui.deactivated' : 'ui.activated', { name: p.name }),
                    )
                  }
                />
              )}
              {p.abilities.delete && (
                <Button
                  icon="pi pi-times"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('ui.projectJira.unlink')}
                  tooltip={t('ui.projectJira.unlink')}
                  onClick={() => setUnlinking(p)}
                />
              )}
            </div>
          )}
        />
      </DataTable>
      <p className="cx-hint">{t('ui.projectJira.hint')}</p>
      {canSeeAccounts && links.data.items.length > 0 && <ProjectAccounts projectId={projectId} />}
      {linking && <LinkDialog projectId={projectId} onClose={() => setLinking(false)} />}
      <ConfirmAction
        visible={unlinking !== null}
        title={t('ui.projectJira.unlinkTitle', { name: unlinking?.name ?? '' })}
        message={t('ui.projectJira.unlinkBody')}
        action={t('ui.projectJira.unlink')}
        onCancel={() => setUnlinking(null)}
        onConfirm={() => {
          const target = unlinking!;
          setUnlinking(null);
          void run(
            () => connectionsApi.unlink(projectId, target.id),
            t('ui.projectJira.unlinked', { name: target.name }),
          );
        }}
      />
    </section>
  );
}

/** The synced Jira projects not linked yet, by connection: tick and link. */
function LinkDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation('connections');
  const [search, setSearch] = useState('');
  const unlinked = useUnlinkedJiraProjects(projectId, search);
  return (
    <LinkPickerDialog
      kind="jira"
      labels={{
        header: t('ui.projectJira.link'),
        cancel: t('ui.cancel'),
        search: t('ui.search'),
        submit: (count) => t('ui.projectJira.linkChosen', { count }),
        nothingToLink: t('ui.projectJira.nothingToLink'),
        more: (count) => t('ui.projectJira.more', { count }),
      }}
      search={search}
      onSearch={setSearch}
      groups={unlinked.data?.items.map((group) => ({ ...group, items: group.jiraProjects }))}
      nothingToLink={unlinked.data?.items.length === 0}
      optionKey={(p) => p.key}
      renderItem={(p) => (
        <>
          <strong>{p.key}</strong> {p.name}{' '}
          <small className="cx-hint">· {t('ui.issuesCount', { count: p.totalIssues })}</small>
        </>
      )}
      link={(ids) => connectionsApi.link(projectId, ids)}
      invalidate={[connectionKeys.project(projectId)]}
      success={t('ui.projectJira.linked')}
      onClose={onClose}
    />
  );
}

function ProjectAccounts({ projectId }: { projectId: string }) {
  const { t } = useTranslation('connections');
  const [params, setParams] = useState({ page: 1, perPage: 10, search: '' });
  const accounts = useProjectJiraAccounts(projectId, { ...params, search: params.search || undefined });
  const [editing, setEditing] = useState<JiraAccount | null>(null);
  return (
    <div className="pm-page" data-testid="jira-accounts">
      <div className="pm-card__head">
        <h3>{t('ui.jiraAccounts')}</h3>
        <SearchBox
          value={params.search}
          placeholder={t('ui.search')}
          label={t('ui.search')}
          onSearch={(search) => setParams({ ...params, search, page: 1 })}
        />
      </div>
      <AccountTable
        data={accounts.data}
        page={params}
        onPage={(page) => setParams({ ...params, ...page })}
        empty={t('ui.noAccounts')}
        actions={(a) =>
          a.abilities.edit && (
            <Button
              icon="pi pi-pencil"
              text
              rounded
              aria-label={t('ui.edit')}
              tooltip={t('ui.edit')}
              onClick={() => setEditing(a)}
              data-testid="jira-account-edit"
            />
          )
        }
      />
      {editing && (
        <AccountNoteDialog
          account={editing}
          idPrefix="jira"
          setNote={(note) => connectionsApi.setAccountNote(editing.id, note)}
          setAssignees={(ids) => connectionsApi.setAccountAssignees(editing.id, ids)}
          invalidate={[connectionKeys.project(projectId)]}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
