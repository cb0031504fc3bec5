import { useQuery } from '@tanstack/react-query';
import { accountApi } from './account.api.ts';

/** The account's query keys: every key of the feature is made here, none in components. */
export const accountKeys = {
  all: ['account'] as const,
  me: ['account', 'me'] as const,
  passwordExpiry: ['account', 'password-expiry'] as const,
  twoFactor: ['account', 'two-factor'] as const,
  passwordPolicy: ['account', 'password-policy'] as const,
  invitation: (token: string) => ['account', 'invitation', token] as const,
  resetLink: (token: string) => ['account', 'reset-link', token] as const,
};

const inBrowser = typeof window !== 'undefined';

/**
 * When the password expires. Loaded in the browser only (the server hands it over for signed-in
 * pages): a public page must not ask for it while rendering.
 */
export function usePasswordExpiry(options: { staleTime?: number; retry?: boolean } = {}) {
  return useQuery({
    queryKey: accountKeys.passwordExpiry,
    queryFn: accountApi.passwordExpiry,
    enabled: inBrowser,
    ...options,
  });
}

export function useTwoFactorStatus() {
  return useQuery({ queryKey: accountKeys.twoFactor, queryFn: accountApi.twoFactorStatus });
}

export function usePasswordPolicy() {
  return useQuery({ queryKey: accountKeys.passwordPolicy, queryFn: accountApi.passwordPolicy });
}

/** The invitation behind a link (who, in which language, until when); checked once. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: accountKeys.invitation(token),
    queryFn: () => accountApi.checkSignUpToken(token),
    enabled: inBrowser && token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** Whether a password-reset link still works, and for whom. */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: accountKeys.resetLink(token),
    queryFn: () => accountApi.checkResetToken(token),
    enabled: inBrowser && token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
