import type { Language } from '../../../shared/i18n/index.ts';
import type { LegalKind, LegalPage, LegalPageList } from '../../../shared/legal.schemas.ts';
import { api, toQuery } from '../../api/http.ts';

/** The legal pages: read by anyone (no session needed), edited in platform settings. */
export const legalApi = {
  get: (kind: LegalKind, language: string) =>
    api<LegalPage>(`/legal-pages/${kind}${toQuery({ language: language === 'vi' ? 'vi' : 'en' })}`, {
      anonymous: true,
    }),
  list: () => api<LegalPageList>('/legal-pages'),
  update: (kind: LegalKind, language: Language, content: string) =>
    api<LegalPage>(`/legal-pages/${kind}/${language}`, { method: 'PUT', body: { content } }),
};
