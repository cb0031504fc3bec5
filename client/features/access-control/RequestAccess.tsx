import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../api/session.ts';
import { errorMessage } from '../account/account.api.ts';
import { accessControlApi } from './access-control.api.ts';

/**
 * On the 403 page of a signed-in person: ask the administrators for access to this page. The
 * confirmation says it will be reviewed within 24 hours (spec section 2).
 */
export function RequestAccess({ permission }: { permission?: string }) {
  const { t } = useTranslation(['account', 'errors']);
  const session = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState<'sent' | 'alreadyPending' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);

  if (!session) return null;
  if (sent) {
    return (
      <Message
        severity="success"
        text={t(sent === 'sent' ? 'requestAccess.sent' : 'requestAccess.alreadyPending')}
        className="request-access__done"
        data-testid="access-requested"
      />
    );
  }
  if (!open) {
    return (
      <Button
        label={t('requestAccess.button')}
        icon="pi pi-send"
        className="request-access__button"
        onClick={() => setOpen(true)}
      />
    );
  }

  async function send() {
    setSending(true);
    setError(null);
    try {
      const before = await accessControlApi.myRequests();
      const request = await accessControlApi.requestAccess({
        path: pathname,
        ...(permission && { permission }),
        ...(reason.trim() && { reason: reason.trim() }),
      });
      const existed = before.items.some((item) => item.id === request.id);
      setSent(existed ? 'alreadyPending' : 'sent');
    } catch (caught) {
      setError(caught);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="request-access" data-testid="request-access-form">
      {error !== null && <Message severity="error" text={errorMessage(error, t)} />}
      <label htmlFor="access-reason">{t('requestAccess.reason')}</label>
      <InputTextarea
        id="access-reason"
        value={reason}
        rows={3}
        maxLength={5000}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="request-access__actions">
        <Button label={t('requestAccess.cancel')} severity="secondary" text onClick={() => setOpen(false)} />
        <Button label={t('requestAccess.send')} loading={sending} onClick={() => void send()} />
      </div>
    </div>
  );
}
