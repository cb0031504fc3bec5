import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeaveApproval } from '../../../shared/leave.schemas.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { RejectDialog } from '../approvals/RejectDialog.tsx';
import { daysText, spanText, statusSeverity } from './leave-format.ts';
import { leaveApi, leaveKeys, useApprovals, useApproverCandidates, useSubstitute } from './leave.queries.ts';

const VIEWS = ['WAITING FOR APPROVAL', 'APPROVED', 'REJECTED'] as const;

/** The requests waiting for the signed-in approver (or answered by them), and their substitute. */
export function ApprovalsPanel() {
  const { t } = useTranslation('leave');
  const [view, setView] = useState<(typeof VIEWS)[number]>('WAITING FOR APPROVAL');
  const [page, setPage] = useState({ page: 1, perPage: 10 });
  const approvals = useApprovals({ ...page, status: view });
  const [rejecting, setRejecting] = useState<LeaveApproval | null>(null);
  const run = useRunAction([leaveKeys.all]);

  return (
    <div className="lv-page">
      <div className="lv-bar">
        <SelectButton
          value={view}
          options={VIEWS.map((value) => ({ value, label: t(`status.${value}`) }))}
          onChange={(event) => event.value && (setView(event.value), setPage({ ...page, page: 1 }))}
          allowEmpty={false}
        />
        <SubstitutePicker />
      </div>
      <DataTable
        value={approvals.data?.items ?? []}
        loading={approvals.isFetching && !approvals.data}
        lazy
        paginator
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        totalRecords={approvals.data?.total ?? 0}
        onPage={(event) => setPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        emptyMessage={t('ui.noApprovals')}
        cellMemo={false}
        dataKey="id"
        data-testid="approvals"
      >
        <Column
          header={t('ui.columns.person')}
          body={(a: LeaveApproval) => `${a.request.person.firstName} ${a.request.person.lastName}`.trim()}
        />
        <Column header={t('ui.columns.type')} body={(a: LeaveApproval) => a.request.absenceType.name} />
        <Column header={t('ui.columns.dates')} body={(a: LeaveApproval) => spanText(a.request, t)} />
        <Column
          header={t('ui.columns.duration')}
          body={(a: LeaveApproval) => daysText(a.request.duration, t)}
        />
        <Column header={t('ui.columns.reason')} body={(a: LeaveApproval) => a.request.reason ?? ''} />
        <Column
          header={t('ui.columns.status')}
          body={(a: LeaveApproval) => (
            <Tag value={t(`status.${a.request.status}`)} severity={statusSeverity(a.request.status)} />
          )}
        />
        <Column
          body={(a: LeaveApproval) =>
            a.request.abilities.decide && a.status === 'WAITING FOR APPROVAL' ? (
              <div className="lv-row-actions">
                {a.request.attachment && (
                  <Button
                    icon="pi pi-paperclip"
                    text
                    rounded
                    aria-label={t('ui.attachment')}
                    onClick={() => void leaveApi.attachment(a.request.id)}
                  />
                )}
                <Button
                  label={t('ui.approve')}
                  size="small"
                  severity="success"
                  data-testid="approve"
                  onClick={() => void run(() => leaveApi.decide(a.id, 'APPROVED'), t('ui.approved'))}
                />
                <Button
                  label={t('ui.reject')}
                  size="small"
                  severity="danger"
                  outlined
                  onClick={() => setRejecting(a)}
                />
              </div>
            ) : null
          }
        />
      </DataTable>
      {rejecting && (
        <RejectDialog
          title={t('ui.rejectTitle', {
            name: `${rejecting.request.person.firstName} ${rejecting.request.person.lastName}`.trim(),
          })}
          reject={(reason) => leaveApi.decide(rejecting.id, 'REJECTED', reason)}
          invalidate={[leaveKeys.all]}
          onClose={() => setRejecting(null)}
        />
      )}
    </div>
  );
}

/** Who decides for me while I am away. */
function SubstitutePicker() {
  const { t } = useTranslation('leave');
  const substitute = useSubstitute();
  const candidates = useApproverCandidates('');
  const run = useRunAction([leaveKeys.substitute]);
  const current = substitute.data?.substitute ?? null;
  const options = [
    { value: '', label: t('ui.noSubstitute') },
    ...(candidates.data?.items ?? []).map((p) => ({
      value: p.id,
      label: `${p.firstName} ${p.lastName}`.trim(),
    })),
  ];
  return (
    <label className="lv-field" style={{ minWidth: '16rem' }}>
      <span className="lv-hint">{t('ui.substitute')}</span>
      <Dropdown
        value={current?.id ?? ''}
        options={options}
        filter
        onChange={(event) =>
          void run(() => leaveApi.setSubstitute((event.value as string) || null), t('ui.substituteSaved'))
        }
      />
    </label>
  );
}
