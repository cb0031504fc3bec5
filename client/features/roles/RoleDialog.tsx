import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import type { RoleType } from '../../../shared/permissions.ts';
import type { Role } from '../../../shared/roles.schemas.ts';
import { errorMessage } from '../../api/errors.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { PermissionPicker } from './PermissionPicker.tsx';
import type { RoleInput } from './roles.api.ts';
import { usePermissionCatalog } from './roles.queries.ts';

/**
 * Create or edit a role: name, description and its permissions. The permission list scrolls inside
 * the dialog; Save and Cancel stay in its footer, in view on a laptop screen (1280×800).
 */
export function RoleDialog({
  type,
  role,
  onSave,
  onClose,
}: {
  type: RoleType;
  /** The role to edit; absent to create one. */
  role?: Role;
  onSave: (input: RoleInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['roles', 'errors']);
  const permissions = usePermissionCatalog(type);
  const form = useFormValues({
    name: role?.name ?? '',
    description: role?.description ?? '',
    permissions: role?.permissions ?? [],
  });
  const guard = useUnsavedChanges(form.dirty);
  const save = useFormMutation({
    mutationFn: onSave,
    onSuccess: () => {
      guard.release();
      onClose();
    },
  });
  const errors = save.fieldErrors;
  const { values, set } = form;

  return (
    <Dialog
      visible
      onHide={onClose}
      header={role ? t('dialog.editTitle') : t('dialog.createTitle')}
      className="role-dialog form-dialog"
      modal
      draggable={false}
      footer={
        <div className="form-stack__actions">
          <Button type="button" label={t('dialog.cancel')} severity="secondary" text onClick={onClose} />
          <Button type="submit" form={form.formId} label={t('dialog.save')} loading={save.submitting} />
        </div>
      }
    >
      {guard.prompt}
      <form
        id={form.formId}
        className="form-stack"
        onSubmit={(event) => {
          event.preventDefault();
          void save.submit({
            name: values.name,
            description: values.description.trim() || null,
            permissions: values.permissions,
          });
        }}
        noValidate
        data-testid="role-form"
      >
        {save.message && <Message severity="error" text={save.message} />}
        <label htmlFor="role-name">{t('dialog.name')}</label>
        <InputText
          id="role-name"
          name="name"
          value={values.name}
          maxLength={255}
          invalid={Boolean(errors.name)}
          onChange={(event) => set('name', event.target.value)}
          data-pc-autofocus="true"
        />
        {errors.name && <small className="field-error">{errors.name}</small>}
        <label htmlFor="role-description">{t('dialog.description')}</label>
        <InputTextarea
          id="role-description"
          name="description"
          value={values.description}
          rows={2}
          maxLength={5000}
          invalid={Boolean(errors.description)}
          onChange={(event) => set('description', event.target.value)}
        />
        {errors.description && <small className="field-error">{errors.description}</small>}
        <span className="form-stack__label">{t('dialog.permissions')}</span>
        {permissions.error ? (
          <Message severity="error" text={errorMessage(permissions.error, t)} />
        ) : (
          <PermissionPicker
            permissions={permissions.data?.items ?? []}
            value={values.permissions}
            onChange={(next) => set('permissions', next)}
          />
        )}
        {errors.permissions && <small className="field-error">{errors.permissions}</small>}
      </form>
    </Dialog>
  );
}
