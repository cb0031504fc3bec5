import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormMutation } from '../../forms/use-form-mutation.ts';

/** A dialog form with Save and Close in its footer (the content scrolls, the buttons stay). */
export function FormDialog({
  header,
  formId,
  dirty,
  save,
  onClose,
  onSubmit,
  testId,
  children,
}: {
  header: string;
  formId: string;
  dirty: boolean;
  save: Pick<FormMutation<unknown, unknown>, 'submitting' | 'message'>;
  onClose: () => void;
  onSubmit: () => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('recurringTasks');
  return (
    <Dialog
      visible
      header={header}
      onHide={onClose}
      closeOnEscape={!dirty}
      className="form-dialog"
      style={{ width: 'min(34rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          <Button type="button" label={t('ui.close')} text onClick={onClose} />
          <Button
            type="submit"
            form={formId}
            label={t('ui.save')}
            icon="pi pi-check"
            loading={save.submitting}
            data-testid={`${testId}-submit`}
          />
        </div>
      }
    >
      <form
        id={formId}
        className="lv-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {save.message && <p className="lv-error lv-wide">{save.message}</p>}
        {children}
      </form>
    </Dialog>
  );
}

/** A field's error, under it. */
export const fieldError = (errors: Record<string, string>, field: string) =>
  errors[field] && (
    <small className="lv-error" role="alert">
      {errors[field]}
    </small>
  );
