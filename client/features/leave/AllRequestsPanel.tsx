import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEAVE_STATUSES, type LeaveRequest } from '../../../shared/leave.schemas.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { useDepartmentOptions } from '../departments/departments.queries.ts';
import { fromPickerDate, PICKER_FORMAT, toPickerDate } from '../projects/project-dates.ts';
import { daysText, spanText, statusSeverity } from './leave-format.ts';
import {
  leaveApi,
  leaveKeys,
  useAbsenceTypes,
  useAllRequests,
  type RequestListParams,
} from './leave.queries.ts';

/** HR: every request, filtered; decides for approvers who are away. */
export function AllRequestsPanel() {
  const { t } = useTranslation('leave');
  const types = useAbsenceTypes();
  const departments = useDepartmentOptions();
  const [params, setParams] = useState<RequestListParams>({ page: 1, perPage: 20 });
  const requests = useAllRequests(params);
  const run = useRunAction([leaveKeys.all]);
  const filter = (patch: Partial<RequestListParams>) => setParams({ ...params, ...patch, page: 1 });

  const approveForAll = (request: LeaveRequest) =>
    run(async () => {
      for (const approver of request.approvers.filter((a) => a.status === 'WAITING FOR APPROVAL'))
        await leaveApi.decide(approver.id, 'APPROVED');
    }, t('ui.approved'));

  return (
    <div className="lv-page">
      <div className="lv-filters">
        <label>
          {t('ui.columns.status')}
          <Dropdown
            value={params.status ?? ''}
            options={[
              { value: '', label: t('ui.any') },
              ...LEAVE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
            ]}
            onChange={(event) => filter({ status: event.value || undefined })}
          />
        </label>
        <label>
          {t('ui.columns.type')}
          <Dropdown
            value={params.absenceTypeId ?? ''}
            options={[
              { value: '', label: t('ui.any') },
              ...(types.data?.items ?? []).map((type) => ({ value: type.id, label: type.name })),
            ]}
            onChange={(event) => filter({ absenceTypeId: event.value || undefined })}
          />
        </label>
        <label>
          {t('ui.columns.department')}
          <Dropdown
            value={params.departmentId ?? ''}
            filter
            options={[
              { value: '', label: t('ui.any') },
              ...(departments.data?.items ?? []).map((d) => ({ value: d.id, label: d.name })),
            ]}
            onChange={(event) => filter({ departmentId: event.value || undefined })}
          />
        </label>
        <label>
          {t('ui.from')}
          <Calendar
            value={toPickerDate(params.from)}
            dateFormat={PICKER_FORMAT}
            showButtonBar
            onChange={(event) => filter({ from: fromPickerDate(event.value as Date | null) ?? undefined })}
          />
        </label>
        <label>
          {t('ui.to')}
          <Calendar
            value={toPickerDate(params.to)}
            dateFormat={PICKER_FORMAT}
            showButtonBar
            onChange={(event) => filter({ to: fromPickerDate(event.value as Date | null) ?? undefined })}
          />
        </label>
      </div>
      <DataTable
        value={requests.data?.items ?? []}
        loading={requests.isFetching && !requests.data}
        lazy
        paginator
        first={(params.page - 1) * params.perPage}
        rows={params.perPage}
        totalRecords={requests.data?.total ?? 0}
        onPage={(event) => setParams({ ...params, page: (event.page ?? 0) + 1, perPage: event.rows })}
        emptyMessage={t('ui.noRequests')}
        cellMemo={false}
        dataKey="id"
      >
        <Column
          header={t('ui.columns.person')}
          body={(r: LeaveRequest) => `${r.person.firstName} ${r.person.lastName}`.trim()}
        />
        <Column
          header={t('ui.columns.department')}
          body={(r: LeaveRequest) => r.person.departmentName ?? ''}
        />
        <Column header={t('ui.columns.type')} body={(r: LeaveRequest) => r.absenceType.name} />
        <Column header={t('ui.columns.dates')} body={(r: LeaveRequest) => spanText(r, t)} />
        <Column header={t('ui.columns.duration')} body={(r: LeaveRequest) => daysText(r.duration, t)} />
        <Column
          header={t('ui.columns.status')}
          body={(r: LeaveRequest) => (
            <Tag value={t(`status.${r.status}`)} severity={statusSeverity(r.status)} />
          )}
        />
        <Column
          header={t('ui.columns.approvers')}
          body={(r: LeaveRequest) =>
            r.approvers
              .map((a) => `${a.firstName} ${a.lastName}`.trim() + ` (${t(`status.${a.status}`)})`)
              .join(', ')
          }
        />
        <Column
          body={(r: LeaveRequest) =>
            r.abilities.decide ? (
              <Button
                label={t('ui.approveForApprovers')}
                size="small"
                text
                onClick={() => void approveForAll(r)}
              />
            ) : null
          }
        />
      </DataTable>
    </div>
  );
}
