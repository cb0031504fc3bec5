import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessRequest } from '../../../shared/account.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { screenName } from '../../../shared/rules/titles.ts';
import { errorMessage } from '../../api/errors.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useRoles } from '../roles/roles.queries.ts';
import { accessControlApi } from './access-control.api.ts';
import { accessControlKeys, useAccessRequests } from './access-control.queries.ts';

type Review = { kind: 'grant' | 'deny'; request: AccessRequest };
const STATUS_SEVERITY = { PENDING: 'warning', GRANTED: 'success', DENIED: 'danger' } as const;

/** Requests from people who lack a permission: reviewers grant (with a chosen access role) or decline. */
export function AccessRequestsPanel() {
  const { t } = useTranslation(['roles', 'common', 'errors']);
  const [status, setStatus] = useState<string>('PENDING');
  const filter = status === 'ALL' ? undefined : status;
  const requests = useAccessRequests(filter);
  const [review, setReview] = useState<Review | null>(null);

  const statusOptions = ['PENDING', 'GRANTED', 'DENIED', 'ALL'].map((value) => ({
    value,
    label:
      value === 'ALL' ? t('accessControl.requests.filterAll') : t(`accessControl.requests.statuses.${value}`),
  }));

  return (
    <section className="access-requests" data-testid="access-requests">
      <SelectButton
        value={status}
        options={statusOptions}
        allowEmpty={false}
        onChange={(event) => setStatus(event.value as string)}
      />
      {requests.error ? (
        <Message severity="error" text={errorMessage(requests.error, t)} />
      ) : (
        <DataTable
          value={requests.data?.items ?? []}
          loading={requests.isLoading}
          dataKey="id"
          size="small"
          cellMemo={false}
          emptyMessage={t('accessControl.requests.empty')}
        >
          <Column
            header={t('accessControl.requests.requester')}
            body={(r: AccessRequest) => (
              <div>
                <strong>{fullName(r.requester)}</strong>
                <br />
                <small>{r.requester.email}</small>
              </div>
            )}
          />
          <Column
            header={t('accessControl.requests.page')}
            body={(r: AccessRequest) => <span title={r.path}>{screenName(t, r.path)}</span>}
          />
          <Column
            header={t('accessControl.requests.permission')}
            body={(r: AccessRequest) =>
              r.permission ? t(`permissions.${r.permission}`, { defaultValue: r.permission }) : '—'
            }
          />
          <Column header={t('accessControl.requests.reason')} body={(r: AccessRequest) => r.reason ?? '—'} />
          <Column
            header={t('accessControl.requests.createdAt')}
            body={(r: AccessRequest) => formatDate(r.createdAt)}
          />
          <Column
            header={t('accessControl.requests.status')}
            body={(r: AccessRequest) => (
              <div>
                <Tag
                  value={t(`accessControl.requests.statuses.${r.status}`)}
                  severity={STATUS_SEVERITY[r.status]}
                />
                {r.grantedRole && <small> · {r.grantedRole.name}</small>}
                {r.reviewedBy && (
                  <>
                    <br />
                    <small>{t('accessControl.requests.reviewedBy', { name: fullName(r.reviewedBy) })}</small>
                  </>
                )}
              </div>
            )}
          />
          <Column
            body={(r: AccessRequest) => (
              <div className="roles-panel__actions">
                {r.abilities.grant && (
                  <Button
                    label={t('accessControl.requests.grant')}
                    size="small"
                    onClick={() => setReview({ kind: 'grant', request: r })}
                  />
                )}
                {r.abilities.deny && (
                  <Button
                    label={t('accessControl.requests.deny')}
                    size="small"
                    severity="danger"
                    outlined
                    onClick={() => setReview({ kind: 'deny', request: r })}
                  />
                )}
              </div>
            )}
          />
        </DataTable>
      )}
      {review && <ReviewDialog key={review.request.id} review={review} onClose={() => setReview(null)} />}
    </section>
  );
}

/** Grant (with an access role) or decline one request, with a note for the person. */
function ReviewDialog({ review, onClose }: { review: Review; onClose: () => void }) {
  const { t } = useTranslation(['roles', 'common', 'errors']);
  const roles = useRoles('ACCESS');
  const form = useFormValues({ roleId: '', note: '' });
  const grant = review.kind === 'grant';
  const submit = useFormMutation({
    mutationFn: ({ roleId, note }: { roleId: string; note: string }) =>
      grant
        ? accessControlApi.grant(review.request.id, { roleId, ...(note.trim() && { note }) })
        : accessControlApi.deny(review.request.id, { ...(note.trim() && { note }) }),
    invalidate: [accessControlKeys.requestsAll, accessControlKeys.membersAll],
    success: t(grant ? 'accessControl.requests.granted' : 'accessControl.requests.denied'),
    onSuccess: onClose,
  });
  const errors = submit.fieldErrors;
  const activeRoles = (roles.data?.items ?? []).filter((role) => role.status === 'ACTIVE');

  return (
    <Dialog
      visible
      onHide={onClose}
      header={grant ? t('accessControl.requests.grantTitle') : t('accessControl.requests.denyTitle')}
      className="form-dialog"
      modal
      draggable={false}
      footer={
        <>
          <Button type="button" label={t('dialog.cancel')} severity="secondary" text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={grant ? t('accessControl.requests.grant') : t('accessControl.requests.deny')}
            severity={grant ? undefined : 'danger'}
            loading={submit.submitting}
          />
        </>
      }
    >
      <form
        id={form.formId}
        className="form-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit.submit(form.values);
        }}
      >
        <p>
          {fullName(review.request.requester)} · {screenName(t, review.request.path)}
        </p>
        {submit.message && <Message severity="error" text={submit.message} />}
        {grant && (
          <>
            <label htmlFor="grant-role">{t('accessControl.requests.chooseRole')}</label>
            <Dropdown
              inputId="grant-role"
              value={form.values.roleId || null}
              options={activeRoles}
              optionLabel="name"
              optionValue="id"
              invalid={Boolean(errors.roleId)}
              onChange={(event) => form.set('roleId', (event.value as string | null) ?? '')}
            />
            {errors.roleId && <small className="field-error">{errors.roleId}</small>}
          </>
        )}
        <label htmlFor="review-note">{t('accessControl.requests.note')}</label>
        <InputTextarea
          id="review-note"
          name="note"
          value={form.values.note}
          rows={3}
          maxLength={5000}
          onChange={(event) => form.set('note', event.target.value)}
        />
        {errors.note && <small className="field-error">{errors.note}</small>}
      </form>
    </Dialog>
  );
}
