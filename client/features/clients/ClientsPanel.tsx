import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { SplitButton } from 'primereact/splitbutton';
import { Tag } from 'primereact/tag';
import type { Toast } from 'primereact/toast';
import { useDeferredValue, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { Link, useNavigate } from 'react-router';
import {
  ACTIVE_STATUSES,
  CLIENT_TYPES,
  PROJECT_PAGE_SIZES,
  type Client,
  type ClientSortField,
  type ListExportFormat,
} from '../../../shared/projects.schemas.ts';
import { usePermission } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { ClientDialog } from './ClientDialog.tsx';
import { clientsApi, useClientChange, useClientList, type ClientListParams } from './clients.queries.ts';

type Pending = { kind: 'delete' | 'deactivate'; client: Client } | null;

/** The client list: search, type and status filters, sort, server-side pages, export and actions. */
export function ClientsPanel({ toast }: { toast: RefObject<Toast | null> }) {
  const { t } = useTranslation(['projects', 'errors']);
  const navigate = useNavigate();
  const canManage = usePermission('clients.manage');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [filters, setFilters] = useState<Omit<ClientListParams, 'search'>>({
    page: 1,
    perPage: 20,
    sortField: 'name',
    sortOrder: 'asc',
  });
  const params: ClientListParams = { ...filters, ...(deferredSearch && { search: deferredSearch }) };
  const list = useClientList(params);
  const [editing, setEditing] = useState<Client | 'new' | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [exporting, setExporting] = useState(false);
  const change = useClientChange((action: () => Promise<unknown>) => action());

  const notify = (summary: string) => toast.current?.show({ severity: 'success', summary, life: 4000 });
  const fail = (error: unknown) =>
    toast.current?.show({ severity: 'error', summary: errorMessage(error, t), life: 6000 });
  const run = (action: () => Promise<unknown>, done: string, after?: () => void) =>
    change.mutate(action, {
      onSuccess: () => {
        notify(done);
        after?.();
      },
      onError: fail,
    });

  async function exportAs(format: ListExportFormat) {
    setExporting(true);
    try {
      const { page: _page, perPage: _perPage, ...rest } = params;
      await clientsApi.exportFile(format, rest);
    } catch (error) {
      toast.current?.show({
        severity: 'error',
        summary: t('messages.exportFailed'),
        detail: errorMessage(error, t),
      });
    } finally {
      setExporting(false);
    }
  }

  const update = (changes: Partial<ClientListParams>) => setFilters((f) => ({ ...f, ...changes, page: 1 }));

  const actions = (client: Client) => (
    <div className="pm-row-actions">
      <Button
        icon="pi pi-eye"
        text
        rounded
        aria-label={`${t('actions.view')} ${client.name}`}
        tooltip={t('actions.view')}
        onClick={() => navigate(`/client-management/${client.id}`)}
      />
      {client.abilities.edit && (
        <Button
          icon="pi pi-pencil"
          text
          rounded
          aria-label={`${t('actions.edit')} ${client.name}`}
          tooltip={t('actions.edit')}
          onClick={() => setEditing(client)}
        />
      )}
      {client.abilities.changeStatus &&
        (client.status === 'ACTIVE' ? (
          <Button
            icon="pi pi-ban"
            text
            rounded
            severity="warning"
            aria-label={`${t('actions.deactivate')} ${client.name}`}
            tooltip={t('actions.deactivate')}
            onClick={() => setPending({ kind: 'deactivate', client })}
          />
        ) : (
          <Button
            icon="pi pi-check-circle"
            text
            rounded
            severity="success"
            aria-label={`${t('actions.activate')} ${client.name}`}
            tooltip={t('actions.activate')}
            onClick={() =>
              run(
                () => clientsApi.setStatus(client.id, 'ACTIVE'),
                t('clients.activated', { name: client.name }),
              )
            }
          />
        ))}
      {client.abilities.delete && (
        <Button
          icon="pi pi-trash"
          text
          rounded
          severity="danger"
          aria-label={`${t('actions.delete')} ${client.name}`}
          tooltip={t('actions.delete')}
          onClick={() => setPending({ kind: 'delete', client })}
        />
      )}
    </div>
  );

  return (
    <section className="pm-page" data-testid="clients-panel">
      <div className="pm-bar">
        <h2>{t('clients.title')}</h2>
        <div className="pm-actions">
          <SplitButton
            label={t('actions.export')}
            icon="pi pi-download"
            outlined
            loading={exporting}
            onClick={() => void exportAs('xlsx')}
            model={[
              { label: t('actions.exportXlsx'), command: () => void exportAs('xlsx') },
              { label: t('actions.exportCsv'), command: () => void exportAs('csv') },
            ]}
          />
          {canManage && (
            <Button
              label={t('clients.create')}
              icon="pi pi-plus"
              onClick={() => setEditing('new')}
              data-testid="create-client"
            />
          )}
        </div>
      </div>
      <div className="pm-filters">
        <label>
          <span>{t('clients.search')}</span>
          <InputText
            type="search"
            value={search}
            placeholder={t('clients.search')}
            onChange={(event) => {
              setSearch(event.target.value);
              setFilters((f) => ({ ...f, page: 1 }));
            }}
            data-testid="client-search"
          />
        </label>
        <label>
          <span>{t('fields.type')}</span>
          <MultiSelect
            value={filters.type ?? []}
            options={CLIENT_TYPES.map((value) => ({ value, label: t(`clientType.${value}`) }))}
            placeholder={t('clients.anyType')}
            onChange={(event) => update({ type: event.value?.length ? event.value : undefined })}
          />
        </label>
        <label>
          <span>{t('fields.status')}</span>
          <MultiSelect
            value={filters.status ?? []}
            options={ACTIVE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            placeholder={t('clients.anyStatus')}
            onChange={(event) => update({ status: event.value?.length ? event.value : undefined })}
          />
        </label>
      </div>
      {list.isError && <p className="pm-error">{errorMessage(list.error, t)}</p>}
      <DataTable
        className="pm-table"
        value={list.data?.items ?? []}
        dataKey="id"
        lazy
        paginator
        first={(filters.page - 1) * filters.perPage}
        rows={filters.perPage}
        rowsPerPageOptions={[...PROJECT_PAGE_SIZES]}
        totalRecords={list.data?.total ?? 0}
        onPage={(event: DataTableStateEvent) =>
          setFilters((f) => ({ ...f, page: Math.floor(event.first / event.rows) + 1, perPage: event.rows }))
        }
        sortField={filters.sortField}
        sortOrder={filters.sortOrder === 'desc' ? -1 : 1}
        onSort={(event: DataTableStateEvent) =>
          update({
            sortField: event.sortField as ClientSortField,
            sortOrder: event.sortOrder === -1 ? 'desc' : 'asc',
          })
        }
        loading={list.isFetching}
        emptyMessage={t('clients.empty')}
        currentPageReportTemplate={t('list.pageReport')}
        paginatorTemplate="FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink RowsPerPageDropdown"
        responsiveLayout="stack"
        breakpoint="768px"
      >
        <Column
          field="name"
          header={t('fields.name')}
          sortable
          body={(client: Client) => (
            <div className="pm-person__text">
              <Link to={`/client-management/${client.id}`}>{client.name}</Link>
              {client.description && <small>{client.description}</small>}
            </div>
          )}
        />
        <Column
          field="type"
          header={t('fields.type')}
          sortable
          body={(client: Client) => t(`clientType.${client.type}`)}
        />
        <Column
          field="email"
          header={t('fields.email')}
          sortable
          body={(client: Client) => client.email ?? '—'}
        />
        <Column field="projectCount" header={t('fields.projectCount')} sortable />
        <Column
          field="status"
          header={t('fields.status')}
          sortable
          body={(client: Client) => (
            <Tag
              value={t(`status.${client.status}`)}
              severity={client.status === 'ACTIVE' ? 'success' : 'secondary'}
            />
          )}
        />
        <Column header={t('list.actions')} body={actions} />
      </DataTable>

      {editing && (
        <ClientDialog
          client={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            notify(t(editing === 'new' ? 'clients.created' : 'clients.saved', { name: saved.name }));
            setEditing(null);
          }}
        />
      )}
      <ConfirmAction
        visible={Boolean(pending)}
        onCancel={() => setPending(null)}
        title={t(pending?.kind === 'delete' ? 'clients.deleteTitle' : 'clients.deactivateTitle', {
          name: pending?.client.name ?? '',
        })}
        message={t(pending?.kind === 'delete' ? 'clients.deleteBody' : 'clients.deactivateBody')}
        action={t(pending?.kind === 'delete' ? 'clients.deleteAction' : 'clients.deactivateAction')}
        severity={pending?.kind === 'delete' ? 'danger' : 'warning'}
        // Only a client without live projects can go: say so instead of offering a refusal.
        disabledReason={
          pending?.kind === 'delete' && pending.client.projectCount > 0
            ? t('clients.deleteBlocked', { count: pending.client.projectCount })
            : null
        }
        busy={change.isPending}
        onConfirm={() => {
          const target = pending!;
          const after = () => setPending(null);
          if (target.kind === 'delete')
            run(
              () => clientsApi.remove(target.client.id),
              t('clients.deleted', { name: target.client.name }),
              after,
            );
          else
            run(
              () => clientsApi.setStatus(target.client.id, 'DEACTIVATE'),
              t('clients.deactivated', { name: target.client.name }),
              after,
            );
        }}
      />
    </section>
  );
}
