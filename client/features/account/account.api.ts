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
import type { ErrorBody } from '../../../shared/errors.ts';
import { api, ApiError, setAccessToken } from '../../api/http.ts';

/** Calls of the public pages (no session): no refresh attempt first, errors as ApiError. */
export async function publicRequest<T>(path: string, body: unknown, language: string): Promise<T> {
  const response = await fetch(`/api${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify(body),
  }).catch(() => {
    throw new ApiError(0, 'NETWORK', '');
  });
  if (!response.ok) {
    const error = (await response.json().catch(() => null)) as ErrorBody | null;
    throw new ApiError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? response.statusText,
      error?.details,
    );
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export const accountApi = {
  checkSignUpToken: (token: string, language: string) =>
    publicRequest<SignUpTokenInfo>('/auth/check-sign-up-token', { token }, language),
  signUp: (body: SignUpBody, language: string) =>
    publicRequest<{ email: string }>('/auth/sign-up', body, language),
  forgotPassword: (email: string, language: string) =>
    publicRequest<{ ok: true }>('/auth/forgot-password', { email }, language),
  checkResetToken: (token: string, language: string) =>
    publicRequest<{ email: string; expiresAt: string }>(
      '/auth/check-reset-password-token',
      { token },
      language,
    ),
  resetPassword: (body: { token: string; password: string; confirmPassword: string }, language: string) =>
    publicRequest<{ email: string }>('/auth/reset-password', body, language),

  /** Completes a sign-in with a second factor; keeps the access token like a normal sign-in. */
  async signInSecondFactor(
    body: { challenge: string; code?: string; recoveryCode?: string },
    language: string,
  ): Promise<void> {
    const result = await publicRequest<{ accessToken: string }>('/auth/sign-in/two-factor', body, language);
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

export const accountKeys = {
  me: ['account', 'me'] as const,
  passwordExpiry: ['account', 'password-expiry'] as const,
  twoFactor: ['account', 'two-factor'] as const,
  passwordPolicy: ['account', 'password-policy'] as const,
};

/** The challenge of a TWO_FACTOR_REQUIRED answer, when the error is one. */
export function twoFactorChallengeOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'TWO_FACTOR_REQUIRED') return null;
  const details = error.details as Partial<TwoFactorChallengeDetails> | undefined;
  return typeof details?.challenge === 'string' ? details.challenge : null;
}

/** The message of a failed call: the server's (already translated) or the generic one for its code. */
export function errorMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) return error.message || t(`errors:codes.${error.code}`);
  return t('errors:codes.INTERNAL');
}

/** Field errors of a failed call, by field. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fieldErrors.map((f) => [f.field, f.message]));
}
