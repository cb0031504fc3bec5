import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardAccount } from '../../../shared/account-board.schemas.ts';
import { Removed } from './AccountTable.tsx';
import { useAccountBoard } from './account-board.queries.ts';

const personLabel = (p: { firstName: string; lastName: string; email: string }) =>
  [p.lastName, p.firstName].filter(Boolean).join(' ') || p.email;

/** The accounts a GitHub, GitLab, Discord, Slack, Outline or Figma connection synced, with their assignees. */
export function ProviderAccountsSection({ connectionId }: { connectionId: string }) {
  const { t } = useTranslation('connections');
  const [params, setParams] = useState({ page: 1, perPage: 20 });
  const accounts = useAccountBoard({ ...params, connectionId });
  return (
    <section className="pm-card" data-testid="cx-provider-accounts">
      <div className="pm-card__head">
        <h3>{t('ui.syncedAccounts')}</h3>
      </div>
      <DataTable
        className="pm-table"
        value={accounts.data?.items ?? []}
        lazy
        paginator
        first={(params.page - 1) * params.perPage}
        rows={params.perPage}
        totalRecords={accounts.data?.total ?? 0}
        onPage={(e) => setParams({ page: (e.page ?? 0) + 1, perPage: e.rows })}
        emptyMessage={t('ui.noAccounts')}
        cellMemo={false}
        dataKey="id"
      >
        <Column
          header={t('ui.columns.account')}
          body={(a: BoardAccount) => (
            <span>
              {a.displayName}
              {a.username && a.username !== a.displayName ? ` (${a.username})` : ''}{' '}
              <Removed at={a.removedAt} />
              {!a.active && <Tag severity="secondary" value={t('ui.inactiveUpstream')} />}
              <br />
              <small className="cx-hint">{a.email ?? a.externalId}</small>
            </span>
          )}
        />
        <Column header={t('ui.columns.note')} body={(a: BoardAccount) => a.note ?? ''} />
        <Column
          header={t('ui.columns.assignees')}
          body={(a: BoardAccount) => a.assignees.map(personLabel).join(', ')}
        />
      </DataTable>
    </section>
  );
}
