import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { Tag } from 'primereact/tag';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { Link } from 'react-router';
import {
  ACTIVE_STATUSES,
  PROJECT_PAGE_SIZES,
  PROJECT_STAGES,
  type ProjectSortField,
  type ProjectStage,
  type ProjectSummary,
} from '../../../shared/projects.schemas.ts';
import { usePermission } from '../../api/session.ts';
import { useClientOptions } from '../clients/clients.queries.ts';
import { showDate } from './project-dates.ts';
import { PersonPicker } from './PersonPicker.tsx';
import { useProjectList, type PersonOption, type ProjectListParams } from './projects.queries.ts';

/** The tag of a stage: later stages are warmer. */
export function StageTag({ stage }: { stage: ProjectStage }) {
  const { t } = useTranslation('projects');
  const severity = (
    {
      NEGOTIATION: 'secondary',
      POC: 'info',
      SIGNED_CONTRACT: 'info',
      DEVELOPMENT: 'warning',
      GO_LIVE: 'success',
      CLOSED: 'contrast',
    } as const
  )[stage];
  return <Tag value={t(`stage.${stage}`)} severity={severity} />;
}

export function StatusTag({ status }: { status: 'ACTIVE' | 'INACTIVE' }) {
  const { t } = useTranslation('projects');
  return <Tag value={t(`status.${status}`)} severity={status === 'ACTIVE' ? 'success' : 'secondary'} />;
}

/**
 * The project list: the number of projects per stage (a click filters by it), search, client,
 * status and member filters, sort and server-side pages. Each person sees the projects they may see.
 */
export function ProjectsPanel() {
  const { t } = useTranslation(['projects', 'errors']);
  const canSeeClients = usePermission('clients.view');
  const clients = useClientOptions(canSeeClients);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [member, setMember] = useState<PersonOption | null>(null);
  const [filters, setFilters] = useState<Omit<ProjectListParams, 'search' | 'memberId'>>({
    page: 1,
    perPage: 20,
    sortField: 'name',
    sortOrder: 'asc',
  });
  const params: ProjectListParams = {
    ...filters,
    ...(deferredSearch && { search: deferredSearch }),
    ...(member && { memberId: [member.id] }),
  };
  const list = useProjectList(params);
  const update = (changes: Partial<ProjectListParams>) => setFilters((f) => ({ ...f, ...changes, page: 1 }));
  const counts = list.data?.stageCounts;
  const allCount = counts ? PROJECT_STAGES.reduce((sum, stage) => sum + counts[stage], 0) : 0;
  const activeStage = filters.stage?.length === 1 ? filters.stage[0] : undefined;

  return (
    <section className="pm-page" data-testid="projects-panel">
      <div className="pm-stages" role="group" aria-label={t('fields.stage')}>
        <button
          type="button"
          className={!activeStage ? 'is-active' : ''}
          aria-pressed={!activeStage}
          onClick={() => update({ stage: undefined })}
          data-testid="stage-count-ALL"
        >
          <span>{t('list.all')}</span>
          <strong>{allCount}</strong>
        </button>
        {PROJECT_STAGES.map((stage) => (
          <button
            key={stage}
            type="button"
            className={activeStage === stage ? 'is-active' : ''}
            aria-pressed={activeStage === stage}
            onClick={() => update({ stage: [stage] })}
            data-testid={`stage-count-${stage}`}
          >
            <span>{t(`stage.${stage}`)}</span>
            <strong>{counts?.[stage] ?? 0}</strong>
          </button>
        ))}
      </div>
      <div className="pm-filters">
        <label>
          <span>{t('projects.search')}</span>
          <InputText
            type="search"
            value={search}
            placeholder={t('projects.search')}
            onChange={(event) => {
              setSearch(event.target.value);
              setFilters((f) => ({ ...f, page: 1 }));
            }}
            data-testid="project-search"
          />
        </label>
        {canSeeClients && (
          <label>
            <span>{t('fields.client')}</span>
            <MultiSelect
              value={filters.clientId ?? []}
              options={(clients.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
              placeholder={t('projects.anyClient')}
              filter
              maxSelectedLabels={2}
              onChange={(event) => update({ clientId: event.value?.length ? event.value : undefined })}
            />
          </label>
        )}
        <label>
          <span>{t('fields.status')}</span>
          <MultiSelect
            value={filters.status ?? []}
            options={ACTIVE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            placeholder={t('projects.anyStatus')}
            onChange={(event) => update({ status: event.value?.length ? event.value : undefined })}
          />
        </label>
        <div className="pm-field">
          <label htmlFor="project-member-filter" style={{ fontWeight: 400, fontSize: '.85rem' }}>
            {t('fields.person')}
          </label>
          <PersonPicker
            inputId="project-member-filter"
            value={member}
            onChange={(person) => {
              setMember(person);
              setFilters((f) => ({ ...f, page: 1 }));
            }}
          />
        </div>
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
            sortField: event.sortField as ProjectSortField,
            sortOrder: event.sortOrder === -1 ? 'desc' : 'asc',
          })
        }
        loading={list.isFetching}
        emptyMessage={t('projects.empty')}
        currentPageReportTemplate={t('list.pageReport')}
        paginatorTemplate="FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink RowsPerPageDropdown"
        responsiveLayout="stack"
        breakpoint="768px"
      >
        <Column
          field="name"
          header={t('fields.project')}
          sortable
          body={(project: ProjectSummary) => (
            <Link to={`/client-management/project/${project.id}`}>{project.name}</Link>
          )}
        />
        <Column
          field="client"
          header={t('fields.client')}
          sortable
          body={(project: ProjectSummary) =>
            canSeeClients ? (
              <Link to={`/client-management/${project.client.id}`}>{project.client.name}</Link>
            ) : (
              project.client.name
            )
          }
        />
        <Column
          field="stage"
          header={t('fields.stage')}
          sortable
          body={(project: ProjectSummary) => <StageTag stage={project.stage} />}
        />
        <Column
          field="startDate"
          header={t('fields.startDate')}
          sortable
          body={(project: ProjectSummary) => showDate(project.startDate)}
        />
        <Column
          field="endDate"
          header={t('fields.endDate')}
          sortable
          body={(project: ProjectSummary) => showDate(project.endDate)}
        />
        <Column field="totalMembers" header={t('fields.totalMembers')} sortable />
        <Column
          field="status"
          header={t('fields.status')}
          sortable
          body={(project: ProjectSummary) => <StatusTag status={project.status} />}
        />
      </DataTable>
    </section>
  );
}
