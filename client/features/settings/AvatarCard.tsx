import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../../shared/rules/avatar.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { queryKeys } from '../../api/session.ts';
import type { Session } from '../../bootstrap.ts';
import { accountApi, errorMessage } from '../account/account.api.ts';

/** The avatar: a PNG or JPG of at most 1 MB. The server checks the content; this only spares a useless upload. */
export function AvatarCard({ session, onSaved }: { session: Session; onSaved: (message: string) => void }) {
  const { t } = useTranslation(['account', 'errors']);
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = fullName(session.user) || session.user.email;

  async function run(action: () => Promise<Session['user']>, message: string) {
    setBusy(true);
    setError(null);
    try {
      const user = await action();
      queryClient.setQueryData<Session | null>(queryKeys.session, (old) => (old ? { ...old, user } : old));
      onSaved(message);
    } catch (caught) {
      setError(errorMessage(caught, t));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
      return setError(t('errors:codes.UNSUPPORTED_MEDIA_TYPE'));
    if (file.size > AVATAR_MAX_BYTES)
      return setError(t('errors:codes.FILE_TOO_LARGE', { number: AVATAR_MAX_BYTES / (1024 * 1024) }));
    void run(() => accountApi.uploadAvatar(file), t('settings.avatarChanged'));
  }

  return (
    <section className="settings-card" data-testid="avatar-card">
      <h2>{t('settings.avatarTitle')}</h2>
      <div className="avatar-card">
        <span className="avatar-card__image" aria-hidden="true">
          {session.user.avatarUrl ? (
            <img src={session.user.avatarUrl} alt="" />
          ) : (
            name.slice(0, 1).toUpperCase()
          )}
        </span>
        <div className="form-stack">
          <input
            ref={input}
            id="avatar-file"
            type="file"
            accept="image/png,image/jpeg"
            className="visually-hidden"
            onChange={choose}
          />
          <Button
            type="button"
            icon="pi pi-upload"
            label={t('settings.avatarUpload')}
            loading={busy}
            onClick={() => input.current?.click()}
          />
          {session.user.avatarUrl && (
            <Button
              type="button"
              icon="pi pi-trash"
              label={t('settings.avatarRemove')}
              severity="secondary"
              text
              disabled={busy}
              onClick={() => void run(accountApi.removeAvatar, t('settings.avatarRemoved'))}
            />
          )}
          <small>{t('settings.avatarHint')}</small>
        </div>
      </div>
      {error && <Message severity="error" text={error} />}
    </section>
  );
}
