import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROVIDER_CATALOGUE, type Connection } from '../../../shared/connections.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { StatusTag } from '../projects/ProjectsPanel.tsx';
import { ProjectStyles } from '../projects/ProjectStyles.tsx';
import { ConnectionActions, RemoveConnection } from './ConnectionActions.tsx';
import { ConnectionDialog } from './ConnectionDialog.tsx';
import { useConnections } from './connections.queries.ts';
import { ConnectionStyles, LastSync } from './SyncBadge.tsx';

/**
 * /setting-connections: the company's connected accounts (name, service, path, the token masked,
 * when connected, status, the last sync and whether its data is stale), with Connect, Sync now,
 * change, activate / deactivate and remove.
 */
export default function ConnectionsPage() {
  const { t } = useTranslation('connections');
  const [params, setParams] = useState({ page: 1, perPage: 20, search: '' });
  const connections = useConnections({ ...params, search: params.search || undefined });
  const [editing, setEditing] = useState<Connection | 'new' | null>(null);
  const [removing, setRemoving] = useState<Connection | null>(null);
  return (
    <div className="pm-page" data-testid="connections-page">
      <ProjectStyles />
      <ConnectionStyles />
      <div className="pm-bar">
        <h2>{t('ui.title')}</h2>
        <div className="pm-actions cx-actions">
          <SearchBox
            value={params.search}
            placeholder={t('ui.search')}
            label={t('ui.search')}
            onSearch={(search) => setParams({ ...params, search, page: 1 })}
          />
          <Button
            label={t('ui.connect')}
            icon="pi pi-plus"
            onClick={() => setEditing('new')}
            data-testid="cx-new"
          />
        </div>
      </div>
      <p className="cx-hint">{t('ui.intro')}</p>
      <ConnectionTable
        data={connections.data}
        loading={connections.isFetching}
        page={params}
        onPage={(page) => setParams({ ...params, ...page })}
        onEdit={setEditing}
        onRemove={setRemoving}
      />
      {editing && (
        <ConnectionDialog connection={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <RemoveConnection connection={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function ConnectionTable({
  data,
  loading,
  page,
  onPage,
  onEdit,
  onRemove,
}: {
  data: ReturnType<typeof useConnections>['data'];
  loading: boolean;
  page: { page: number; perPage: number };
  onPage: (page: { page: number; perPage: number }) => void;
  onEdit: (connection: Connection) => void;
  onRemove: (connection: Connection) => void;
}) {
  const { t } = useTranslation('connections');
  return (
    <DataTable
      className="pm-table"
      value={data?.items ?? []}
      lazy
      paginator
      loading={loading}
      first={(page.page - 1) * page.perPage}
      rows={page.perPage}
      totalRecords={data?.total ?? 0}
      onPage={(event) => onPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
      emptyMessage={t('ui.empty')}
      cellMemo={false}
      dataKey="id"
      data-testid="cx-table"
    >
      <Column
        header={t('ui.columns.name')}
        body={(c: Connection) => <Link to={`/setting-connections/${c.id}`}>{c.name}</Link>}
      />
      <Column
        header={t('ui.columns.service')}
        body={(c: Connection) => (
          <span>
            {PROVIDER_CATALOGUE[c.provider].label}
            <br />
            <small className="cx-hint">{t(`ui.category.${c.category}`)}</small>
          </span>
        )}
      />
      <Column
        header={t('ui.columns.path')}
        body={(c: Connection) => (
          <span>
            {c.path || '—'}
            <br />
            <small className="cx-hint">{c.baseUrl}</small>
          </span>
        )}
      />
      <Column
        header={t('ui.columns.token')}
        body={(c: Connection) => <span className="cx-token">{c.maskedToken}</span>}
      />
      <Column header={t('ui.columns.connectedAt')} body={(c: Connection) => formatDate(c.connectedAt)} />
      <Column header={t('ui.columns.status')} body={(c: Connection) => <StatusTag status={c.status} />} />
      <Column header={t('ui.columns.lastSync')} body={(c: Connection) => <LastSync connection={c} />} />
      <Column
        body={(c: Connection) => (
          <ConnectionActions connection={c} onEdit={onEdit} onRemove={onRemove} compact />
        )}
      />
    </DataTable>
  );
}
