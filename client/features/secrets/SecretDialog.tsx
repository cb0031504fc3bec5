import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { SECRET_TYPES, type SecretDetail, type SecretType } from '../../../shared/secrets.schemas.ts';
import {
  keyFileProblems,
  secretContentProblems,
  SECRET_FIELDS_BY_TYPE,
  type SecretContent,
  type SecretField,
} from '../../../shared/rules/secrets.ts';
import { problemsByField } from '../../api/errors.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { sealJson, sealNewSecret } from './secret-crypto.ts';
import { secretKeys, secretsApi } from './secrets.queries.ts';
import type { VaultKeys } from '../../../shared/crypto/vault-crypto.ts';

const MULTILINE: readonly SecretField[] = ['longText', 'notes', 'secretText'];
const HIDDEN: readonly SecretField[] = ['secretText', 'passphrase', 'otp'];

/** Creating or changing a secret: checked with the shared rules, then encrypted here before it is sent. */
export function SecretDialog({
  keys,
  existing,
  onClose,
}: {
  keys: VaultKeys;
  existing?: { detail: SecretDetail; content: SecretContent; itemKey: Uint8Array<ArrayBuffer> };
  onClose: () => void;
}) {
  const { t } = useTranslation(['secrets', 'errors']);
  const form = useFormValues({
    name: existing?.detail.name ?? '',
    type: (existing?.detail.type ?? 'SSH_KEY') as SecretType,
    folder: existing?.detail.folder ?? '',
    tags: existing?.detail.tags.join(', ') ?? '',
    ...Object.fromEntries(SECRET_FIELDS_BY_TYPE.SSH_KEY.concat('secretText').map((f) => [f, ''])),
    ...(existing?.content ?? {}),
  } as Record<string, string> & { type: SecretType; name: string; folder: string; tags: string });
  const save = useFormMutation({
    mutationFn: async () => {
      const v = form.values;
      const content: SecretContent = Object.fromEntries(
        SECRET_FIELDS_BY_TYPE[v.type].filter((f) => v[f]).map((f) => [f, v[f]]),
      );
      if (v.fileName) content.fileName = v.fileName;
      const tags = v.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
      if (existing)
        return secretsApi.update(existing.detail.id, {
          name: v.name.trim(),
          folder: v.folder.trim() || null,
          tags,
          content: await sealJson(existing.itemKey, content, 'content'),
          version: existing.detail.version,
        });
      return secretsApi.create(
        await sealNewSecret(keys, {
          name: v.name.trim(),
          type: v.type,
          folder: v.folder.trim(),
          tags,
          content,
        }),
      );
    },
    invalidate: [secretKeys.all],
    success: t('dialog.saved'),
    onSuccess: onClose,
  });
  const fields = SECRET_FIELDS_BY_TYPE[form.values.type];
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const problems = keyFileProblems(file, 'longText');
    if (problems.length) return save.setProblems(problemsByField(problems, t));
    form.set('longText', await file.text());
    form.set('fileName', file.name);
    save.clear('longText');
  };
  return (
    <Dialog
      visible
      header={existing ? t('dialog.edit') : t('dialog.create')}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(36rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="vault-actions">
          <Button type="button" text label={t('dialog.cancel')} onClick={onClose} />
          <Button type="submit" form={form.formId} label={t('dialog.save')} loading={save.submitting} />
        </div>
      }
    >
      <form
        id={form.formId}
        noValidate
        className="vault-form"
        onSubmit={(event) => {
          event.preventDefault();
          const content = Object.fromEntries(fields.map((f) => [f, form.values[f] ?? '']));
          const problems = secretContentProblems(form.values.type, content);
          if (!form.values.name.trim()) problems.unshift({ field: 'name', code: 'required' });
          if (problems.length) return save.setProblems(problemsByField(problems, t));
          void save.submit(undefined);
        }}
      >
        <div className="vault-field">
          <label htmlFor="secret-name">{t('fields.name')}</label>
          <InputText
            id="secret-name"
            name="name"
            maxLength={150}
            value={form.values.name}
            invalid={Boolean(save.fieldErrors.name)}
            onChange={(e) => (form.set('name', e.target.value), save.clear('name'))}
          />
          {save.fieldErrors.name && (
            <small className="vault-error" role="alert">
              {save.fieldErrors.name}
            </small>
          )}
        </div>
        <div className="vault-field">
          <label htmlFor="secret-type">{t('fields.type')}</label>
          <Dropdown
            inputId="secret-type"
            value={form.values.type}
            disabled={Boolean(existing)}
            options={SECRET_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            onChange={(e) => form.set('type', e.value as SecretType)}
          />
        </div>
        <div className="vault-row">
          <div className="vault-field">
            <label htmlFor="secret-folder">{t('fields.folder')}</label>
            <InputText
              id="secret-folder"
              name="folder"
              maxLength={100}
              value={form.values.folder}
              onChange={(e) => form.set('folder', e.target.value)}
            />
          </div>
          <div className="vault-field">
            <label htmlFor="secret-tags">{t('fields.tags')}</label>
            <InputText
              id="secret-tags"
              name="tags"
              value={form.values.tags}
              onChange={(e) => form.set('tags', e.target.value)}
            />
          </div>
        </div>
        {form.values.type === 'PRIVATE_KEY' && (
          <div className="vault-field">
            <label htmlFor="secret-file">{t('fields.file')}</label>
            <input
              id="secret-file"
              type="file"
              accept=".pem,.key,.txt"
              onChange={(e) => void readFile(e.target.files?.[0])}
            />
          </div>
        )}
        {fields.map((field) => (
          <div className="vault-field" key={field}>
            <label htmlFor={`secret-${field}`}>{t(`fields.${field}`)}</label>
            {MULTILINE.includes(field) ? (
              <InputTextarea
                id={`secret-${field}`}
                name={field}
                rows={field === 'longText' ? 5 : 3}
                value={form.values[field] ?? ''}
                invalid={Boolean(save.fieldErrors[field])}
                onChange={(e) => (form.set(field, e.target.value), save.clear(field))}
              />
            ) : (
              <InputText
                id={`secret-${field}`}
                name={field}
                type={HIDDEN.includes(field) ? 'password' : 'text'}
                autoComplete="off"
                value={form.values[field] ?? ''}
                invalid={Boolean(save.fieldErrors[field])}
                onChange={(e) => (form.set(field, e.target.value), save.clear(field))}
              />
            )}
            {save.fieldErrors[field] && (
              <small className="vault-error" role="alert">
                {save.fieldErrors[field]}
              </small>
            )}
          </div>
        ))}
        {save.message && (
          <small className="vault-error" role="alert">
            {save.message}
          </small>
        )}
      </form>
    </Dialog>
  );
}
