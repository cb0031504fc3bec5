import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_ROLES, type CloudService } from '../../../shared/connections.schemas.ts';
import type { FormMutation } from '../../forms/use-form-mutation.ts';

/** The cloud services as people name them. */
export const SERVICE_LABEL: Record<CloudService, string> = { AWS: 'AWS', AZURE: 'Azure' };

/** The access roles of a cloud account, translated, for a dropdown. */
export function useRoleOptions() {
  const { t } = useTranslation('projectLinks');
  return CLOUD_ROLES.map((role) => ({ value: role, label: t(`cloud.roles.${role}`) }));
}

/**
 * The dialog every cloud-account form uses (add, select, edit): the form, its general error on top,
 * and Cancel / Save in the footer (Save submits the form: `cloud-save` for tests).
 */
export function CloudFormDialog<Values>({
  header,
  form,
  save,
  onClose,
  children,
}: {
  header: string;
  form: { formId: string; values: Values };
  save: Pick<FormMutation<Values, unknown>, 'submitting' | 'message' | 'submit'>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('projectLinks');
  return (
    <Dialog
      visible
      header={header}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(34rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="pm-footer">
          <Button type="button" label={t('cancel')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('save')}
            icon="pi pi-check"
            loading={save.submitting}
            data-testid="cloud-save"
          />
        </div>
      }
    >
      <form
        id={form.formId}
        className="pm-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save.submit(form.values);
        }}
      >
        {save.message && <p className="pm-error pm-field--wide">{save.message}</p>}
        {children}
      </form>
    </Dialog>
  );
}
