import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleType } from '../../../shared/permissions.ts';
import type { Role } from '../../../shared/roles.schemas.ts';
import { errorMessage, fieldErrors } from '../account/account.api.ts';
import { PermissionPicker } from './PermissionPicker.tsx';
import { rolesApi, rolesKeys, type RoleInput } from './roles.api.ts';

/** Create or edit a role: name, description and its permissions. */
export function RoleDialog({
  type,
  role,
  onSave,
  onClose,
}: {
  type: RoleType;
  /** The role to edit; absent to create one. */
  role?: Role;
  onSave: (input: RoleInput) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['roles', 'errors']);
  const permissions = useQuery({
    queryKey: rolesKeys.permissions(type),
    queryFn: () => rolesApi.permissions(type),
  });
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [selected, setSelected] = useState<string[]>(role?.permissions ?? []);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const errors = fieldErrors(error);
  const permissionError = Object.entries(errors).find(([field]) => field.startsWith('permissions'))?.[1];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onSave({ name, description: description.trim() || null, permissions: selected });
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      visible
      onHide={onClose}
      header={role ? t('dialog.editTitle') : t('dialog.createTitle')}
      className="role-dialog"
      modal
      draggable={false}
    >
      <form className="form-stack" onSubmit={submit} noValidate data-testid="role-form">
        {error !== null && Object.keys(errors).length === 0 && (
          <Message severity="error" text={errorMessage(error, t)} />
        )}
        <label htmlFor="role-name">{t('dialog.name')}</label>
        <InputText
          id="role-name"
          value={name}
          maxLength={255}
          invalid={Boolean(errors.name)}
          onChange={(event) => setName(event.target.value)}
          autoFocus
        />
        {errors.name && <small className="field-error">{errors.name}</small>}
        <label htmlFor="role-description">{t('dialog.description')}</label>
        <InputTextarea
          id="role-description"
          value={description}
          rows={2}
          maxLength={5000}
          invalid={Boolean(errors.description)}
          onChange={(event) => setDescription(event.target.value)}
        />
        {errors.description && <small className="field-error">{errors.description}</small>}
        <span className="form-stack__label">{t('dialog.permissions')}</span>
        {permissions.error ? (
          <Message severity="error" text={errorMessage(permissions.error, t)} />
        ) : (
          <PermissionPicker
            permissions={permissions.data?.items ?? []}
            value={selected}
            onChange={setSelected}
          />
        )}
        {permissionError && <small className="field-error">{permissionError}</small>}
        <div className="form-stack__actions">
          <Button type="button" label={t('dialog.cancel')} severity="secondary" text onClick={onClose} />
          <Button type="submit" label={t('dialog.save')} loading={saving} />
        </div>
      </form>
    </Dialog>
  );
}
