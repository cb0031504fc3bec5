import { useQuery } from '@tanstack/react-query';
import { accessControlApi } from './access-control.api.ts';

export const accessControlKeys = {
  requestsAll: ['access-requests'] as const,
  requests: (status?: string) => ['access-requests', status ?? 'all'] as const,
  mine: ['access-requests', 'mine'] as const,
  membersAll: ['access-roles'] as const,
  members: (roleId: string) => ['access-roles', roleId, 'members'] as const,
};

/** Access requests for the reviewers, by status (all when none). */
export function useAccessRequests(status?: string) {
  return useQuery({
    queryKey: accessControlKeys.requests(status),
    queryFn: () => accessControlApi.requests(status),
  });
}

/** Who holds an access role. */
export function useRoleMembers(roleId: string | null) {
  return useQuery({
    queryKey: accessControlKeys.members(roleId ?? ''),
    queryFn: () => accessControlApi.members(roleId!),
    enabled: Boolean(roleId),
  });
}
