import type {
  MySsoApps,
  OidcInteraction,
  OidcRedirect,
  SsoAccessRequest,
  SsoAccessRequestPage,
  SsoConnection,
  SsoConnectionBody,
  SsoConnectionPage,
  SsoRequestStatus,
} from '../../../shared/sso.schemas.ts';
import { api, toQuery } from '../../api/http.ts';

/** The single sign-on calls: thin functions over `api()` (docs/client-conventions.md). */

export interface SsoListParams {
  page: number;
  perPage: number;
  search?: string;
}

export const ssoApi = {
  list: (params: SsoListParams) => api<SsoConnectionPage>(`/sso-connections${toQuery({ ...params })}`),
  get: (id: string) => api<SsoConnection>(`/sso-connections/${id}`),
  create: (input: SsoConnectionBody) =>
    api<SsoConnection>('/sso-connections', { method: 'POST', body: input }),
  update: (id: string, input: SsoConnectionBody) =>
    api<SsoConnection>(`/sso-connections/${id}`, { method: 'PUT', body: input }),
  remove: (id: string) => api<void>(`/sso-connections/${id}`, { method: 'DELETE' }),
  rotateSecret: (id: string) =>
    api<SsoConnection>(`/sso-connections/${id}/rotate-secret`, { method: 'POST' }),
  requests: (params: { page: number; perPage: number; status?: SsoRequestStatus }) =>
    api<SsoAccessRequestPage>(`/sso-requests${toQuery({ ...params })}`),
  decide: (id: string, decision: 'APPROVED' | 'REJECTED') =>
    api<SsoAccessRequest>(`/sso-requests/${id}/decision`, { method: 'PUT', body: { decision } }),
  mine: () => api<MySsoApps>('/sso-connections/mine'),
  interaction: (id: string) => api<OidcInteraction>(`/oidc-auth/interaction/${encodeURIComponent(id)}`),
  signInByToken: (interactionId: string) =>
    api<OidcRedirect>('/oidc-auth/sign-in-by-token', { method: 'POST', body: { interactionId } }),
  confirm: (id: string) =>
    api<OidcRedirect>(`/oidc-auth/consent/${encodeURIComponent(id)}/confirm`, { method: 'POST' }),
  abort: (id: string) =>
    api<OidcRedirect>(`/oidc-auth/consent/${encodeURIComponent(id)}/abort`, { method: 'POST' }),
  requestAccess: (id: string) =>
    api<OidcInteraction>(`/oidc-auth/consent/${encodeURIComponent(id)}/request-access`, { method: 'POST' }),
};
