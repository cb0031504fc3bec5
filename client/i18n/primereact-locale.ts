import { addLocale, locale } from 'primereact/api';
import { LANGUAGES, resources, type Language } from '../../shared/i18n/index.ts';

// PrimeReact's own texts (month and day names, Today, Clear, the paginator's and the password's
// labels) come from the `primereact` namespace, in every language, registered once per process.
for (const language of LANGUAGES) {
  addLocale(language, resources[language].primereact as unknown as Parameters<typeof addLocale>[1]);
}

/**
 * Switches PrimeReact's texts to a language in the browser. (The server never calls this: its
 * renders run side by side, so entry-server.tsx gives each render its own locale instead.)
 */
export function setPrimeLocale(language: Language): void {
  locale(language);
}
