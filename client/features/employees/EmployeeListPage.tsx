import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { SplitButton } from 'primereact/splitbutton';
import { Tag } from 'primereact/tag';
import { Toast } from 'primereact/toast';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CONTRACT_TYPES,
  EMPLOYEE_PAGE_SIZES,
  EMPLOYEE_SORT_FIELDS,
  USER_STATUSES,
  type EmployeeFilters,
  type EmployeeSortField,
  type EmployeeSummary,
  type ExportFormat,
} from '../../../shared/employees.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { api } from '../../api/http.ts';
import { usePermission } from '../../api/session.ts';
import { allDepartments, departmentsKeys } from '../departments/departments.api.ts';
import { PICKER_FORMAT, fromPickerDate, toPickerDate } from './dates.ts';
import { EmployeeBulkBar } from './EmployeeBulkBar.tsx';
import { describeFailure, employeesApi, employeesKeys, type ListParams } from './employees.api.ts';
import { ImportPeopleDialog } from './ImportPeopleDialog.tsx';
import { PeopleStyles } from './PeopleStyles.tsx';
import { PersonRowActions, type PendingPersonAction } from './PersonRowActions.tsx';
import { PersonCell } from './PersonCell.tsx';
import { ProfileStyles } from './ProfileStyles.tsx';

const ARRAY_KEYS = ['status', 'departmentId', 'contractType', 'roleId', 'projectId'] as const;

/** The list's state lives in the address, so a filtered list can be shared and survives going back. */
function readParams(search: URLSearchParams): ListParams {
  const params: Record<string, unknown> = {};
  for (const key of ARRAY_KEYS) {
    const values = search.getAll(key);
    if (values.length) params[key] = values;
  }
  for (const key of ['search', 'onboardFrom', 'onboardTo'] as const) {
    const value = search.get(key);
    if (value) params[key] = value;
  }
  const sortField = search.get('sortField') as EmployeeSortField | null;
  if (sortField && EMPLOYEE_SORT_FIELDS.includes(sortField)) params.sortField = sortField;
  if (search.get('sortOrder') === 'desc') params.sortOrder = 'desc';
  const perPage = Number(search.get('perPage'));
  return {
    ...(params as EmployeeFilters),
    page: Math.max(1, Number(search.get('page')) || 1),
    perPage: (EMPLOYEE_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : 20,
  };
}

function writeParams(params: ListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'perPage' && value === 20) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return search;
}

/** The employee list (/ and /employee-management): counts, search, filters, sort, pages, export. */
export default function EmployeeListPage() {
  const { t, i18n } = useTranslation(['people', 'errors', 'profile']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useRef<Toast>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const canManage = usePermission('employees.manage');
  const canExport = usePermission('employees.export');
  const canSeeDepartments = usePermission('departments.view');
  const [searchText, setSearchText] = useState(params.search ?? '');
  const [pending, setPending] = useState<PendingPersonAction>(null);
  const [exporting, setExporting] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Bulk actions and the import (issue 9): ticked people, kept across pages until an action clears them.
  const [selected, setSelected] = useState<EmployeeSummary[]>([]);
  const [importing, setImporting] = useState(false);
  const canSelect = canManage || canExport;

  const list = useQuery({
    queryKey: employeesKeys.list(params),
    queryFn: () => employeesApi.list(params),
    placeholderData: (previous) => previous,
  });
  const counts = useQuery({ queryKey: employeesKeys.aggregations, queryFn: employeesApi.aggregations });
  const departments = useQuery({
    queryKey: departmentsKeys.options,
    queryFn: allDepartments,
    enabled: canSeeDepartments,
  });
  const roles = useQuery({
    queryKey: ['employee-roles'],
    queryFn: () => api<{ items: Array<{ id: string; name: string }> }>('/employee-roles'),
  });

  function update(changes: Partial<ListParams>, resetPage = true) {
    setSearchParams(writeParams({ ...params, ...changes, ...(resetPage && { page: 1 }) }), { replace: true });
  }

  // The search follows typing after a short pause, not at every key.
  useEffect(() => {
    const current = params.search ?? '';
    if (searchText.trim() === current) return;
    const timer = setTimeout(() => update({ search: searchText.trim() || undefined }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: employeesKeys.all });
  const notify = (summary: string) => toast.current?.show({ severity: 'success', summary, life: 4000 });
  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      notify(done);
      await refresh();
    } catch (error) {
      toast.current?.show({ severity: 'error', summary: describeFailure(error, t).message, life: 6000 });
    }
  }

  async function exportAs(format: ExportFormat) {
    setExporting(true);
    try {
      const { page: _page, perPage: _perPage, ...filters } = params;
      await employeesApi.exportFile(format, filters, i18n.language);
    } catch (error) {
      toast.current?.show({
        severity: 'error',
        summary: t('messages.exportFailed'),
        detail: describeFailure(error, t).message,
      });
    } finally {
      setExporting(false);
    }
  }

  const statusOptions = USER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }));
  const contractOptions = CONTRACT_TYPES.map((value) => ({ value, label: t(`contractType.${value}`) }));
  const activeStatus = params.status?.length === 1 ? params.status[0] : params.status?.length ? null : 'ALL';
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
      <Toast ref={toast} position="bottom-right" />
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
            onClick={() => update({ status: card.key === 'ALL' ? undefined : [card.key as 'ACTIVE'] })}
            data-testid={`count-${card.key}`}
          >
            <strong>{card.value}</strong>
            <span>{card.label}</span>
          </button>
        ))}
      </div>

      <div className={`people-filters ${filtersOpen ? 'is-open' : ''}`}>
        <label>
          <span>{t('list.search')}</span>
          <InputText
            type="search"
            value={searchText}
            placeholder={t('list.search')}
            onChange={(event) => setSearchText(event.target.value)}
            data-testid="employee-search"
          />
        </label>
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
            value={params.status ?? []}
            options={statusOptions}
            placeholder={t('list.allStatuses')}
            onChange={(event) => update({ status: event.value?.length ? event.value : undefined })}
            maxSelectedLabels={2}
          />
        </label>
        {canSeeDepartments && (
          <label className="people-filters__more">
            <span>{t('fields.department')}</span>
            <MultiSelect
              value={params.departmentId ?? []}
              options={(departments.data?.items ?? []).map((d) => ({ value: d.id, label: d.name }))}
              placeholder={t('list.anyDepartment')}
              filter
              onChange={(event) => update({ departmentId: event.value?.length ? event.value : undefined })}
              maxSelectedLabels={2}
            />
          </label>
        )}
        <label className="people-filters__more">
          <span>{t('fields.contractType')}</span>
          <MultiSelect
            value={params.contractType ?? []}
            options={contractOptions}
            placeholder={t('list.anyContractType')}
            onChange={(event) => update({ contractType: event.value?.length ? event.value : undefined })}
            maxSelectedLabels={2}
          />
        </label>
        <label className="people-filters__more">
          <span>{t('fields.employeeRole')}</span>
          <Dropdown
            value={params.roleId?.[0] ?? null}
            options={(roles.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }))}
            placeholder={t('list.anyRole')}
            showClear
            filter
            onChange={(event) => update({ roleId: event.value ? [event.value as string] : undefined })}
          />
        </label>
        <label className="people-filters__more">
          <span>{t('list.onboardFrom')}</span>
          <Calendar
            value={toPickerDate(params.onboardFrom)}
            dateFormat={PICKER_FORMAT}
            showIcon
            showButtonBar
            onChange={(event) =>
              update({ onboardFrom: fromPickerDate(event.value as Date | null) ?? undefined })
            }
          />
        </label>
        <label className="people-filters__more">
          <span>{t('list.onboardTo')}</span>
          <Calendar
            value={toPickerDate(params.onboardTo)}
            dateFormat={PICKER_FORMAT}
            showIcon
            showButtonBar
            minDate={toPickerDate(params.onboardFrom) ?? undefined}
            onChange={(event) =>
              update({ onboardTo: fromPickerDate(event.value as Date | null) ?? undefined })
            }
          />
        </label>
        <div className="people-filters__more">
          <Button
            label={t('list.clearFilters')}
            icon="pi pi-filter-slash"
            text
            onClick={() => {
              setSearchText('');
              setSearchParams(new URLSearchParams(), { replace: true });
            }}
          />
        </div>
      </div>

      {list.isError && <p className="people-error">{describeFailure(list.error, t).message}</p>}
      <EmployeeBulkBar
        selected={selected}
        onClear={() => setSelected([])}
        run={run}
        onError={(error) =>
          toast.current?.show({ severity: 'error', summary: describeFailure(error, t).message, life: 6000 })
        }
      />
      <DataTable
        className="people-table"
        value={list.data?.items ?? []}
        dataKey="id"
        lazy
        paginator
        first={(params.page - 1) * params.perPage}
        rows={params.perPage}
        rowsPerPageOptions={[...EMPLOYEE_PAGE_SIZES]}
        totalRecords={list.data?.total ?? 0}
        onPage={(event: DataTableStateEvent) =>
          update({ page: Math.floor(event.first / event.rows) + 1, perPage: event.rows }, false)
        }
        sortField={params.sortField ?? 'name'}
        sortOrder={params.sortOrder === 'desc' ? -1 : 1}
        onSort={(event: DataTableStateEvent) =>
          update({
            sortField: event.sortField as EmployeeSortField,
            sortOrder: event.sortOrder === -1 ? 'desc' : 'asc',
          })
        }
        loading={list.isFetching}
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
        onImported={(report) => {
          // A report to read, not a flash: it stays longer than other confirmations.
          toast.current?.show({
            severity: 'success',
            summary: t('people:import.done', report),
            life: 10_000,
          });
          void refresh();
        }}
      />
      <ConfirmDialog
        visible={Boolean(pending)}
        onHide={() => setPending(null)}
        header={t(pending?.kind === 'delete' ? 'confirm.deleteTitle' : 'confirm.deactivateTitle', {
          name: pendingName,
        })}
        message={t(pending?.kind === 'delete' ? 'confirm.deleteBody' : 'confirm.deactivateBody')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('confirm.yes')}
        rejectLabel={t('confirm.no')}
        acceptClassName={pending?.kind === 'delete' ? 'p-button-danger' : 'p-button-warning'}
        accept={() => {
          const target = pending!;
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
