import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/i18n/index.ts';
import { setRequestLanguage } from '../../api/http.ts';
import { queryKeys } from '../../api/session.ts';
import type { Session } from '../../bootstrap.ts';
import { accountApi, errorMessage, fieldErrors } from '../account/account.api.ts';

/** Own details: first and last name, language (PUT /api/users). The email is shown, not edited. */
export function ProfileCard({ session, onSaved }: { session: Session; onSaved: (message: string) => void }) {
  const { t, i18n } = useTranslation(['account', 'common', 'errors']);
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(session.user.firstName);
  const [lastName, setLastName] = useState(session.user.lastName);
  const [language, setLanguage] = useState<Language>(session.user.language);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const errors = fieldErrors(error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const user = await accountApi.updateProfile({ firstName, lastName, language });
      queryClient.setQueryData<Session | null>(queryKeys.session, (old) => (old ? { ...old, user } : old));
      if (i18n.language !== user.language) {
        await i18n.changeLanguage(user.language);
        setRequestLanguage(user.language);
        document.documentElement.lang = user.language;
      }
      onSaved(t('settings.saved'));
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="settings-card form-stack" onSubmit={submit} noValidate data-testid="profile-card">
      <h2>{t('settings.profileTitle')}</h2>
      {error !== null && Object.keys(errors).length === 0 && (
        <Message severity="error" text={errorMessage(error, t)} />
      )}
      <label htmlFor="lastName">{t('settings.lastName')}</label>
      <InputText
        id="lastName"
        value={lastName}
        maxLength={150}
        invalid={Boolean(errors.lastName)}
        onChange={(event) => setLastName(event.target.value)}
      />
      {errors.lastName && <small className="field-error">{errors.lastName}</small>}
      <label htmlFor="firstName">{t('settings.firstName')}</label>
      <InputText
        id="firstName"
        value={firstName}
        maxLength={150}
        invalid={Boolean(errors.firstName)}
        onChange={(event) => setFirstName(event.target.value)}
      />
      {errors.firstName && <small className="field-error">{errors.firstName}</small>}
      <label htmlFor="profile-email">{t('settings.email')}</label>
      <InputText id="profile-email" value={session.user.email} readOnly />
      <label htmlFor="profile-language">{t('settings.language')}</label>
      <Dropdown
        inputId="profile-language"
        value={language}
        options={LANGUAGES.map((value) => ({ value, label: t(`common:language.${value}`) }))}
        onChange={(event) => setLanguage(event.value as Language)}
      />
      <div className="form-stack__actions">
        <Button type="submit" label={t('settings.save')} loading={saving} />
      </div>
    </form>
  );
}
