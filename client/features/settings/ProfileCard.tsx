import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/i18n/index.ts';
import { sessionKeys } from '../../api/session.ts';
import type { Session } from '../../bootstrap.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { accountApi } from '../account/account.api.ts';

/**
 * Own details: first and last name, language (PUT /api/users). The email is shown, not edited. A new
 * language takes effect everywhere at once (the root follows the session's language).
 */
export function ProfileCard({ session }: { session: Session }) {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const queryClient = useQueryClient();
  const form = useFormValues({
    firstName: session.user.firstName,
    lastName: session.user.lastName,
    language: session.user.language as Language,
  });
  const guard = useUnsavedChanges(form.dirty);
  const save = useFormMutation({
    mutationFn: accountApi.updateProfile,
    onSuccess: (user) => {
      form.reset({ firstName: user.firstName, lastName: user.lastName, language: user.language });
      queryClient.setQueryData<Session | null>(sessionKeys.session, (old) => (old ? { ...old, user } : old));
    },
    success: t('settings.saved'),
  });
  const errors = save.fieldErrors;
  const { values, set } = form;

  return (
    <form
      id={form.formId}
      className="settings-card form-stack"
      onSubmit={(event) => {
        event.preventDefault();
        void save.submit(values);
      }}
      noValidate
      data-testid="profile-card"
    >
      {guard.prompt}
      <h2>{t('settings.profileTitle')}</h2>
      {save.message && <Message severity="error" text={save.message} />}
      <label htmlFor="lastName">{t('settings.lastName')}</label>
      <InputText
        id="lastName"
        name="lastName"
        value={values.lastName}
        maxLength={150}
        invalid={Boolean(errors.lastName)}
        onChange={(event) => set('lastName', event.target.value)}
      />
      {errors.lastName && <small className="field-error">{errors.lastName}</small>}
      <label htmlFor="firstName">{t('settings.firstName')}</label>
      <InputText
        id="firstName"
        name="firstName"
        value={values.firstName}
        maxLength={150}
        invalid={Boolean(errors.firstName)}
        onChange={(event) => set('firstName', event.target.value)}
      />
      {errors.firstName && <small className="field-error">{errors.firstName}</small>}
      <label htmlFor="profile-email">{t('settings.email')}</label>
      <InputText id="profile-email" value={session.user.email} readOnly />
      <label htmlFor="profile-language">{t('settings.language')}</label>
      <Dropdown
        inputId="profile-language"
        value={values.language}
        options={LANGUAGES.map((value) => ({ value, label: t(`common:language.${value}`) }))}
        onChange={(event) => set('language', event.value as Language)}
      />
      <div className="form-stack__actions">
        <Button type="submit" label={t('settings.save')} loading={save.submitting} />
      </div>
    </form>
  );
}
