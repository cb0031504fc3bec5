import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/i18n/index.ts';
import { api } from '../api/http.ts';
import { sessionKeys, useSession } from '../api/session.ts';
import type { Session } from '../bootstrap.ts';
import { applyLanguage } from '../i18n/language.ts';

/** Switches between English and Vietnamese at once; kept on the account so every device follows. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();

  async function choose(language: Language) {
    await applyLanguage(i18n, language);
    if (session) {
      queryClient.setQueryData<Session | null>(sessionKeys.session, (old) =>
        old ? { ...old, user: { ...old.user, language } } : old,
      );
      await api('/auth/me/language', { method: 'PUT', body: { language } }).catch(() => {});
    }
  }

  return (
    <div className="language-switcher" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={i18n.language === language ? 'is-active' : ''}
          aria-pressed={i18n.language === language}
          onClick={() => void choose(language)}
          title={t(`language.${language}`)}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
