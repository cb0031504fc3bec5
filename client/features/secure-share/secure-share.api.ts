import type {
  Revealed,
  SecureShareBody,
  SecureShareCreated,
  SecureShareLimits,
  SecureShareStatus,
} from '../../../shared/secrets.schemas.ts';
import { api } from '../../api/http.ts';

/** Secure share calls; the status and reveal are public (the link is the capability). */
export const secureShareApi = {
  limits: () => api<SecureShareLimits>('/secure-shares/limits'),
  create: (body: SecureShareBody) => api<SecureShareCreated>('/secure-shares', { method: 'POST', body }),
  status: (id: string) => api<SecureShareStatus>(`/secure-shares/${id}`, { anonymous: true }),
  reveal: (id: string, verifier: string) =>
    api<Revealed>(`/secure-shares/${id}/reveal`, { method: 'POST', body: { verifier }, anonymous: true }),
};
