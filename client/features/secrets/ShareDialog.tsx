import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { SHARE_ROLES, type SecretDetail, type ShareRole } from '../../../shared/secrets.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { wrapItemKey } from './secret-crypto.ts';
import { secretKeys, secretsApi, useRecipients } from './secrets.queries.ts';

/** Shares a secret: the item key is wrapped here for the recipient's public key; the server never sees it. */
export function ShareDialog({
  secret,
  itemKey,
  onClose,
}: {
  secret: SecretDetail;
  itemKey: Uint8Array<ArrayBuffer>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['secrets', 'errors']);
  const form = useFormValues({ search: '', userId: '', role: 'VIEWER' as ShareRole });
  const { data } = useRecipients(form.values.search, true);
  const recipients = (data?.items ?? []).filter((r) => !secret.members.some((m) => m.person.id === r.id));
  const share = useFormMutation({
    mutationFn: async () => {
      const recipient = recipients.find((r) => r.id === form.values.userId)!;
      await secretsApi.share(secret.id, recipient.id, {
        role: form.values.role,
        wrappedKey: await wrapItemKey(itemKey, recipient.publicKey),
      });
      return recipient;
    },
    invalidate: [secretKeys.all],
    success: (recipient) => t('share.shared', { name: `${recipient.firstName} ${recipient.lastName}` }),
    onSuccess: onClose,
  });
  return (
    <Dialog
      visible
      header={t('share.title', { name: secret.name })}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(30rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="vault-actions">
          <Button type="button" text label={t('dialog.cancel')} onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('share.submit')}
            disabled={!form.values.userId}
            loading={share.submitting}
          />
        </div>
      }
    >
      <form
        id={form.formId}
        className="vault-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (form.values.userId) void share.submit(undefined);
        }}
      >
        <div className="vault-field">
          <label htmlFor="share-search">{t('share.searchPerson')}</label>
          <InputText
            id="share-search"
            name="search"
            value={form.values.search}
            onChange={(e) => form.set('search', e.target.value)}
          />
        </div>
        <div className="vault-field">
          <label htmlFor="share-person">{t('share.person')}</label>
          <Dropdown
            inputId="share-person"
            value={form.values.userId}
            options={recipients.map((r) => ({
              value: r.id,
              label: `${r.firstName} ${r.lastName} (${r.email})`,
            }))}
            onChange={(e) => form.set('userId', e.value as string)}
          />
        </div>
        <div className="vault-field">
          <label htmlFor="share-role">{t('share.role')}</label>
          <Dropdown
            inputId="share-role"
            value={form.values.role}
            options={SHARE_ROLES.filter((role) => secret.myRole === 'OWNER' || role !== 'OWNER').map(
              (role) => ({ value: role, label: t(`roles.${role}`) }),
            )}
            onChange={(e) => form.set('role', e.value as ShareRole)}
          />
        </div>
        {(share.message || Object.values(share.fieldErrors)[0]) && (
          <small className="vault-error" role="alert">
            {share.message ?? Object.values(share.fieldErrors)[0]}
          </small>
        )}
      </form>
    </Dialog>
  );
}
