import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A confirmation that names its action: the button says what happens ("Delete department"), never
 * "Yes". When the action cannot be done, the button is disabled and `disabledReason` says why.
 */
export function ConfirmAction({
  visible,
  title,
  message,
  action,
  severity = 'danger',
  disabledReason,
  busy = false,
  onConfirm,
  onCancel,
}: {
  visible: boolean;
  title: string;
  message?: ReactNode;
  /** The button's label: the action itself. */
  action: string;
  severity?: 'danger' | 'warning' | 'primary';
  disabledReason?: string | null;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={visible}
      onHide={onCancel}
      header={title}
      modal
      draggable={false}
      resizable={false}
      className="confirm-action"
      data-testid="confirm-dialog"
      footer={
        <div className="confirm-action__footer">
          <Button type="button" label={t('actions.cancel')} text severity="secondary" onClick={onCancel} />
          <Button
            type="button"
            label={action}
            severity={severity === 'primary' ? undefined : severity}
            disabled={Boolean(disabledReason)}
            loading={busy}
            onClick={onConfirm}
            data-testid="confirm-accept"
          />
        </div>
      }
    >
      <div className="confirm-action__body">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" />
        <div>
          {message && <p>{message}</p>}
          {disabledReason && <Message severity="warn" text={disabledReason} data-testid="confirm-reason" />}
        </div>
      </div>
    </Dialog>
  );
}
