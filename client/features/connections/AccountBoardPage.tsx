import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { BoardAccount, OpenOffboarding } from '../../../shared/account-board.schemas.ts';
import {
  CONNECTION_PROVIDERS,
  PROVIDER_CATALOGUE,
  type ConnectionProvider,
} from '../../../shared/connections.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { usePermission } from '../../api/session.ts';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { projectsApi, type PersonOption } from '../projects/projects.api.ts';
import { AccountNoteDialog } from './AccountNoteDialog.tsx';
import { accountBoardApi, accountBoardKeys } from './account-board.queries.ts';
import { connectionKeys } from './connections.queries.ts';
import { Removed } from './AccountTable.tsx';
import { useAccountBoard, useOpenChecklists, type BoardParams } from './account-board.queries.ts';

type ProjectOption = { id: string; name: string };

const personLabel = (p: { firstName: string; lastName: string; email: string }) =>
  [p.lastName, p.firstName].filter(Boolean).join(' ') || p.email;

/**
 * /account-management: every account the company has at its connected providers and who uses it,
 * filterable by provider, person and project — choosing a person shows "who has access to what"
 * for them — with the note and assignees editable by accounts.manage; and the open offboarding
 * checklists. Holders of sso.manage also get the SSO connections from here.
 */
export default function AccountBoardPage() {
  const { t } = useTranslation('connections');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'offboarding' ? 'offboarding' : 'accounts';
  const canSso = usePermission('sso.manage');
  return (
    <div className="pm-page" data-testid="account-board">
      <div className="pm-bar">
        <h2>{t('ui.board.title')}</h2>
        <div className="pm-actions">
          <Button
            label={t('ui.board.accountsTab')}
            text={tab !== 'accounts'}
            onClick={() => setSearchParams({})}
            data-testid="board-tab-accounts"
          />
          <Button
            label={t('ui.board.offboardingTab')}
            text={tab !== 'offboarding'}
            onClick={() => setSearchParams({ tab: 'offboarding' })}
            data-testid="board-tab-offboarding"
          />
          {canSso && (
            <Link to="/account-management/sso-connections" className="p-button p-button-text">
              {t('ui.board.ssoConnections')}
            </Link>
          )}
        </div>
      </div>
      <p className="cx-hint">{t('ui.board.intro')}</p>
      {tab === 'accounts' ? <AccountsTab /> : <OpenChecklistsTab />}
    </div>
  );
}

function AccountsTab() {
  const { t } = useTranslation('connections');
  const [params, setParams] = useState<BoardParams>({ page: 1, perPage: 20 });
  const [person, setPerson] = useState<PersonOption | null>(null);
  const [project, setProject] = useState<ProjectOption | null>(null);
  const [people, setPeople] = useState<PersonOption[]>([]);
  const [projects, setProjects] = useState<ProjectOption[]>([]);
  const [editing, setEditing] = useState<BoardAccount | null>(null);
  const board = useAccountBoard(params);
  const filter = (change: Partial<BoardParams>) => setParams({ ...params, ...change, page: 1 });
  return (
    <>
      <div className="pm-bar" data-testid="board-filters">
        <Dropdown
          value={params.provider ?? null}
          options={CONNECTION_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_CATALOGUE[p].label }))}
          onChange={(e) => filter({ provider: (e.value as ConnectionProvider | null) ?? undefined })}
          placeholder={t('ui.board.allProviders')}
          showClear
          aria-label={t('ui.board.provider')}
          data-testid="board-provider"
        />
        <AutoComplete
          inputId="board-person"
          value={person ?? ''}
          suggestions={people}
          completeMethod={(e) =>
            projectsApi.people(e.query.trim()).then(
              (found) => setPeople(found.items),
              () => setPeople([]),
            )
          }
          field="email"
          itemTemplate={(p: PersonOption) => `${personLabel(p)} · ${p.email}`}
          selectedItemTemplate={(p: PersonOption) => personLabel(p)}
          placeholder={t('ui.board.person')}
          aria-label={t('ui.board.person')}
          delay={250}
          onChange={(e) => {
            const value = typeof e.value === 'object' ? (e.value as PersonOption | null) : null;
            setPerson(value);
            if (!e.value || value) filter({ userId: value?.id });
          }}
        />
        <AutoComplete
          inputId="board-project"
          value={project ?? ''}
          suggestions={projects}
          completeMethod={(e) =>
            projectsApi.list({ page: 1, perPage: 20, search: e.query.trim() }).then(
              (found) => setProjects(found.items.map((p) => ({ id: p.id, name: p.name }))),
              () => setProjects([]),
            )
          }
          field="name"
          placeholder={t('ui.board.project')}
          aria-label={t('ui.board.project')}
          delay={250}
          onChange={(e) => {
            const value = typeof e.value === 'object' ? (e.value as ProjectOption | null) : null;
            setProject(value);
            if (!e.value || value) filter({ projectId: value?.id });
          }}
        />
        <label className="pm-check">
          <Checkbox
            inputId="board-unassigned"
            checked={params.unassigned === true}
            onChange={(e) => filter({ unassigned: e.checked ? true : undefined })}
          />
          <span>{t('ui.board.unassigned')}</span>
        </label>
        <SearchBox
          value={params.search ?? ''}
          placeholder={t('ui.board.search')}
          label={t('ui.board.search')}
          onSearch={(search) => filter({ search: search || undefined })}
        />
      </div>
      {person && (
        <h3 data-testid="board-person-heading">
          {t('ui.board.personHeading', { name: personLabel(person) })}
        </h3>
      )}
      <DataTable
        className="pm-table"
        value={board.data?.items ?? []}
        lazy
        paginator
        loading={board.isFetching}
        first={(params.page - 1) * params.perPage}
        rows={params.perPage}
        totalRecords={board.data?.total ?? 0}
        onPage={(e) => setParams({ ...params, page: (e.page ?? 0) + 1, perPage: e.rows })}
        emptyMessage={t('ui.board.empty')}
        cellMemo={false}
        dataKey="id"
        rowClassName={() => 'board-account'}
      >
        <Column
          header={t('ui.board.provider')}
          body={(a: BoardAccount) => PROVIDER_CATALOGUE[a.provider].label}
        />
        <Column
          header={t('ui.columns.account')}
          body={(a: BoardAccount) => (
            <span>
              {a.displayName}
              {a.username && a.username !== a.displayName ? ` (${a.username})` : ''}{' '}
              <Removed at={a.removedAt} />
              {!a.active && <Tag severity="secondary" value={t('ui.inactiveUpstream')} />}
              <br />
              <small className="cx-hint">
                {a.connection.name} · {a.email ?? a.externalId}
              </small>
            </span>
          )}
        />
        <Column header={t('ui.columns.note')} body={(a: BoardAccount) => a.note ?? ''} />
        <Column
          header={t('ui.columns.assignees')}
          body={(a: BoardAccount) => (
            <span data-testid="board-assignees">
              {a.assignees.map((p) => (
                <span key={p.id}>
                  {personLabel(p)}
                  {p.status !== 'ACTIVE' && <Tag severity="danger" value={t('ui.board.deactivated')} />}{' '}
                </span>
              ))}
            </span>
          )}
        />
        <Column
          body={(a: BoardAccount) =>
            a.abilities.edit && (
              <Button
                icon="pi pi-pencil"
                text
                size="small"
                aria-label={t('ui.edit')}
                onClick={() => setEditing(a)}
                data-testid="board-edit"
              />
            )
          }
        />
      </DataTable>
      {editing && (
        <AccountNoteDialog
          account={editing}
          title={`${PROVIDER_CATALOGUE[editing.provider].label} · ${editing.displayName}`}
          idPrefix="board"
          setNote={(note) => accountBoardApi.setNote(editing, note)}
          setAssignees={(ids) => accountBoardApi.setAssignees(editing, ids)}
          invalidate={[accountBoardKeys.all, connectionKeys.all]}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function OpenChecklistsTab() {
  const { t } = useTranslation('connections');
  const [params, setParams] = useState({ page: 1, perPage: 20 });
  const open = useOpenChecklists(params);
  return (
    <DataTable
      className="pm-table"
      value={open.data?.items ?? []}
      lazy
      paginator
      loading={open.isFetching}
      first={(params.page - 1) * params.perPage}
      rows={params.perPage}
      totalRecords={open.data?.total ?? 0}
      onPage={(e) => setParams({ page: (e.page ?? 0) + 1, perPage: e.rows })}
      emptyMessage={t('ui.offboarding.noneOpen')}
      cellMemo={false}
      dataKey="user.id"
      data-testid="open-checklists"
    >
      <Column
        header={t('ui.offboarding.person')}
        body={(o: OpenOffboarding) => (
          <Link to={`/employee-management/employee/${o.user.id}`}>{personLabel(o.user)}</Link>
        )}
      />
      <Column
        header={t('ui.offboarding.progress')}
        body={(o: OpenOffboarding) => t('ui.offboarding.progressLine', { open: o.open, total: o.total })}
      />
      <Column header={t('ui.offboarding.openedAt')} body={(o: OpenOffboarding) => formatDate(o.openedAt)} />
    </DataTable>
  );
}
