import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OT_STATUSES, type OtRequest } from '../../../shared/overtime.schemas.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { RejectDialog } from '../approvals/RejectDialog.tsx';
import { statusSeverity } from '../leave/leave-format.ts';
import { showDate } from '../projects/project-dates.ts';
import { overtimeApi, overtimeKeys, useOvertimeCounts, useOvertimeList } from './overtime.queries.ts';

/**
 * Requests naming the approver (every one for a manager), by status with counts; a waiting request
 * that would no longer fit the limits if approved now is flagged.
 */
export function OvertimeApprovalsPanel() {
  const { t } = useTranslation('overtime');
  const [status, setStatus] = useState<(typeof OT_STATUSES)[number]>('WAITING FOR APPROVAL');
  const [page, setPage] = useState({ page: 1, perPage: 10 });
  const counts = useOvertimeCounts();
  const list = useOvertimeList({ ...page, status });
  const run = useRunAction([overtimeKeys.all]);
  const [rejecting, setRejecting] = useState<OtRequest | null>(null);
  return (
    <div className="lv-page">
      <SelectButton
        value={status}
        allowEmpty={false}
        options={OT_STATUSES.map((value) => ({
          value,
          label: `${t(`leave:status.${value}`)} (${counts.data?.[value] ?? 0})`,
        }))}
        onChange={(e) => e.value && (setStatus(e.value), setPage({ ...page, page: 1 }))}
      />
      <DataTable
        value={list.data?.items ?? []}
        lazy
        paginator
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        totalRecords={list.data?.total ?? 0}
        onPage={(event) => setPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        emptyMessage={t('ui.noRequests')}
        cellMemo={false}
        dataKey="id"
        data-testid="ot-approvals"
      >
        <Column
          header={t('ui.columns.person')}
          body={(r: OtRequest) => `${r.person.firstName} ${r.person.lastName}`.trim()}
        />
        <Column header={t('ui.columns.date')} body={(r: OtRequest) => showDate(r.workDate)} />
        <Column header={t('ui.columns.time')} body={(r: OtRequest) => `${r.startTime}–${r.endTime}`} />
        <Column header={t('ui.columns.hours')} body={(r: OtRequest) => r.duration} />
        <Column header={t('ui.columns.project')} body={(r: OtRequest) => r.project?.name ?? ''} />
        <Column header={t('ui.columns.reason')} body={(r: OtRequest) => r.reason ?? ''} />
        <Column
          header={t('ui.columns.status')}
          body={(r: OtRequest) => (
            <>
              <Tag value={t(`leave:status.${r.status}`)} severity={statusSeverity(r.status)} />{' '}
              {r.fitsLimits === false && (
                <Tag value={t('ui.overLimit')} severity="danger" data-testid="ot-over-limit" />
              )}
            </>
          )}
        />
        <Column
          body={(r: OtRequest) =>
            r.abilities.decide ? (
              <div className="lv-row-actions">
                <Button
                  label={t('ui.approve')}
                  size="small"
                  severity="success"
                  data-testid="ot-approve"
                  onClick={() => void run(() => overtimeApi.decide(r.id, 'APPROVED'), t('ui.approved'))}
                />
                <Button
                  label={t('ui.reject')}
                  size="small"
                  severity="danger"
                  outlined
                  onClick={() => setRejecting(r)}
                />
              </div>
            ) : null
          }
        />
      </DataTable>
      {rejecting && (
        <RejectDialog
          title={t('ui.rejectTitle', {
            name: `${rejecting.person.firstName} ${rejecting.person.lastName}`.trim(),
          })}
          reject={(reason) => overtimeApi.decide(rejecting.id, 'REJECTED', reason)}
          invalidate={[overtimeKeys.all]}
          onClose={() => setRejecting(null)}
        />
      )}
    </div>
  );
}
