import { useQuery } from '@tanstack/react-query';
import { privacyApi } from './privacy.api.ts';

/** Personal data as React Query hooks; every key starts with 'privacy'. */

export { privacyApi } from './privacy.api.ts';

export const privacyKeys = {
  all: ['privacy'] as const,
  consents: ['privacy', 'consents', 'me'] as const,
  settings: ['privacy', 'settings'] as const,
  preview: ['privacy', 'preview'] as const,
};

export const useMyConsents = () =>
  useQuery({ queryKey: privacyKeys.consents, queryFn: privacyApi.myConsents });
export const usePrivacySettings = () =>
  useQuery({ queryKey: privacyKeys.settings, queryFn: privacyApi.settings });
export const useRetentionPreview = () =>
  useQuery({ queryKey: privacyKeys.preview, queryFn: privacyApi.preview });
