import type {
  CommentBody,
  MemberBody,
  PasscodeResetBody,
  RecipientList,
  SecretBody,
  SecretDetail,
  SecretPage,
  SecretUpdateBody,
  VaultSetupBody,
  VaultStatus,
  WrappedUserKey,
} from '../../../shared/secrets.schemas.ts';
import { api, toQuery } from '../../api/http.ts';

/** The secrets area's calls: thin functions over `api()`; everything secret is ciphertext already. */

export interface SecretListParams {
  search?: string;
  page: number;
  perPage: number;
}

export const secretsApi = {
  vault: () => api<VaultStatus>('/secrets/vault'),
  setUp: (body: VaultSetupBody) => api<VaultStatus>('/secrets/vault', { method: 'POST', body }),
  unlock: (passcodeProof: string) =>
    api<WrappedUserKey>('/secrets/vault/unlock', { method: 'POST', body: { passcodeProof } }),
  recover: (recoveryProof: string) =>
    api<WrappedUserKey>('/secrets/vault/recover', { method: 'POST', body: { recoveryProof } }),
  resetPasscode: (body: PasscodeResetBody) =>
    api<VaultStatus>('/secrets/vault/passcode', { method: 'PUT', body }),
  list: (params: SecretListParams) => api<SecretPage>(`/secrets${toQuery({ ...params })}`),
  get: (id: string) => api<SecretDetail>(`/secrets/${id}`),
  create: (body: SecretBody) => api<SecretDetail>('/secrets', { method: 'POST', body }),
  update: (id: string, body: SecretUpdateBody) =>
    api<SecretDetail>(`/secrets/${id}`, { method: 'PUT', body }),
  remove: (id: string) => api<void>(`/secrets/${id}`, { method: 'DELETE' }),
  recipients: (search: string) => api<RecipientList>(`/secrets/recipients${toQuery({ search })}`),
  share: (id: string, userId: string, body: MemberBody) =>
    api<{ ok: true }>(`/secrets/${id}/members/${userId}`, { method: 'PUT', body }),
  removeMember: (id: string, userId: string) =>
    api<{ ok: true }>(`/secrets/${id}/members/${userId}`, { method: 'DELETE' }),
  comment: (id: string, body: CommentBody) =>
    api<SecretDetail>(`/secrets/${id}/comments`, { method: 'POST', body }),
};
