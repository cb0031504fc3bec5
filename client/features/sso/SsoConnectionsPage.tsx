import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SsoAccessRequest } from '../../../shared/sso.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { ssoApi, ssoKeys, useSsoConnections, useSsoRequests } from './sso.queries.ts';

/**
 * /account-management/sso-connections: the OpenID connections (name, client id and type, people,
 * requests waiting) and the access requests people made from the consent step, to approve or reject.
 */
export default function SsoConnectionsPage() {
  const { t } = useTranslation('sso');
  const [params, setParams] = useState({ page: 1, perPage: 20, search: '' });
  const connections = useSsoConnections({ ...params, search: params.search || undefined });
  return (
    <div className="pm-page" data-testid="sso-connections-page">
      <div className="pm-bar">
        <h2>{t('title')}</h2>
        <div className="pm-actions">
          <SearchBox
            value={params.search}
            placeholder={t('list.search')}
            label={t('list.search')}
            onSearch={(search) => setParams({ ...params, search, page: 1 })}
          />
          <Link to="/account-management/sso-connection/new" className="p-button" data-testid="sso-new">
            <i className="pi pi-plus" aria-hidden="true" />
            &nbsp;{t('list.new')}
          </Link>
        </div>
      </div>
      <DataTable
        className="pm-table"
        value={connections.data?.items ?? []}
        lazy
        paginator
        loading={connections.isFetching}
        first={(params.page - 1) * params.perPage}
        rows={params.perPage}
        totalRecords={connections.data?.total ?? 0}
        onPage={(e) => setParams({ ...params, page: (e.page ?? 0) + 1, perPage: e.rows })}
        emptyMessage={t('list.empty')}
        cellMemo={false}
        dataKey="id"
        data-testid="sso-table"
      >
        <Column
          header={t('form.name')}
          body={(c: { id: string; name: string }) => (
            <Link to={`/account-management/sso-connection/${c.id}`}>{c.name}</Link>
          )}
        />
        <Column header={t('credentials.clientId')} field="clientId" />
        <Column
          header={t('list.clientType')}
          body={(c: { clientType: 'CONFIDENTIAL' | 'PUBLIC' }) => t(`clientTypes.${c.clientType}`)}
        />
        <Column header={t('list.members')} field="memberCount" />
        <Column header={t('list.pending')} field="pendingRequestCount" />
      </DataTable>
      <RequestsTable />
    </div>
  );
}

function RequestsTable() {
  const { t } = useTranslation('sso');
  const [page, setPage] = useState({ page: 1, perPage: 20 });
  const requests = useSsoRequests({ ...page, status: 'PENDING' });
  const run = useRunAction([ssoKeys.all]);
  return (
    <section style={{ marginTop: '2rem' }}>
      <h3>{t('requests.title')}</h3>
      <DataTable
        className="pm-table"
        value={requests.data?.items ?? []}
        lazy
        paginator
        loading={requests.isFetching}
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        totalRecords={requests.data?.total ?? 0}
        onPage={(e) => setPage({ page: (e.page ?? 0) + 1, perPage: e.rows })}
        emptyMessage={t('requests.empty')}
        cellMemo={false}
        dataKey="id"
        data-testid="sso-requests"
      >
        <Column
          header={t('requests.person')}
          body={(r: SsoAccessRequest) => `${r.person.name} · ${r.person.email}`}
        />
        <Column header={t('requests.app')} field="connectionName" />
        <Column header={t('requests.requestedAt')} body={(r: SsoAccessRequest) => formatDate(r.createdAt)} />
        <Column
          body={(r: SsoAccessRequest) => (
            <div style={{ display: 'flex', gap: '0.5rem' }}>
              <Button
                label={t('requests.approve')}
                size="small"
                onClick={() => run(() => ssoApi.decide(r.id, 'APPROVED'), t('requests.approved'))}
                data-testid={`sso-approve-${r.person.email}`}
              />
              <Button
                label={t('requests.reject')}
                size="small"
                severity="secondary"
                outlined
                onClick={() => run(() => ssoApi.decide(r.id, 'REJECTED'), t('requests.rejected'))}
              />
            </div>
          )}
        />
      </DataTable>
    </section>
  );
}
