import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';

/**
 * Reject with a reason, the requester reads it: one dialog for every request people approve
 * (leave, overtime …). `reject(reason)` sends the decision.
 */
export function RejectDialog({
  title,
  reject,
  invalidate,
  onClose,
}: {
  title: string;
  reject: (reason: string) => Promise<unknown>;
  invalidate: readonly QueryKey[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['leave', 'errors']);
  const form = useFormValues({ reason: '' });
  const save = useFormMutation({
    mutationFn: reject,
    invalidate,
    success: t('leave:ui.rejected'),
    onSuccess: onClose,
  });
  return (
    <Dialog
      visible
      header={title}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(30rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          <Button type="button" label={t('leave:ui.close')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('leave:ui.reject')}
            severity="danger"
            loading={save.submitting}
          />
        </div>
      }
    >
      <form
        id={form.formId}
        className="lv-field"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!form.values.reason.trim())
            return save.setProblems({ reason: t('errors:validation.rejectionReasonRequired') });
          void save.submit(form.values.reason.trim());
        }}
      >
        <label htmlFor="reject-reason">{t('leave:ui.fields.reason')}</label>
        <InputTextarea
          id="reject-reason"
          name="reason"
          rows={3}
          autoResize
          maxLength={1000}
          value={form.values.reason}
          onChange={(event) => (form.set('reason', event.target.value), save.clear('reason'))}
          // The dialog's focus trap focuses this (React's autoFocus is undone by it: the trap then
          // focuses its first element, the close button): one types the reason at once.
          data-pc-autofocus="true"
        />
        {(save.fieldErrors.reason || save.message) && (
          <small className="lv-error" role="alert">
            {save.fieldErrors.reason ?? save.message}
          </small>
        )}
      </form>
    </Dialog>
  );
}
