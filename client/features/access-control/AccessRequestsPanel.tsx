import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { Toast } from 'primereact/toast';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessRequest } from '../../../shared/account.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { errorMessage, fieldErrors } from '../account/account.api.ts';
import { rolesApi, rolesKeys } from '../roles/roles.api.ts';
import { accessControlApi, accessControlKeys } from './access-control.api.ts';

type Review = { kind: 'grant' | 'deny'; request: AccessRequest } | null;
const STATUS_SEVERITY = { PENDING: 'warning', GRANTED: 'success', DENIED: 'danger' } as const;

/** Requests from people who lack a permission: reviewers grant (with a chosen access role) or decline. */
export function AccessRequestsPanel() {
  const { t } = useTranslation(['roles', 'common', 'errors']);
  const queryClient = useQueryClient();
  const toast = useRef<Toast>(null);
  const [status, setStatus] = useState<string>('PENDING');
  const filter = status === 'ALL' ? undefined : status;
  const requests = useQuery({
    queryKey: accessControlKeys.requests(filter),
    queryFn: () => accessControlApi.requests(filter),
  });
  const roles = useQuery({ queryKey: rolesKeys.list('ACCESS'), queryFn: () => rolesApi.list('ACCESS') });
  const [review, setReview] = useState<Review>(null);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const errors = fieldErrors(error);

  const open = (kind: 'grant' | 'deny', request: AccessRequest) => {
    setReview({ kind, request });
    setRoleId(null);
    setNote('');
    setError(null);
  };

  async function submit() {
    if (!review) return;
    setSaving(true);
    setError(null);
    try {
      if (review.kind === 'grant')
        await accessControlApi.grant(review.request.id, {
          roleId: roleId ?? '',
          ...(note.trim() && { note }),
        });
      else await accessControlApi.deny(review.request.id, { ...(note.trim() && { note }) });
      toast.current?.show({
        severity: 'success',
        summary: t(
          review.kind === 'grant' ? 'accessControl.requests.granted' : 'accessControl.requests.denied',
        ),
        life: 3000,
      });
      setReview(null);
      await queryClient.invalidateQueries({ queryKey: ['access-requests'] });
      await queryClient.invalidateQueries({ queryKey: ['access-roles'] });
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  }

  const statusOptions = ['PENDING', 'GRANTED', 'DENIED', 'ALL'].map((value) => ({
    value,
    label:
      value === 'ALL' ? t('accessControl.requests.filterAll') : t(`accessControl.requests.statuses.${value}`),
  }));
  const activeRoles = (roles.data?.items ?? []).filter((role) => role.status === 'ACTIVE');

  return (
    <section className="access-requests" data-testid="access-requests">
      <Toast ref={toast} position="bottom-right" />
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
          <Column header={t('accessControl.requests.page')} field="path" />
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
                    onClick={() => open('grant', r)}
                  />
                )}
                {r.abilities.deny && (
                  <Button
                    label={t('accessControl.requests.deny')}
                    size="small"
                    severity="danger"
                    outlined
                    onClick={() => open('deny', r)}
                  />
                )}
              </div>
            )}
          />
        </DataTable>
      )}
      <Dialog
        visible={review !== null}
        onHide={() => setReview(null)}
        header={
          review?.kind === 'grant'
            ? t('accessControl.requests.grantTitle')
            : t('accessControl.requests.denyTitle')
        }
        modal
        draggable={false}
        footer={
          <>
            <Button label={t('dialog.cancel')} severity="secondary" text onClick={() => setReview(null)} />
            <Button
              label={
                review?.kind === 'grant'
                  ? t('accessControl.requests.grant')
                  : t('accessControl.requests.deny')
              }
              severity={review?.kind === 'deny' ? 'danger' : undefined}
              loading={saving}
              onClick={() => void submit()}
            />
          </>
        }
      >
        <div className="form-stack">
          {review && (
            <p>
              {fullName(review.request.requester)} · {review.request.path}
            </p>
          )}
          {error !== null && Object.keys(errors).length === 0 && (
            <Message severity="error" text={errorMessage(error, t)} />
          )}
          {review?.kind === 'grant' && (
            <>
              <label htmlFor="grant-role">{t('accessControl.requests.chooseRole')}</label>
              <Dropdown
                inputId="grant-role"
                value={roleId}
                options={activeRoles}
                optionLabel="name"
                optionValue="id"
                invalid={Boolean(errors.roleId)}
                onChange={(event) => setRoleId(event.value as string)}
              />
              {errors.roleId && <small className="field-error">{errors.roleId}</small>}
            </>
          )}
          <label htmlFor="review-note">{t('accessControl.requests.note')}</label>
          <InputTextarea
            id="review-note"
            value={note}
            rows={3}
            maxLength={5000}
            onChange={(event) => setNote(event.target.value)}
          />
          {errors.note && <small className="field-error">{errors.note}</small>}
        </div>
      </Dialog>
    </section>
  );
}
