import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  ASSET_STATUSES,
  ASSET_TYPES,
  ASSET_VALUE_BANDS,
  type Asset,
  type AssetTab,
} from '../../../shared/assets.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { assetKeys, assetsApi, useAssets, type AssetListParams } from './assets.queries.ts';
import { StatusTag, ValueTag } from './asset-format.tsx';
import { AssignDialog } from './AssignDialog.tsx';

const ANY = 'ANY';

/**
 * A tab's assets with its filters; managers select rows for the bulk actions (assign, check in,
 * change status, print labels).
 */
export function AssetTable({
  tab,
  assigned,
  canManage,
}: {
  tab: AssetTab;
  assigned?: boolean;
  canManage: boolean;
}) {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const [params, setParams] = useState<AssetListParams>({
    page: 1,
    perPage: 20,
    tab,
    assigned,
    sort: 'name',
  });
  const [selected, setSelected] = useState<Asset[]>([]);
  const [assigning, setAssigning] = useState(false);
  const run = useRunAction([assetKeys.all]);
  const assets = useAssets(params);
  const change = (patch: Partial<AssetListParams>) => setParams({ ...params, ...patch, page: 1 });
  const ids = selected.map((a) => a.id);
  const bulk = (input: Parameters<typeof assetsApi.bulk>[0]) =>
    run(
      async () => {
        const result = await assetsApi.bulk(input);
        setSelected([]);
        return result;
      },
      t('bulk.done', { count: ids.length }),
    );
  const choose = (options: readonly string[], prefix: string, all: string) => [
    { value: ANY, label: all },
    ...options.map((o) => ({ value: o, label: t(`${prefix}.${o}`) })),
  ];
  return (
    <div className="lv-page">
      <div className="lv-filters">
        <label>
          {t('filters.search')}
          <InputText
            value={params.search ?? ''}
            onChange={(e) => change({ search: e.target.value || undefined })}
            data-testid={`assets-search-${tab}`}
          />
        </label>
        <label>
          {t('fields.type')}
          <Dropdown
            value={params.type ?? ANY}
            options={choose(ASSET_TYPES, 'types', t('filters.allTypes'))}
            onChange={(e) => change({ type: e.value === ANY ? undefined : e.value })}
          />
        </label>
        <label>
          {t('fields.status')}
          <Dropdown
            value={params.status ?? ANY}
            options={choose(ASSET_STATUSES, 'statuses', t('filters.allStatuses'))}
            onChange={(e) => change({ status: e.value === ANY ? undefined : e.value })}
          />
        </label>
        <label>
          {t('fields.securityValue')}
          <Dropdown
            value={params.band ?? ANY}
            options={choose(ASSET_VALUE_BANDS, 'bands', t('filters.allBands'))}
            onChange={(e) => change({ band: e.value === ANY ? undefined : e.value })}
          />
        </label>
        {tab === 'COMPANY_ASSET' && (
          <label style={{ flexDirection: 'row', alignItems: 'center', gap: '.5rem' }}>
            <Checkbox
              checked={params.inactiveAssignee === true}
              onChange={(e) => change({ inactiveAssignee: e.checked ? true : undefined })}
              data-testid="assets-inactive-only"
            />
            {t('filters.inactiveOnly')}
          </label>
        )}
      </div>
      {canManage && selected.length > 0 && (
        <div className="lv-bar" data-testid="assets-bulk">
          <span>{t('bulk.selected', { count: selected.length })}</span>
          <div className="lv-row-actions">
            <Button
              size="small"
              label={t('bulk.assign')}
              onClick={() => setAssigning(true)}
              data-testid="assets-bulk-assign"
            />
            <Button
              size="small"
              outlined
              label={t('bulk.checkIn')}
              onClick={() => void bulk({ action: 'checkIn', ids })}
            />
            <Button
              size="small"
              outlined
              label={t('actions.markDamaged')}
              onClick={() => void bulk({ action: 'setStatus', ids, status: 'DAMAGED' })}
            />
            <Button
              size="small"
              outlined
              icon="pi pi-print"
              label={t('actions.printLabels')}
              onClick={() => navigate(`/asset-management/labels?ids=${ids.join(',')}`)}
              data-testid="assets-print-labels"
            />
          </div>
        </div>
      )}
      <DataTable
        value={assets.data?.items ?? []}
        lazy
        paginator
        first={(params.page - 1) * params.perPage}
        rows={params.perPage}
        rowsPerPageOptions={[10, 20, 50, 100]}
        totalRecords={assets.data?.total ?? 0}
        onPage={(event) => setParams({ ...params, page: (event.page ?? 0) + 1, perPage: event.rows })}
        loading={assets.isFetching}
        emptyMessage={t('messages.empty')}
        cellMemo={false}
        dataKey="id"
        selectionMode="checkbox"
        selection={selected}
        onSelectionChange={(e: { value: Asset[] }) => setSelected(e.value)}
        data-testid={`assets-table-${tab}${assigned ? '-assigned' : ''}`}
      >
        {canManage && <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />}
        <Column
          header={t('fields.name')}
          body={(asset: Asset) => <Link to={`/asset-management/${asset.id}`}>{asset.name}</Link>}
        />
        <Column header={t('fields.type')} body={(asset: Asset) => t(`types.${asset.type}`)} />
        <Column header={t('fields.serialNumber')} body={(asset: Asset) => asset.serialNumber ?? ''} />
        <Column header={t('fields.status')} body={(asset: Asset) => <StatusTag status={asset.status} />} />
        <Column
          header={t('fields.securityValue')}
          body={(asset: Asset) => <ValueTag value={asset.securityValue} band={asset.securityBand} />}
        />
        <Column
          header={t('fields.assignee')}
          body={(asset: Asset) =>
            asset.assignee ? (
              <span title={asset.assigneeInactive ? t('messages.inactiveAssignee') : undefined}>
                {fullName(asset.assignee)}
                {asset.assigneeInactive && (
                  <i className="pi pi-exclamation-triangle lv-error" style={{ marginLeft: '.35rem' }} />
                )}
              </span>
            ) : (
              ''
            )
          }
        />
      </DataTable>
      {assigning && <AssignDialog ids={ids} onClose={() => (setAssigning(false), setSelected([]))} />}
    </div>
  );
}
