import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, avatarInitial } from '../../../shared/rules/avatar.ts';
import { problemMessage } from '../../../shared/rules/problems.ts';
import { sessionKeys } from '../../api/session.ts';
import type { Session } from '../../bootstrap.ts';
import { checkFile } from '../../forms/file-check.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { accountApi } from '../account/account.api.ts';

/** The avatar: a PNG or JPG of at most 1 MB, checked by its content here and again on the server. */
export function AvatarCard({ session }: { session: Session }) {
  const { t } = useTranslation(['account', 'errors']);
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useFormMutation({
    mutationFn: ({ action }: { action: () => Promise<Session['user']>; done: string }) => action(),
    onSuccess: (user) => {
      queryClient.setQueryData<Session | null>(sessionKeys.session, (old) => (old ? { ...old, user } : old));
    },
    success: (_user, { done }) => done,
  });
  const error = problem ?? change.message ?? (Object.values(change.fieldErrors)[0] || null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const found = await checkFile(
      file,
      { types: ['image/png', 'image/jpeg'], maxBytes: AVATAR_MAX_BYTES },
      'avatar',
    );
    setProblem(found ? problemMessage(t, found) : null);
    if (!found)
      void change.submit({ action: () => accountApi.uploadAvatar(file), done: t('settings.avatarChanged') });
  }

  return (
    <section className="settings-card" data-testid="avatar-card">
      <h2>{t('settings.avatarTitle')}</h2>
      <div className="avatar-card">
        <span className="avatar-card__image" aria-hidden="true">
          {session.user.avatarUrl ? <img src={session.user.avatarUrl} alt="" /> : avatarInitial(session.user)}
        </span>
        <div className="form-stack">
          <input
            ref={input}
            id="avatar-file"
            type="file"
            accept="image/png,image/jpeg"
            className="visually-hidden"
            onChange={(event) => void choose(event)}
          />
          <Button
            type="button"
            icon="pi pi-upload"
            label={t('settings.avatarUpload')}
            loading={change.submitting}
            onClick={() => input.current?.click()}
          />
          {session.user.avatarUrl && (
            <Button
              type="button"
              icon="pi pi-trash"
              label={t('settings.avatarRemove')}
              severity="secondary"
              text
              disabled={change.submitting}
              onClick={() =>
                void change.submit({ action: accountApi.removeAvatar, done: t('settings.avatarRemoved') })
              }
            />
          )}
          <small>{t('settings.avatarHint')}</small>
        </div>
      </div>
      {error && <Message severity="error" text={error} data-testid="avatar-error" />}
    </section>
  );
}
