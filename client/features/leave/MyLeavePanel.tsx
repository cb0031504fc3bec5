import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeaveRequest } from '../../../shared/leave.schemas.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { daysText, spanText, statusSeverity } from './leave-format.ts';
import { leaveApi, leaveKeys, useBalances, useMyRequests } from './leave.queries.ts';
import { LeaveRequestDialog } from './LeaveRequestDialog.tsx';

/** One's balances per absence type, one's requests, and the request form. */
export function MyLeavePanel() {
  const { t } = useTranslation('leave');
  const [page, setPage] = useState({ page: 1, perPage: 10 });
  const balances = useBalances();
  const requests = useMyRequests(page);
  const [editing, setEditing] = useState<LeaveRequest | 'new' | null>(null);
  const [confirm, setConfirm] = useState<{ request: LeaveRequest; action: 'delete' | 'cancel' } | null>(null);
  const run = useRunAction([leaveKeys.all]);

  return (
    <div className="lv-page">
      <div className="lv-bar">
        <h3>{t('ui.balances', { year: balances.data?.year ?? '' })}</h3>
        <Button
          label={t('ui.newRequest')}
          icon="pi pi-plus"
          onClick={() => setEditing('new')}
          data-testid="leave-new"
        />
      </div>
      <div className="lv-balances" data-testid="leave-balances">
        {balances.data?.items.map((balance) => (
          <section
            className="lv-card"
            key={balance.absenceType.id}
            data-testid={`balance-${balance.absenceType.name}`}
          >
            <h3>{balance.absenceType.name}</h3>
            <div className="lv-remaining" data-testid="balance-remaining">
              {daysText(balance.remaining, t)}
            </div>
            <span className="lv-hint">{t('balance.remaining')}</span>
            <dl className="lv-facts">
              <dt>{t('balance.entitled')}</dt>
              <dd>{balance.entitled}</dd>
              {balance.carriedOver > 0 && (
                <>
                  <dt>{t('balance.carriedOver')}</dt>
                  <dd>{balance.carriedOver}</dd>
                </>
              )}
              {balance.expired > 0 && (
                <>
                  <dt>{t('balance.expired')}</dt>
                  <dd>{balance.expired}</dd>
                </>
              )}
              <dt>{t('balance.used')}</dt>
              <dd data-testid="balance-used">{balance.used}</dd>
              <dt>{t('balance.pending')}</dt>
              <dd data-testid="balance-pending">{balance.pending}</dd>
            </dl>
          </section>
        ))}
      </div>
      <h3>{t('ui.myRequests')}</h3>
      <DataTable
        value={requests.data?.items ?? []}
        loading={requests.isFetching && !requests.data}
        lazy
        paginator
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        totalRecords={requests.data?.total ?? 0}
        onPage={(event) => setPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        emptyMessage={t('ui.noRequests')}
        cellMemo={false}
        dataKey="id"
        data-testid="my-requests"
      >
        <Column header={t('ui.columns.type')} body={(r: LeaveRequest) => r.absenceType.name} />
        <Column header={t('ui.columns.dates')} body={(r: LeaveRequest) => spanText(r, t)} />
        <Column header={t('ui.columns.duration')} body={(r: LeaveRequest) => daysText(r.duration, t)} />
        <Column
          header={t('ui.columns.status')}
          body={(r: LeaveRequest) => (
            <Tag
              value={t(`status.${r.status}`)}
              severity={statusSeverity(r.status)}
              data-testid="request-status"
            />
          )}
        />
        <Column
          header={t('ui.columns.approvers')}
          body={(r: LeaveRequest) =>
            r.approvers
              .map(
                (a) =>
                  `${a.firstName} ${a.lastName}`.trim() +
                  (a.status === 'WAITING FOR APPROVAL' ? '' : ` (${t(`status.${a.status}`)})`),
              )
              .join(', ')
          }
        />
        <Column
          body={(r: LeaveRequest) => (
            <div className="lv-row-actions">
              {r.attachment && (
                <Button
                  icon="pi pi-paperclip"
                  text
                  rounded
                  aria-label={t('ui.attachment')}
                  onClick={() => void leaveApi.attachment(r.id)}
                />
              )}
              {r.abilities.edit && (
                <Button
                  icon="pi pi-pencil"
                  text
                  rounded
                  aria-label={t('ui.edit')}
                  onClick={() => setEditing(r)}
                />
              )}
              {r.abilities.delete && (
                <Button
                  icon="pi pi-trash"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('ui.delete')}
                  onClick={() => setConfirm({ request: r, action: 'delete' })}
                />
              )}
              {r.abilities.cancel && (
                <Button
                  label={t('ui.cancelLeave')}
                  text
                  size="small"
                  onClick={() => setConfirm({ request: r, action: 'cancel' })}
                />
              )}
            </div>
          )}
        />
      </DataTable>
      {editing && (
        <LeaveRequestDialog request={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmAction
        visible={confirm !== null}
        title={confirm?.action === 'cancel' ? t('ui.cancelTitle') : t('ui.deleteTitle')}
        message={confirm ? `${confirm.request.absenceType.name}: ${spanText(confirm.request, t)}` : undefined}
        action={confirm?.action === 'cancel' ? t('ui.cancelLeave') : t('ui.deleteRequest')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const current = confirm!;
          setConfirm(null);
          void run(
            () =>
              current.action === 'cancel'
                ? leaveApi.cancel(current.request.id)
                : leaveApi.remove(current.request.id),
            current.action === 'cancel' ? t('ui.cancelled') : t('ui.deleted'),
          );
        }}
      />
    </div>
  );
}
