import type {
  ConsentPage,
  PrivacySettings,
  RetentionPreview,
  RetentionRunResult,
} from '../../../shared/privacy.schemas.ts';
import { api, download, toQuery } from '../../api/http.ts';

/** Personal data calls: thin functions over `api()`. */
export const privacyApi = {
  myConsents: () => api<ConsentPage>('/privacy/consents/me?perPage=50'),
  exportMine: () => download('/privacy/export/me', 'personal-data.zip'),
  exportByEmail: (email: string) =>
    download(`/privacy/people/export${toQuery({ email })}`, 'personal-data.zip'),
  settings: () => api<PrivacySettings>('/privacy/settings'),
  saveSettings: (body: PrivacySettings) => api<PrivacySettings>('/privacy/settings', { method: 'PUT', body }),
  preview: () => api<RetentionPreview>('/privacy/retention/preview'),
  run: () => api<RetentionRunResult>('/privacy/retention/run', { method: 'POST' }),
};
