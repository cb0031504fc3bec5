import { useQuery } from '@tanstack/react-query';
import { useHydrated } from '../../layout/use-hydrated.ts';
import { secureShareApi } from './secure-share.api.ts';

/** Secure share as React Query hooks; every key starts with 'secure-share'. */

export { secureShareApi } from './secure-share.api.ts';

export const secureShareKeys = {
  status: (id: string) => ['secure-share', 'status', id] as const,
  limits: ['secure-share', 'limits'] as const,
};

/** The most views and hours a new link may ask for, and the form's defaults (UTILITIES settings). */
export function useSecureShareLimits() {
  return useQuery({ queryKey: secureShareKeys.limits, queryFn: secureShareApi.limits });
}

/** A link's views left and expiry: loading it uses no view. Browser only (public page). */
export function useSecureShareStatus(id: string) {
  const hydrated = useHydrated();
  return useQuery({
    queryKey: secureShareKeys.status(id),
    queryFn: () => secureShareApi.status(id),
    enabled: hydrated && Boolean(id),
    retry: false,
  });
}
