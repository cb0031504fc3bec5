import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { JiraAccount } from '../../../shared/connections.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';

/** Marks a record gone at the provider (kept, not deleted). */
export const Removed = ({ at }: { at: string | null }) => {
  const { t } = useTranslation('connections');
  return at ? <Tag severity="secondary" value={t('ui.removedUpstream', { date: formatDate(at) })} /> : null;
};

/** Accounts with their note and assignees (read-only here; changed from a project's page). */
export function AccountTable({
  data,
  page,
  onPage,
  empty,
  actions,
}: {
  data: { items: JiraAccount[]; total: number } | undefined;
  page: { page: number; perPage: number };
  onPage: (page: { page: number; perPage: number }) => void;
  empty: string;
  actions?: (account: JiraAccount) => ReactNode;
}) {
  const { t } = useTranslation('connections');
  return (
    <DataTable
      className="pm-table"
      value={data?.items ?? []}
      lazy
      paginator
      first={(page.page - 1) * page.perPage}
      rows={page.perPage}
      totalRecords={data?.total ?? 0}
      onPage={(event) => onPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
      emptyMessage={empty}
      cellMemo={false}
      dataKey="id"
    >
      <Column
        header={t('ui.columns.account')}
        body={(a: JiraAccount) => (
          <span>
            {a.displayName} <Removed at={a.removedAt} />
            {!a.active && <Tag severity="secondary" value={t('ui.inactiveUpstream')} />}
            <br />
            <small className="cx-hint">{a.email ?? a.accountId}</small>
          </span>
        )}
      />
      <Column header={t('ui.columns.note')} body={(a: JiraAccount) => a.note ?? ''} />
      <Column
        header={t('ui.columns.assignees')}
        body={(a: JiraAccount) =>
          a.assignees.map((p) => [p.lastName, p.firstName].filter(Boolean).join(' ') || p.email).join(', ')
        }
      />
      {actions && <Column body={actions} />}
    </DataTable>
  );
}
