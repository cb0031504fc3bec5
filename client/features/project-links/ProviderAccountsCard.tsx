import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderAccount } from '../../../shared/connection-links.schemas.ts';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { AccountNoteDialog, personLabel } from '../connections/AccountNoteDialog.tsx';
import { Removed } from '../connections/AccountTable.tsx';
import {
  projectLinkKeys,
  projectLinksApi,
  useProjectFigmaMembers,
  useProjectGitAccounts,
} from './projectLinks.queries.ts';

/**
 * The accounts a project reaches through its links: git accounts with access to its repositories
 * (note and assignees editable by `accounts.manage`, per row `abilities.edit`), or the Figma team's
 * members (read here). Shown only to `accounts.view`, as the server answers.
 */
export function ProviderAccountsCard({ projectId, kind }: { projectId: string; kind: 'git' | 'figma' }) {
  const { t } = useTranslation('projectLinks');
  const [params, setParams] = useState({ page: 1, perPage: 10, search: '' });
  const query = { ...params, search: params.search || undefined };
  const git = useProjectGitAccounts(projectId, query, kind === 'git');
  const figma = useProjectFigmaMembers(projectId, query, kind === 'figma');
  const accounts = kind === 'git' ? git : figma;
  const [editing, setEditing] = useState<ProviderAccount | null>(null);
  // Figma members stand as their own card, shown once the project's Figma team has any.
  if (kind === 'figma' && (accounts.isError || (accounts.data?.total === 0 && !params.search))) return null;
  return (
    <div className={kind === 'figma' ? 'pm-card' : 'pm-page'} data-testid={`${kind}-accounts`}>
      <div className="pm-card__head">
        <h3>{t(kind === 'git' ? 'accounts.gitTitle' : 'accounts.figmaTitle')}</h3>
        <SearchBox
          value={params.search}
          placeholder={t('search')}
          label={t('search')}
          onSearch={(search) => setParams({ ...params, search, page: 1 })}
        />
      </div>
      <DataTable
        className="pm-table"
        value={accounts.data?.items ?? []}
        lazy
        paginator
        first={(params.page - 1) * params.perPage}
        rows={params.perPage}
        totalRecords={accounts.data?.total ?? 0}
        onPage={(e) => setParams({ ...params, page: (e.page ?? 0) + 1, perPage: e.rows })}
        emptyMessage={t('accounts.empty')}
        cellMemo={false}
        dataKey="id"
      >
        <Column
          header={t('columns.account')}
          body={(a: ProviderAccount) => (
            <span>
              <strong>{a.username}</strong> {a.displayName !== a.username && a.displayName}{' '}
              <Removed at={a.removedAt} />
              {a.email && (
                <>
                  <br />
                  <small className="cx-hint">{a.email}</small>
                </>
              )}
            </span>
          )}
        />
        <Column header={t('columns.role')} body={(a: ProviderAccount) => a.role ?? '—'} />
        <Column header={t('columns.connection')} body={(a: ProviderAccount) => a.connection.name} />
        <Column header={t('columns.note')} body={(a: ProviderAccount) => a.note ?? '—'} />
        <Column
          header={t('columns.assignees')}
          body={(a: ProviderAccount) => a.assignees.map(personLabel).join(', ') || '—'}
        />
        {kind === 'git' && (
          <Column
            body={(a: ProviderAccount) =>
              a.abilities.edit && (
                <Button
                  icon="pi pi-pencil"
                  text
                  rounded
                  aria-label={t('edit')}
                  tooltip={t('edit')}
                  onClick={() => setEditing(a)}
                  data-testid={`git-account-edit-${a.username}`}
                />
              )
            }
          />
        )}
      </DataTable>
      {editing && (
        <AccountNoteDialog
          account={editing}
          idPrefix="git-account"
          setNote={(note) => projectLinksApi.setGitAccountNote(editing.id, note)}
          setAssignees={(ids) => projectLinksApi.setGitAccountAssignees(editing.id, ids)}
          invalidate={[projectLinkKeys.project(projectId)]}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
