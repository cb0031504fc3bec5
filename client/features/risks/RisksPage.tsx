import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  RISK_LEVEL_BANDS,
  RISK_STATES,
  TREATMENT_METHODS,
  type Risk,
} from '../../../shared/risks.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { usePermission } from '../../api/session.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import StatusPage from '../errors/StatusPage.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { showDate } from '../projects/project-dates.ts';
import { HeatMap } from './HeatMap.tsx';
import { LevelTag } from './risk-format.tsx';
import { RiskDialog } from './RiskDialog.tsx';
import { riskKeys, risksApi, useRiskHeatMap, useRisks, type RiskListParams } from './risks.queries.ts';

const ANY = 'ANY';

/** /risk-management: the register with its filters, the heat maps of current and residual risks, the export. */
export default function RisksPage() {
  const { t } = useTranslation('risks');
  const canView = usePermission('risks.view');
  const canManage = usePermission('risks.manage');
  const canReview = usePermission('risks.review');
  const [params, setParams] = useState<RiskListParams>({ page: 1, perPage: 20, sort: '-level' });
  const risks = useRisks(params);
  const heat = useRiskHeatMap();
  const run = useRunAction([riskKeys.all]);
  const [creating, setCreating] = useState(false);
  if (!canView && !canManage && !canReview)
    return <StatusPage status={403} embedded permission="risks.view" />;
  const change = (patch: Partial<RiskListParams>) => setParams({ ...params, ...patch, page: 1 });
  const filter = <V extends string>(
    value: V | undefined,
    values: readonly V[],
    prefix: string,
    all: string,
    key: keyof RiskListParams,
  ) => (
    <Dropdown
      value={value ?? ANY}
      options={[
        { value: ANY, label: all },
        ...values.map((v) => ({ value: v, label: t(`${prefix}.${v}` as 'states.CLOSED') })),
      ]}
      onChange={(e) => change({ [key]: e.value === ANY ? undefined : e.value })}
    />
  );
  return (
    <div className="lv-page" data-testid="risks-page">
      <LeaveStyles />
      <style>{`.risk-heat { border-collapse: collapse; } .risk-heat td, .risk-heat th { width: 2.4rem; height: 2.4rem; text-align: center; border: 1px solid var(--surface-border, #dee2e6); } .risk-heat th { border: none; font-weight: 400; color: var(--text-color-secondary, #6c757d); }`}</style>
      <div className="lv-bar">
        <h2>{t('register')}</h2>
        <div className="lv-row-actions">
          <Button
            icon="pi pi-download"
            outlined
            label={t('buttons.export')}
            onClick={() => void run(() => risksApi.exportFile(params), t('buttons.export'))}
          />
          {canManage && (
            <Button
              icon="pi pi-plus"
              label={t('buttons.add')}
              onClick={() => setCreating(true)}
              data-testid="risks-add"
            />
          )}
        </div>
      </div>
      <div className="lv-balances">
        <HeatMap title={t('heatMap.current')} cells={heat.data?.current ?? []} testId="risks-heat-current" />
        <HeatMap
          title={t('heatMap.residual')}
          cells={heat.data?.residual ?? []}
          testId="risks-heat-residual"
        />
      </div>
      <div className="lv-filters">
        <label>
          {t('filters.search')}
          <InputText
            value={params.search ?? ''}
            onChange={(e) => change({ search: e.target.value || undefined })}
            data-testid="risks-search"
          />
        </label>
        <label>
          {t('fields.state')}
          {filter(params.state, RISK_STATES, 'states', t('filters.allStates'), 'state')}
        </label>
        <label>
          {t('fields.level')}
          {filter(params.band, RISK_LEVEL_BANDS, 'bands', t('filters.allBands'), 'band')}
        </label>
        <label>
          {t('fields.treatmentMethod')}
          {filter(
            params.treatmentMethod,
            TREATMENT_METHODS,
            'methods',
            t('filters.allMethods'),
            'treatmentMethod',
          )}
        </label>
        <label style={{ flexDirection: 'row', alignItems: 'center', gap: '.5rem' }}>
          <Checkbox
            checked={params.residual === true}
            onChange={(e) => change({ residual: e.checked ? true : undefined })}
          />
          {t('filters.residualOnly')}
        </label>
      </div>
      <DataTable
        value={risks.data?.items ?? []}
        lazy
        paginator
        first={(params.page - 1) * params.perPage}
        rows={params.perPage}
        rowsPerPageOptions={[10, 20, 50, 100]}
        totalRecords={risks.data?.total ?? 0}
        onPage={(event) => setParams({ ...params, page: (event.page ?? 0) + 1, perPage: event.rows })}
        loading={risks.isFetching}
        emptyMessage={t('messages.empty')}
        cellMemo={false}
        dataKey="id"
        data-testid="risks-table"
      >
        <Column
          header={t('fields.name')}
          body={(r: Risk) => <Link to={`/risk-management/${r.id}`}>{r.name}</Link>}
        />
        <Column header={t('fields.asset')} body={(r: Risk) => r.asset.name} />
        <Column
          header={t('fields.level')}
          body={(r: Risk) => <LevelTag level={r.level} band={r.levelBand} />}
        />
        <Column header={t('fields.state')} body={(r: Risk) => t(`states.${r.state}`)} />
        <Column
          header={t('fields.riskOwner')}
          body={(r: Risk) => (r.riskOwner ? fullName(r.riskOwner) : '')}
        />
        <Column
          header={t('fields.treatmentMethod')}
          body={(r: Risk) => (r.treatmentMethod ? t(`methods.${r.treatmentMethod}`) : '')}
        />
        <Column
          header={t('fields.expectedCompletionDate')}
          body={(r: Risk) => showDate(r.expectedCompletionDate)}
        />
      </DataTable>
      {creating && <RiskDialog risk={null} onClose={() => setCreating(false)} />}
    </div>
  );
}
