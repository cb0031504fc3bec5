import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESUME_RANK_WINDOW, type ResumeHit } from '../../../shared/recruitment.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { ResumeButton } from './ResumeButton.tsx';
import { useResumes, type ResumeListParams } from './recruitment.queries.ts';

/** /hiring-campaigns/all-resume: every resume searched by its text, accents and case ignored. */
export default function AllResumePage() {
  const { t, i18n } = useTranslation('recruitment');
  const [params, setParams] = useState<ResumeListParams>({ page: 1, perPage: 20 });
  const resumes = useResumes(params);
  const found = resumes.data && params.search ? resumes.data : null;
  const number = (value: number) => value.toLocaleString(i18n.language === 'vi' ? 'vi-VN' : 'en-US');
  return (
    <div className="lv-page" data-testid="all-resume-page">
      <LeaveStyles />
      <div className="lv-bar">
        <h2>{t('allResumes.title')}</h2>
        <Link to="/hiring-campaigns">
          <Button icon="pi pi-arrow-left" text label={t('buttons.backToCampaigns')} />
        </Link>
      </div>
      <p>{t('allResumes.help')}</p>
      <div className="lv-filters">
        <SearchBox
          value={params.search ?? ''}
          onSearch={(search) => setParams({ ...params, search: search || undefined, page: 1 })}
          placeholder={t('allResumes.placeholder')}
          label={t('filters.search')}
          testId="resume-search"
        />
      </div>
      {found && (
        <p data-testid="resume-found">
          {found.totalCapped
            ? t('allResumes.foundCapped', { total: number(found.total), ranked: number(RESUME_RANK_WINDOW) })
            : t('allResumes.found', { count: found.total })}
        </p>
      )}
      <DataTable
        value={resumes.data?.items ?? []}
        lazy
        paginator
        first={(params.page - 1) * params.perPage}
        rows={params.perPage}
        totalRecords={resumes.data?.total ?? 0}
        onPage={(event) => setParams({ ...params, page: (event.page ?? 0) + 1, perPage: event.rows })}
        loading={resumes.isFetching}
        emptyMessage={t('allResumes.empty')}
        cellMemo={false}
        dataKey="resume.id"
        data-testid="resumes-table"
      >
        <Column
          header={t('fields.candidate')}
          body={(hit: ResumeHit) => (
            <div>
              <strong>{fullName(hit.candidate)}</strong>
              <div>{hit.candidate.email}</div>
            </div>
          )}
        />
        <Column
          header={t('allResumes.match')}
          body={(hit: ResumeHit) => <small>{hit.snippet || t('allResumes.noText')}</small>}
        />
        <Column
          header={t('allResumes.campaigns')}
          body={(hit: ResumeHit) =>
            hit.applications.map((a) => (
              <div key={a.id}>
                <Link to={`/hiring-campaigns/${a.campaignId}`}>{a.position}</Link> · {a.stageName}
              </div>
            ))
          }
        />
        <Column header={t('fields.resume')} body={(hit: ResumeHit) => <ResumeButton resume={hit.resume} />} />
      </DataTable>
    </div>
  );
}
