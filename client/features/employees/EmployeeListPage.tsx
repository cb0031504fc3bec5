import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { SplitButton } from 'primereact/splitbutton';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CONTRACT_TYPES,
  USER_STATUSES,
  type EmployeeFilters,
  type EmployeeSummary,
  type ExportFormat,
} from '../../../shared/employees.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { errorMessage } from '../../api/errors.ts';
import { usePermission } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { useToast } from '../../layout/toast.tsx';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { usePagedTable } from '../../tables/use-paged-table.ts';
import { useDepartmentOptions } from '../departments/departments.queries.ts';
import { PICKER_FORMAT, fromPickerDate, toPickerDate } from './dates.ts';
import { employeesApi, type ListParams } from './employees.api.ts';
import {
  EMPLOYEE_LIST_TABLE,
  employeeKeys,
  useEmployeeCounts,
  useEmployeeList,
  useEmployeeRoleOptions,
} from './employees.queries.ts';
import { PeopleStyles } from './PeopleStyles.tsx';
import { PersonRowActions, type PendingPersonAction } from './PersonRowActions.tsx';
import { PersonCell } from './PersonCell.tsx';
import { ProjectFilter } from '../projects/ProjectFilter.tsx';
import { EmployeeBulkBar } from './EmployeeBulkBar.tsx';
import { ImportPeopleDialog } from './ImportPeopleDialog.tsx';
import { ProfileStyles } from './ProfileStyles.tsx';

/** The employee list (/ and /employee-management): counts, search, filters, sort, pages, export. */
export default function EmployeeListPage() {
  const { t } = useTranslation(['people', 'errors']);
  const navigate = useNavigate();
  const toast = useToast();
  const table = usePagedTable(EMPLOYEE_LIST_TABLE);
  const params = table.apiParams as ListParams;
  const filters = table.filters;
  const update = (changes: typeof filters) => table.setFilters(changes);
  const canManage = usePermission('employees.manage');
  const canExport = usePermission('employees.export');
  const canSeeDepartments = usePermission('departments.view');
  const [pending, setPending] = useState<PendingPersonAction>(null);
  const [exporting, setExporting] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Bulk actions and the import (issue 9): ticked people, kept across pages until an action clears them.
  const [selected, setSelected] = useState<EmployeeSummary[]>([]);
  const [importing, setImporting] = useState(false);
  const canSelect = canManage || canExport;

  const list = useEmployeeList(params);
  const counts = useEmployeeCounts();
  const departments = useDepartmentOptions(canSeeDepartments);
  const roles = useEmployeeRoleOptions();
  const run = useRunAction([employeeKeys.all]);

  async function exportAs(format: ExportFormat) {
    setExporting(true);
    try {
      const { page: _page, perPage: _perPage, ...exportFilters } = params;
      await employeesApi.exportFile(format, exportFilters as EmployeeFilters);
    } catch (error) {
      toast.error(t('messages.exportFailed'), errorMessage(error, t));
    } finally {
      setExporting(false);
    }
  }

  const statusOptions = USER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }));
  const contractOptions = CONTRACT_TYPES.map((value) => ({ value, label: t(`contractType.${value}`) }));
  const activeStatus =
    filters.status?.length === 1 ? filters.status[0] : filters.status?.length ? null : 'ALL';
  const total = counts.data?.total ?? 0;
  const countCards = [
    { key: 'ALL', label: t('list.total'), value: total },
    ...USER_STATUSES.map((status) => ({
      key: status,
      label: t(`status.${status}`),
      value: counts.data?.byStatus[status] ?? 0,
    })),
  ];

  const rowActions = (person: EmployeeSummary) => (
    <PersonRowActions
      person={person}
      run={run}
      confirm={setPending}
      onOpen={(p) => navigate(`/employee-management/employee/${p.id}${p.abilities.edit ? '?edit=1' : ''}`)}
    />
  );

  const pendingName = pending ? fullName(pending.person) || pending.person.email : '';

  return (
    <div className="people-page" data-testid="employee-list">
      <PeopleStyles />
      <ProfileStyles />
      <div className="people-page__bar">
        <h2>{t('list.title')}</h2>
        <div className="people-page__actions">
          {canExport && (
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
          )}
          {canManage && (
            <Button
              label={t('profile:actions.import')}
              icon="pi pi-file-import"
              outlined
              onClick={() => setImporting(true)}
              data-testid="import-employees"
            />
          )}
          {canManage && (
            <Button
              label={t('actions.create')}
              icon="pi pi-plus"
              onClick={() => navigate('/employee-management/employee')}
              data-testid="create-employee"
            />
          )}
        </div>
      </div>

      <div className="people-counts" role="group" aria-label={t('fields.status')}>
        {countCards.map((card) => (
          <button
            key={card.key}
            type="button"
            className={activeStatus === card.key ? 'is-active' : ''}
            aria-pressed={activeStatus === card.key}
            onClick={() => update({ status: card.key === 'ALL' ? [] : [card.key] })}
            data-testid={`count-${card.key}`}
          >
            <strong>{card.value}</strong>
            <span>{card.label}</span>
          </button>
        ))}
      </div>

      <div className={`people-filters ${filtersOpen ? 'is-open' : ''}`}>
        <div className="people-filters__search">
          <span>{t('list.searchLabel')}</span>
          <SearchBox
            value={filters.search ?? ''}
            onSearch={(search) => update({ search })}
            placeholder={t('list.search')}
            label={t('list.searchLabel')}
            testId="employee-search"
          />
        </div>
        <div className="people-filters-toggle">
          <Button
            label={t('list.filters')}
            icon="pi pi-filter"
            outlined
            aria-expanded={filtersOpen}
            onClick={() => setFiltersOpen((open) => !open)}
          />
        </div>
        <label className="people-filters__more">
          <span>{t('fields.status')}</span>
          <MultiSelect
            value={filters.status ?? []}
            options={statusOptions}
            placeholder={t('list.allStatuses')}
            onChange={(event) => update({ status: event.value ?? [] })}
            maxSelectedLabels={2}
          />
        </label>
        {canSeeDepartments && (
          <label className="people-filters__more">
            <span>{t('fields.department')}</span>
            <MultiSelect
              value={filters.departmentId ?? []}
              options={(departments.data?.items ?? []).map((d) => ({ value: d.id, label: d.name }))}
              placeholder={t('list.anyDepartment')}
              filter
              onChange={(event) => update({ departmentId: event.value ?? [] })}
              maxSelectedLabels={2}
            />
          </label>
        )}
        <label className="people-filters__more">
          <span>{t('fields.contractType')}</span>
          <MultiSelect
            value={filters.contractType ?? []}
            options={contractOptions}
            placeholder={t('list.anyContractType')}
            onChange={(event) => update({ contractType: event.value ?? [] })}
            maxSelectedLabels={2}
          />
        </label>
        <label className="people-filters__more">
          <span>{t('fields.employeeRole')}</span>
          <Dropdown
            value={filters.roleId?.[0] ?? null}
            options={(roles.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }))}
            placeholder={t('list.anyRole')}
            showClear
            filter
            onChange={(event) => update({ roleId: event.value ? [event.value as string] : [] })}
          />
        </label>
        <ProjectFilter
          className="people-filters__more"
          value={params.projectId ?? []}
          onChange={(projectId) => update({ projectId })}
        />
        <label className="people-filters__more">
          <span>{t('list.onboardFrom')}</span>
          <Calendar
            value={toPickerDate(filters.onboardFrom)}
            dateFormat={PICKER_FORMAT}
            placeholder="YYYY/MM/DD"
            showIcon
            showButtonBar
            onChange={(event) => update({ onboardFrom: fromPickerDate(event.value as Date | null) ?? '' })}
          />
        </label>
        <label className="people-filters__more">
          <span>{t('list.onboardTo')}</span>
          <Calendar
            value={toPickerDate(filters.onboardTo)}
            dateFormat={PICKER_FORMAT}
            placeholder="YYYY/MM/DD"
            showIcon
            showButtonBar
            minDate={toPickerDate(filters.onboardFrom) ?? undefined}
            onChange={(event) => update({ onboardTo: fromPickerDate(event.value as Date | null) ?? '' })}
          />
        </label>
        <div className="people-filters__more">
          <Button
            label={t('list.clearFilters')}
            icon="pi pi-filter-slash"
            text
            onClick={() => table.clearFilters()}
          />
        </div>
      </div>

      {list.isError && <p className="people-error">{errorMessage(list.error, t)}</p>}
      <EmployeeBulkBar
        selected={selected}
        onClear={() => setSelected([])}
        run={run}
        onError={(error) => toast.error(errorMessage(error, t))}
      />
      <DataTable
        {...table.tableProps(list.data, list.isFetching)}
        className="people-table"
        emptyMessage={t('list.empty')}
        currentPageReportTemplate={t('list.pageReport')}
        paginatorTemplate="FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink RowsPerPageDropdown"
        responsiveLayout="stack"
        breakpoint="768px"
        selectionMode="checkbox"
        selection={selected}
        onSelectionChange={(event) => setSelected(event.value as EmployeeSummary[])}
      >
        {canSelect && <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />}
        <Column
          field="name"
          header={t('fields.fullName')}
          sortable
          body={(person: EmployeeSummary) => (
            <PersonCell person={person} to={`/employee-management/employee/${person.id}`} />
          )}
        />
        <Column
          field="department"
          header={t('fields.department')}
          sortable
          body={(person: EmployeeSummary) => person.department?.name ?? '—'}
        />
        <Column
          field="employeeRole"
          header={t('fields.employeeRole')}
          sortable
          body={(person: EmployeeSummary) => person.employeeRole?.name ?? '—'}
        />
        <Column
          field="employeeCode"
          header={t('fields.employeeCode')}
          sortable
          body={(person: EmployeeSummary) => person.employeeCode ?? '—'}
        />
        <Column
          field="contractType"
          header={t('fields.contractType')}
          sortable
          body={(person: EmployeeSummary) =>
            person.contractType ? t(`contractType.${person.contractType}`) : '—'
          }
        />
        <Column
          field="onboardDate"
          header={t('fields.onboardDate')}
          sortable
          body={(person: EmployeeSummary) => (person.onboardDate ? formatDate(person.onboardDate) : '—')}
        />
        <Column
          field="status"
          header={t('fields.status')}
          sortable
          body={(person: EmployeeSummary) => (
            <Tag
              value={t(`status.${person.status}`)}
              severity={
                person.status === 'ACTIVE' ? 'success' : person.status === 'PENDING' ? 'warning' : 'secondary'
              }
            />
          )}
        />
        <Column header={t('list.actions')} body={rowActions} />
      </DataTable>

      <ImportPeopleDialog
        visible={importing}
        onHide={() => setImporting(false)}
        // A report to read, not a flash: it stays longer than other confirmations.
        onImported={(report) => toast.success(t('people:import.done', report), undefined, 10_000)}
      />
      <ConfirmAction
        visible={Boolean(pending)}
        title={t(pending?.kind === 'delete' ? 'confirm.deleteTitle' : 'confirm.deactivateTitle', {
          name: pendingName,
        })}
        message={t(pending?.kind === 'delete' ? 'confirm.deleteBody' : 'confirm.deactivateBody')}
        action={t(pending?.kind === 'delete' ? 'confirm.deleteAction' : 'confirm.deactivateAction')}
        severity={pending?.kind === 'delete' ? 'danger' : 'warning'}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const target = pending!;
          setPending(null);
          const name = fullName(target.person) || target.person.email;
          void run(
            () =>
              target.kind === 'delete'
                ? employeesApi.remove(target.person.id)
                : employeesApi.setStatus(target.person.id, 'DEACTIVATE'),
            t(target.kind === 'delete' ? 'messages.deleted' : 'messages.deactivated', { name }),
          );
        }}
      />
    </div>
  );
}
