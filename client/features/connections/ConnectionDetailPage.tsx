import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  PROVIDER_CATALOGUE,
  type ConnectionDetail,
  type JiraProject,
  type SyncRun,
} from '../../../shared/connections.schemas.ts';
import { formatDateTime } from '../../../shared/rules/date-time.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { errorMessage } from '../../api/errors.ts';
import { PageLoading } from '../../layout/PageLoading.tsx';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { StatusTag } from '../projects/ProjectsPanel.tsx';
import { ProjectStyles } from '../projects/ProjectStyles.tsx';
import { usePermission } from '../../api/session.ts';
import { AccountTable, Removed } from './AccountTable.tsx';
import { ProviderAccountsSection } from './ProviderAccountsSection.tsx';
import { ConnectionDialog } from './ConnectionDialog.tsx';
import { ConnectionActions, RemoveConnection } from './ConnectionActions.tsx';
import {
  useConnection,
  useConnectionJiraAccounts,
  useConnectionJiraProjects,
  useSyncRuns,
} from './connections.queries.ts';
import { ConnectionStyles, LastSync, runError } from './SyncBadge.tsx';

/**
 * /setting-connections/:id: a connection's details and counts, its sync runs, and what it synced:
 * Jira projects and accounts, or the other providers' accounts (for holders of accounts.view).
 */
export default function ConnectionDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['connections', 'errors']);
  const connection = useConnection(id);
  if (connection.isLoading) return <PageLoading />;
  if (!connection.data)
    return (
      <div className="pm-page">
        <ProjectStyles />
        <Message
          severity="warn"
          text={connection.error ? errorMessage(connection.error, t) : t('ui.notFound')}
        />
        <Link to="/setting-connections">{t('ui.back')}</Link>
      </div>
    );
  return <ConnectionView connection={connection.data} />;
}

function ConnectionView({ connection }: { connection: ConnectionDetail }) {
  const { t } = useTranslation('connections');
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const canSeeAccounts = usePermission('accounts.view');
  return (
    <div className="pm-page" data-testid="connection-detail">
      <ProjectStyles />
      <ConnectionStyles />
      <Link to="/setting-connections">← {t('ui.back')}</Link>
      <div className="pm-bar">
        <div>
          <h2 data-testid="cx-name">{connection.name}</h2>
          <StatusTag status={connection.status} />
        </div>
        <ConnectionActions
          connection={connection}
          onEdit={() => setEditing(true)}
          onRemove={() => setRemoving(true)}
        />
      </div>
      {connection.syncState === 'STALE' && (
        <Message severity="warn" text={t('ui.staleHint')} data-testid="cx-stale" />
      )}
      <section className="pm-card">
        <h3>{t('ui.details')}</h3>
        <dl className="pm-facts">
          <div>
            <dt>{t('ui.columns.service')}</dt>
            <dd>
              {PROVIDER_CATALOGUE[connection.provider].label} · {t(`ui.category.${connection.category}`)}
            </dd>
          </div>
          <div>
            <dt>{t('ui.fields.baseUrl')}</dt>
            <dd>{connection.baseUrl}</dd>
          </div>
          <div>
            <dt>{t(`ui.path.${PROVIDER_CATALOGUE[connection.provider].path}`)}</dt>
            <dd>{connection.path || '—'}</dd>
          </div>
          <div>
            <dt>{t('ui.fields.email')}</dt>
            <dd>{connection.email ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('ui.columns.token')}</dt>
            <dd className="cx-token">{connection.maskedToken}</dd>
          </div>
          <div>
            <dt>{t('ui.columns.connectedAt')}</dt>
            <dd>{formatDate(connection.connectedAt)}</dd>
          </div>
          <div>
            <dt>{t('ui.columns.lastSync')}</dt>
            <dd>
              <LastSync connection={connection} />
            </dd>
          </div>
          <div>
            <dt>{t('ui.syncedData')}</dt>
            <dd data-testid="cx-counts">
              {connection.provider === 'JIRA'
                ? t('ui.countsLine', {
                    projects: connection.counts.jiraProjects,
                    accounts: connection.counts.jiraAccounts,
                    issues: connection.counts.jiraIssues,
                    linked: connection.counts.linkedProjects,
                  })
                : t('ui.countsLineOther', {
                    repositories: connection.counts.repositories,
                    accounts: connection.counts.accounts,
                    channels: connection.counts.channels,
                    linked: connection.counts.linkedProjects,
                  })}
            </dd>
          </div>
        </dl>
      </section>
      {connection.provider === 'JIRA' ? (
        <>
          <JiraProjectsSection connectionId={connection.id} />
          <JiraAccountsSection connectionId={connection.id} />
        </>
      ) : (
        canSeeAccounts && <ProviderAccountsSection connectionId={connection.id} />
      )}
      <RunsSection connectionId={connection.id} />
      {editing && <ConnectionDialog connection={connection} onClose={() => setEditing(false)} />}
      <RemoveConnection
        connection={removing ? connection : null}
        onClose={() => setRemoving(false)}
        onRemoved={() => void navigate('/setting-connections', { replace: true })}
      />
    </div>
  );
}

function useSyncedParams() {
  const [params, setParams] = useState({ page: 1, perPage: 10, search: '', includeRemoved: false });
  return {
    params,
    apiParams: {
      ...params,
      search: params.search || undefined,
      includeRemoved: params.includeRemoved || undefined,
    },
    change: (patch: Partial<typeof params>) => setParams({ ...params, page: 1, ...patch }),
    page: (page: { page: number; perPage: number }) => setParams({ ...params, ...page }),
  };
}

function SyncedFilters({ state, testId }: { state: ReturnType<typeof useSyncedParams>; testId: string }) {
  const { t } = useTranslation('connections');
  return (
    <div className="pm-actions">
      <SearchBox
        value={state.params.search}
        placeholder={t('ui.search')}
        label={t('ui.search')}
        onSearch={(search) => state.change({ search })}
        testId={testId}
      />
      <label className="cx-option">
        <Checkbox
          checked={state.params.includeRemoved}
          onChange={(e) => state.change({ includeRemoved: Boolean(e.checked) })}
        />
        <span>{t('ui.includeRemoved')}</span>
      </label>
    </div>
  );
}

function JiraProjectsSection({ connectionId }: { connectionId: string }) {
  const { t } = useTranslation('connections');
  const state = useSyncedParams();
  const projects = useConnectionJiraProjects(connectionId, state.apiParams);
  return (
    <section className="pm-card" data-testid="cx-jira-projects">
      <div className="pm-card__head">
        <h3>{t('ui.jiraProjects')}</h3>
        <SyncedFilters state={state} testId="cx-projects-search" />
      </div>
      <DataTable
        className="pm-table"
        value={projects.data?.items ?? []}
        lazy
        paginator
        first={(state.params.page - 1) * state.params.perPage}
        rows={state.params.perPage}
        totalRecords={projects.data?.total ?? 0}
        onPage={(event) => state.page({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        emptyMessage={t('ui.noJiraProjects')}
        cellMemo={false}
        dataKey="id"
      >
        <Column header={t('ui.columns.key')} body={(p: JiraProject) => p.key} />
        <Column
          header={t('ui.columns.name')}
          body={(p: JiraProject) => (
            <span>
              {p.name} <Removed at={p.removedAt} />
            </span>
          )}
        />
        <Column header={t('ui.columns.totalIssues')} body={(p: JiraProject) => p.totalIssues} />
        <Column header={t('ui.columns.lead')} body={(p: JiraProject) => p.lead ?? '—'} />
      </DataTable>
    </section>
  );
}

function JiraAccountsSection({ connectionId }: { connectionId: string }) {
  const { t } = useTranslation('connections');
  const state = useSyncedParams();
  const accounts = useConnectionJiraAccounts(connectionId, state.apiParams);
  return (
    <section className="pm-card" data-testid="cx-jira-accounts">
      <div className="pm-card__head">
        <h3>{t('ui.jiraAccounts')}</h3>
        <SyncedFilters state={state} testId="cx-accounts-search" />
      </div>
      <AccountTable data={accounts.data} page={state.params} onPage={state.page} empty={t('ui.noAccounts')} />
    </section>
  );
}

function RunsSection({ connectionId }: { connectionId: string }) {
  const { t } = useTranslation('connections');
  const [page, setPage] = useState({ page: 1, perPage: 10 });
  const runs = useSyncRuns(connectionId, page);
  const counts = (run: SyncRun) =>
    run.counts
      ? ['projects', 'accounts', 'issues']
          .filter((name) => run.counts![name])
          .map((name) => {
            const c = run.counts![name]!;
            return t('ui.runCounts', { name: t(`counts.${name}`), ...c });
          })
          .join(' · ')
      : '';
  return (
    <section className="pm-card" data-testid="cx-runs">
      <h3>{t('ui.runs')}</h3>
      <DataTable
        className="pm-table"
        value={runs.data?.items ?? []}
        lazy
        paginator
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        totalRecords={runs.data?.total ?? 0}
        onPage={(event) => setPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        emptyMessage={t('ui.noRuns')}
        cellMemo={false}
        dataKey="id"
      >
        <Column header={t('ui.columns.started')} body={(r: SyncRun) => formatDateTime(r.startedAt).text} />
        <Column
          header={t('ui.columns.finished')}
          body={(r: SyncRun) => (r.finishedAt ? formatDateTime(r.finishedAt).text : '—')}
        />
        <Column
          header={t('ui.columns.trigger')}
          body={(r: SyncRun) => `${t(`ui.trigger.${r.trigger}`)} · ${r.startedBy}`}
        />
        <Column
          header={t('ui.columns.result')}
          body={(r: SyncRun) => (
            <span>
              <Tag
                severity={r.status === 'SUCCEEDED' ? 'success' : r.status === 'FAILED' ? 'danger' : 'info'}
                value={t(`ui.runStatus.${r.status}`)}
              />{' '}
              <small className={r.status === 'FAILED' ? 'pm-error' : 'cx-hint'}>
                {r.status === 'FAILED' ? runError(r, t) : counts(r)}
              </small>
            </span>
          )}
        />
      </DataTable>
    </section>
  );
}
