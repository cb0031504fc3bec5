import type { i18n as I18n } from 'i18next';
import { isLanguage, type Language } from '../../shared/i18n/index.ts';
import { setRequestLanguage } from '../api/http.ts';
import { setPrimeLocale } from './primereact-locale.ts';

export const LANGUAGE_COOKIE = 'bo_lang';

/**
 * Puts the whole UI in a language at once: the texts, PrimeReact's own texts, the language the API
 * answers in, the page's `lang`, and (unless `remember` is false) the cookie that pages rendered
 * before sign-in follow. Every language change goes through here.
 */
export async function applyLanguage(i18n: I18n, language: Language, { remember = true } = {}): Promise<void> {
  setRequestLanguage(language);
  setPrimeLocale(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  if (remember) {
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  }
}

/** The language a value names, or null (a person's stored language, a link's `lang`). */
export function languageOf(value: unknown): Language | null {
  return isLanguage(value) ? value : null;
}
