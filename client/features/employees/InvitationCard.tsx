import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import type { Toast } from 'primereact/toast';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import type { InvitationLink, InvitationState } from '../../../shared/employee-profile.schemas.ts';
import type { EmployeeSummary } from '../../../shared/employees.schemas.ts';
import { formatDateTime } from '../../../shared/rules/date-time.ts';
import { employeesApi } from './employees.api.ts';
import { employeeKeys } from './employees.queries.ts';
import { profileApi } from './profile.api.ts';
import { profileKeys, useInvitationState } from './profile.queries.ts';

const MAIL_SEVERITY = { QUEUED: 'info', SENT: 'success', FAILED: 'danger', KEPT: 'warning' } as const;

/** An instant in the reader's time zone, with the zone's name. */
function when(value: string) {
  const formatted = formatDateTime(value);
  return `${formatted.text} (${formatted.timeZone})`;
}

/**
 * A PENDING person's invitation: where the mail stands (queued, sent, failed, or kept in the outbox
 * when no mail server is set up) and a fresh link HR can copy and hand over themselves.
 */
export function InvitationCard({
  person,
  toast,
}: {
  person: EmployeeSummary;
  toast: RefObject<Toast | null>;
}) {
  const { t } = useTranslation(['profile', 'people', 'errors']);
  const queryClient = useQueryClient();
  const state = useInvitationState(person.id);
  const [link, setLink] = useState<InvitationLink | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (error: unknown) =>
    toast.current?.show({ severity: 'error', summary: errorMessage(error, t), life: 6000 });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.invitation(person.id) }),
      queryClient.invalidateQueries({ queryKey: profileKeys.historyOf(person.id) }),
      queryClient.invalidateQueries({ queryKey: employeeKeys.one(person.id) }),
    ]);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.current?.show({ severity: 'success', summary: t('invitation.copied'), life: 4000 });
    } catch {
      // Without clipboard access (plain http), the link stays selected in the box for copying by hand.
      toast.current?.show({ severity: 'info', summary: t('invitation.copyByHand'), life: 6000 });
    }
  }

  async function issue() {
    setBusy(true);
    try {
      const issued = await profileApi.invitationLink(person.id);
      setLink(issued);
      await copy(issued.url);
      await refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    try {
      await employeesApi.resendInvitation(person.id);
      setLink(null);
      toast.current?.show({
        severity: 'success',
        summary: t('people:messages.invitationSent', { email: person.email }),
        life: 4000,
      });
      await refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  const data: InvitationState | undefined = state.data;
  return (
    <section className="people-card" data-testid="profile-invitation" aria-label={t('sections.invitation')}>
      <div className="profile-card__head">
        <h3>{t('sections.invitation')}</h3>
        {data?.mail && (
          <Tag
            value={t(`invitation.mailStatus.${data.mail.status}`)}
            severity={MAIL_SEVERITY[data.mail.status]}
            data-testid="invitation-mail-status"
          />
        )}
      </div>
      {state.isError && <Message severity="error" text={errorMessage(state.error, t)} />}
      {data && (
        <dl className="profile-list">
          <dt>{t('invitation.mail')}</dt>
          <dd data-testid="invitation-mail">
            {!data.mail
              ? t('invitation.noMail')
              : data.mail.status === 'SENT' && data.mail.sentAt
                ? t('invitation.sentAt', { when: when(data.mail.sentAt) })
                : data.mail.status === 'FAILED'
                  ? t('invitation.failed', { count: data.mail.attempts })
                  : data.mail.status === 'KEPT'
                    ? t('invitation.kept')
                    : t('invitation.queued', { when: when(data.mail.createdAt) })}
            {data.mail && !data.mail.carriesCurrentLink && (
              <>
                <br />
                <small>{t('invitation.mailReplaced')}</small>
              </>
            )}
          </dd>
          <dt>{t('invitation.link')}</dt>
          <dd data-testid="invitation-link-state">
            {!data.link
              ? t('invitation.noLink')
              : data.link.usable
                ? t('invitation.validUntil', { when: when(data.link.expiresAt) })
                : t('invitation.linkExpired')}
          </dd>
        </dl>
      )}
      <div className="profile-actions">
        {person.abilities.resendInvitation && (
          <Button
            outlined
            icon="pi pi-send"
            label={t('people:actions.resendInvitation')}
            disabled={busy}
            onClick={() => void resend()}
          />
        )}
        <Button
          icon="pi pi-link"
          label={t('actions.copyLink')}
          loading={busy}
          onClick={() => void issue()}
          data-testid="copy-invitation-link"
        />
      </div>
      <small>{t('invitation.copyNote')}</small>
      {link && (
        <div className="profile-link">
          <InputText
            readOnly
            value={link.url}
            aria-label={t('invitation.link')}
            data-testid="invitation-link"
            onFocus={(event) => event.target.select()}
          />
          <Button
            icon="pi pi-copy"
            outlined
            aria-label={t('invitation.copy')}
            tooltip={t('invitation.copy')}
            onClick={() => void copy(link.url)}
          />
        </div>
      )}
      {link && (
        <small data-testid="invitation-link-expiry">
          {t('invitation.validUntil', { when: when(link.expiresAt) })}
        </small>
      )}
    </section>
  );
}
