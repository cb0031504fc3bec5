import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CAMPAIGN_STATUSES,
  type Campaign,
  type CampaignStatus,
} from '../../../shared/recruitment.schemas.ts';
import { usePermission } from '../../api/session.ts';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { showDate } from '../projects/project-dates.ts';
import { CampaignDialog } from './CampaignDialog.tsx';
import { useCampaigns, type CampaignListParams } from './recruitment.queries.ts';

const SEVERITY: Record<CampaignStatus, 'secondary' | 'success' | 'warning' | 'danger'> = {
  DRAFT: 'secondary',
  OPEN: 'success',
  ON_HOLD: 'warning',
  CLOSED: 'danger',
};

export const CampaignStatusTag = ({ status }: { status: CampaignStatus }) => {
  const { t } = useTranslation('recruitment');
  return <Tag value={t(`statuses.${status}`)} severity={SEVERITY[status]} />;
};

/** /hiring-campaigns: every campaign (recruiters) or the caller's hiring teams' campaigns. */
export default function CampaignsPage() {
  const { t } = useTranslation('recruitment');
  const canManage = usePermission('recruitment.manage');
  const canSearch = usePermission('recruitment.view') || canManage;
  const [params, setParams] = useState<CampaignListParams>({ page: 1, perPage: 20 });
  const campaigns = useCampaigns(params);
  const [creating, setCreating] = useState(false);
  const change = (patch: Partial<CampaignListParams>) => setParams({ ...params, ...patch, page: 1 });
  return (
    <div className="lv-page" data-testid="campaigns-page">
      <LeaveStyles />
      <div className="lv-bar">
        <h2>{t('title')}</h2>
        <div className="lv-row-actions">
          {canSearch && (
            <Link to="/hiring-campaigns/all-resume">
              <Button icon="pi pi-search" outlined label={t('buttons.allResumes')} />
            </Link>
          )}
          {canManage && (
            <Button
              icon="pi pi-plus"
              label={t('buttons.newCampaign')}
              onClick={() => setCreating(true)}
              data-testid="campaign-add"
            />
          )}
        </div>
      </div>
      <div className="lv-filters">
        <label>
          {t('filters.search')}
          <InputText
            value={params.search ?? ''}
            onChange={(e) => change({ search: e.target.value || undefined })}
          />
        </label>
        <label>
          {t('fields.status')}
          <Dropdown
            value={params.status?.[0] ?? null}
            showClear
            placeholder={t('filters.allStatuses')}
            options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
            onChange={(e) => change({ status: e.value ? [e.value] : undefined })}
          />
        </label>
      </div>
      <DataTable
        value={campaigns.data?.items ?? []}
        lazy
        paginator
        first={(params.page - 1) * params.perPage}
        rows={params.perPage}
        rowsPerPageOptions={[10, 20, 50, 100]}
        totalRecords={campaigns.data?.total ?? 0}
        onPage={(event) => setParams({ ...params, page: (event.page ?? 0) + 1, perPage: event.rows })}
        loading={campaigns.isFetching}
        emptyMessage={t('messages.noCampaigns')}
        cellMemo={false}
        dataKey="id"
        data-testid="campaigns-table"
      >
        <Column
          header={t('fields.position')}
          body={(c: Campaign) => <Link to={`/hiring-campaigns/${c.id}`}>{c.position}</Link>}
        />
        <Column header={t('fields.department')} body={(c: Campaign) => c.department?.name ?? '—'} />
        <Column header={t('fields.status')} body={(c: Campaign) => <CampaignStatusTag status={c.status} />} />
        <Column header={t('fields.openings')} body={(c: Campaign) => `${c.hiredCount} / ${c.openings}`} />
        <Column header={t('fields.candidates')} body={(c: Campaign) => c.candidateCount} />
        <Column
          header={t('fields.dates')}
          body={(c: Campaign) => `${showDate(c.opensOn)} – ${showDate(c.closesOn)}`}
        />
      </DataTable>
      {creating && <CampaignDialog campaign={null} onClose={() => setCreating(false)} />}
    </div>
  );
}
