import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/i18n/index.ts';
import { api, setRequestLanguage } from '../api/http.ts';
import { queryKeys, useSession } from '../api/session.ts';
import type { Session } from '../bootstrap.ts';

export const LANGUAGE_COOKIE = 'bo_lang';

/** The page's language attribute and a cookie, so pages rendered before sign-in use it too. */
function rememberLanguage(language: Language) {
  document.documentElement.lang = language;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** Switches between English and Vietnamese at once; kept on the account so every device follows. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();

  async function choose(language: Language) {
    await i18n.changeLanguage(language);
    setRequestLanguage(language);
    rememberLanguage(language);
    if (session) {
      queryClient.setQueryData<Session | null>(queryKeys.session, (old) =>
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
