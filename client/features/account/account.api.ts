import type {
  ChangePasswordBody,
  PasswordChangeResult,
  PasswordExpiry,
  PasswordPolicySettings,
  RecoveryCodes,
  SignUpBody,
  SignUpTokenInfo,
  TwoFactorChallengeDetails,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../shared/account.schemas.ts';
import type { SessionUser } from '../../../shared/auth.schemas.ts';
import { ApiError } from '../../api/errors.ts';
import { api, setAccessToken } from '../../api/http.ts';

/** A call of the public pages: no session needed, a 401 is an answer. */
const publicPost = <T>(path: string, body: unknown) =>
  api<T>(path, { method: 'POST', body, anonymous: true });

/** The account's calls: invitation, password reset and change, profile, two-factor, policy. */
export const accountApi = {
  checkSignUpToken: (token: string) => publicPost<SignUpTokenInfo>('/auth/check-sign-up-token', { token }),
  signUp: (body: SignUpBody) => publicPost<{ email: string }>('/auth/sign-up', body),
  forgotPassword: (email: string) => publicPost<{ ok: true }>('/auth/forgot-password', { email }),
  checkResetToken: (token: string) =>
    publicPost<{ email: string; expiresAt: string }>('/auth/check-reset-password-token', { token }),
  resetPassword: (body: { token: string; password: string; confirmPassword: string }) =>
    publicPost<{ email: string }>('/auth/reset-password', body),

  /** Completes a sign-in with a second factor; keeps the access token like a normal sign-in. */
  async signInSecondFactor(body: { challenge: string; code?: string; recoveryCode?: string }): Promise<void> {
    const result = await publicPost<{ accessToken: string }>('/auth/sign-in/two-factor', body);
    setAccessToken(result.accessToken);
  },

  me: () => api<SessionUser>('/auth/me'),
  passwordExpiry: () => api<PasswordExpiry>('/password-expiry'),
  expiryNotified: () => api<void>('/change-password/expiry-notified', { method: 'PUT' }),
  /** The validations call, then the change (spec section 5): `expired` uses the forced-update calls. */
  async changePassword(body: ChangePasswordBody, expired: boolean): Promise<PasswordChangeResult> {
    const base = expired ? '/update-password' : '/change-password';
    await api(`${base}/validations`, { method: 'POST', body });
    return api<PasswordChangeResult>(base, { method: 'PUT', body });
  },
  updateProfile: (body: { firstName: string; lastName: string; language: string }) =>
    api<SessionUser>('/users', { method: 'PUT', body }),
  uploadAvatar: (file: File) => api<SessionUser>('/profile/avatar', { method: 'PUT', file }),
  removeAvatar: () => api<SessionUser>('/profile/avatar', { method: 'DELETE' }),

  twoFactorStatus: () => api<TwoFactorStatus>('/two-factor'),
  twoFactorSetup: () => api<TwoFactorSetup>('/two-factor/setup', { method: 'POST' }),
  twoFactorEnable: (code: string) =>
    api<RecoveryCodes>('/two-factor/enable', { method: 'POST', body: { code } }),
  twoFactorDisable: (password: string) =>
    api<void>('/two-factor/disable', { method: 'POST', body: { password } }),
  regenerateRecoveryCodes: (password: string) =>
    api<RecoveryCodes>('/two-factor/recovery-codes', { method: 'POST', body: { password } }),

  passwordPolicy: () => api<PasswordPolicySettings>('/settings/password-policy'),
  savePasswordPolicy: (body: PasswordPolicySettings) =>
    api<PasswordPolicySettings>('/settings/password-policy', { method: 'PUT', body }),
};

/** The challenge of a TWO_FACTOR_REQUIRED answer, when the error is one. */
export function twoFactorChallengeOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'TWO_FACTOR_REQUIRED') return null;
  const details = error.details as Partial<TwoFactorChallengeDetails> | undefined;
  return typeof details?.challenge === 'string' ? details.challenge : null;
}
