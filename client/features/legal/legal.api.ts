import type { Language } from '../../../shared/i18n/index.ts';
import type { LegalKind, LegalPage, LegalPageList } from '../../../shared/legal.schemas.ts';
import type { ErrorBody } from '../../../shared/errors.ts';
import { ApiError, api } from '../../api/http.ts';

/** The legal pages: read by anyone (no session needed), edited in platform settings. */
export const legalApi = {
  async get(kind: LegalKind, language: string): Promise<LegalPage> {
    const response = await fetch(`/api/legal-pages/${kind}?language=${language === 'vi' ? 'vi' : 'en'}`, {
      headers: { 'accept-language': language },
    }).catch(() => {
      throw new ApiError(0, 'NETWORK', '');
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as ErrorBody | null;
      throw new ApiError(response.status, body?.code ?? 'INTERNAL', body?.message ?? response.statusText);
    }
    return (await response.json()) as LegalPage;
  },
  list: () => api<LegalPageList>('/legal-pages'),
  update: (kind: LegalKind, language: Language, content: string) =>
    api<LegalPage>(`/legal-pages/${kind}/${language}`, { method: 'PUT', body: { content } }),
};

export const legalKeys = {
  page: (kind: LegalKind, language: string) => ['legal', kind, language] as const,
  all: ['legal'] as const,
};
