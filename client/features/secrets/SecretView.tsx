import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VaultKeys } from '../../../shared/crypto/vault-crypto.ts';
import { currentOtp, SECRET_FIELDS_BY_TYPE, type SecretContent } from '../../../shared/rules/secrets.ts';
import type { SecretDetail } from '../../../shared/secrets.schemas.ts';
import { errorMessage } from '../../api/errors.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { openSecretContent, sealJson } from './secret-crypto.ts';
import { SecretDialog } from './SecretDialog.tsx';
import { secretKeys, secretsApi, useSecret } from './secrets.queries.ts';
import { ShareDialog } from './ShareDialog.tsx';

type Opened = Awaited<ReturnType<typeof openSecretContent>>;

function OtpCode({ secret }: { secret: string }) {
  const { t } = useTranslation('secrets');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const otp = currentOtp(secret, now);
  if (!otp) return null;
  return (
    <div className="vault-otp" data-testid="otp-code">
      <strong>{otp.code}</strong> <small>{t('dialog.otpCode', { seconds: otp.secondsLeft })}</small>
    </div>
  );
}

function Value({ field, value }: { field: string; value: string }) {
  const { t } = useTranslation('secrets');
  const [shown, setShown] = useState(field !== 'passphrase' && field !== 'secretText');
  return (
    <div className="vault-value">
      <span className="vault-label">{t(`fields.${field}`)}</span>
      <pre data-testid={`secret-${field}`}>{shown ? value : '••••••••'}</pre>
      <Button
        type="button"
        text
        size="small"
        label={shown ? t('dialog.hide') : t('dialog.show')}
        onClick={() => setShown(!shown)}
      />
      <Button
        type="button"
        text
        size="small"
        label={t('dialog.copy')}
        onClick={() => void navigator.clipboard?.writeText(value)}
      />
    </div>
  );
}

/** One secret, opened (an audited read) and decrypted here; members, comments, share and delete as allowed. */
export function SecretView({ id, keys, onClose }: { id: string; keys: VaultKeys; onClose: () => void }) {
  const { t } = useTranslation(['secrets', 'errors']);
  const queryClient = useQueryClient();
  const { data: detail, error } = useSecret(id);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<'view' | 'edit' | 'share' | 'delete'>('view');
  const run = useRunAction([secretKeys.all]);
  const comment = useFormValues({ comment: '' });
  const addComment = useFormMutation({
    mutationFn: async (text: string) =>
      secretsApi.comment(id, { content: await sealJson(opened!.itemKey, text, 'comment') }),
    onSuccess: (next: SecretDetail) => {
      queryClient.setQueryData(secretKeys.one(id), next);
      comment.reset({ comment: '' });
    },
    failure: 'toast',
  });
  useEffect(() => {
    if (!detail) return;
    let live = true;
    openSecretContent(detail, keys).then(
      (result) => live && setOpened(result),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [detail, keys]);

  if (mode === 'edit' && detail && opened)
    return (
      <SecretDialog
        keys={keys}
        existing={{ detail, content: opened.content, itemKey: opened.itemKey }}
        onClose={onClose}
      />
    );
  if (mode === 'share' && detail && opened)
    return <ShareDialog secret={detail} itemKey={opened.itemKey} onClose={() => setMode('view')} />;

  const content: SecretContent = opened?.content ?? {};
  return (
    <Dialog
      visible
      header={detail?.name ?? ''}
      onHide={onClose}
      style={{ width: 'min(40rem, 96vw)' }}
      draggable={false}
    >
      {error && <p className="vault-error">{errorMessage(error, t)}</p>}
      {failed && <p className="vault-error">{t('dialog.decryptFailed')}</p>}
      {detail && opened && (
        <div className="vault-form" data-testid="secret-view">
          {SECRET_FIELDS_BY_TYPE[detail.type]
            .filter((field) => content[field])
            .map((field) =>
              field === 'otp' ? (
                <OtpCode key={field} secret={content.otp!} />
              ) : (
                <Value key={field} field={field} value={content[field]!} />
              ),
            )}
          <h3>{t('dialog.members')}</h3>
          <ul className="vault-members">
            {detail.members.map((member) => (
              <li key={member.person.id}>
                {member.person.firstName} {member.person.lastName} · {t(`roles.${member.role}`)}
                {detail.abilities.share && member.role !== 'OWNER' && (
                  <Button
                    type="button"
                    text
                    size="small"
                    label={t('dialog.removeAccess')}
                    onClick={() =>
                      void run(() => secretsApi.removeMember(id, member.person.id), t('dialog.removeAccess'))
                    }
                  />
                )}
              </li>
            ))}
          </ul>
          <h3>{t('dialog.comments')}</h3>
          <ul className="vault-members">
            {opened.comments.map((c) => (
              <li key={c.id}>
                <strong>{c.author.firstName}:</strong> {c.text}
              </li>
            ))}
          </ul>
          {detail.abilities.comment && (
            <form
              id={comment.formId}
              className="vault-row"
              onSubmit={(event) => {
                event.preventDefault();
                if (comment.values.comment.trim()) void addComment.submit(comment.values.comment.trim());
              }}
            >
              <InputText
                name="comment"
                placeholder={t('dialog.commentPlaceholder')}
                maxLength={2000}
                value={comment.values.comment}
                onChange={(e) => comment.set('comment', e.target.value)}
              />
              <Button type="submit" label={t('dialog.comment')} loading={addComment.submitting} />
            </form>
          )}
          <div className="vault-actions">
            {detail.abilities.edit && (
              <Button type="button" label={t('dialog.edit')} onClick={() => setMode('edit')} />
            )}
            {detail.abilities.share && (
              <Button type="button" label={t('dialog.share')} onClick={() => setMode('share')} />
            )}
            {detail.abilities.delete && (
              <Button
                type="button"
                severity="danger"
                outlined
                label={t('dialog.delete')}
                onClick={() => setMode('delete')}
              />
            )}
          </div>
        </div>
      )}
      <ConfirmAction
        visible={mode === 'delete'}
        title={t('dialog.delete')}
        message={t('dialog.deleteConfirm')}
        action={t('dialog.delete')}
        severity="danger"
        onCancel={() => setMode('view')}
        onConfirm={() =>
          void run(() => secretsApi.remove(id), t('dialog.deleted')).then((ok: boolean) => ok && onClose())
        }
      />
    </Dialog>
  );
}
