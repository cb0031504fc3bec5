import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { accessControlApi } from './access-control.api.ts';

/**
 * Asks the administrators for access to a screen (on its 403 page, or on the home page of someone
 * who may open nothing yet). The confirmation says it will be reviewed within 24 hours (spec
 * section 2); a granted request reaches the open page live.
 */
export function RequestAccess({
  path,
  permission,
  startOpen = false,
}: {
  /** The page asked for: reviewers see it by its screen's name. */
  path: string;
  /** The permission the page needs, when known. */
  permission?: string;
  startOpen?: boolean;
}) {
  const { t } = useTranslation(['account', 'errors']);
  const session = useSession();
  const [open, setOpen] = useState(startOpen);
  const [sent, setSent] = useState<'sent' | 'alreadyPending' | null>(null);
  const form = useFormValues({ reason: '' });
  const send = useFormMutation({
    mutationFn: async (reason: string) => {
      const before = await accessControlApi.myRequests();
      const request = await accessControlApi.requestAccess({
        path,
        ...(permission && { permission }),
        ...(reason.trim() && { reason: reason.trim() }),
      });
      return before.items.some((item) => item.id === request.id) ? 'alreadyPending' : 'sent';
    },
    onSuccess: (outcome) => setSent(outcome),
  });

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

  return (
    <form
      id={form.formId}
      className="request-access"
      data-testid="request-access-form"
      onSubmit={(event) => {
        event.preventDefault();
        void send.submit(form.values.reason);
      }}
    >
      {send.error !== null && (
        <Message severity="error" text={send.message ?? Object.values(send.fieldErrors).join(' ')} />
      )}
      <label htmlFor="access-reason">{t('requestAccess.reason')}</label>
      <InputTextarea
        id="access-reason"
        name="reason"
        value={form.values.reason}
        rows={3}
        maxLength={5000}
        onChange={(event) => form.set('reason', event.target.value)}
      />
      <div className="request-access__actions">
        <Button
          type="button"
          label={t('requestAccess.cancel')}
          severity="secondary"
          text
          onClick={() => setOpen(false)}
        />
        <Button type="submit" label={t('requestAccess.send')} loading={send.submitting} />
      </div>
    </form>
  );
}
