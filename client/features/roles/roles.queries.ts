import { useQuery } from '@tanstack/react-query';
import type { RoleType } from '../../../shared/permissions.ts';
import { rolesApi } from './roles.api.ts';

export const roleKeys = {
  all: ['roles'] as const,
  list: (type: RoleType) => ['roles', type] as const,
  permissions: (type: RoleType) => ['permissions', type] as const,
};

export function useRoles(type: RoleType) {
  return useQuery({ queryKey: roleKeys.list(type), queryFn: () => rolesApi.list(type) });
}

/** The permissions a role of this type may carry. */
export function usePermissionCatalog(type: RoleType) {
  return useQuery({ queryKey: roleKeys.permissions(type), queryFn: () => rolesApi.permissions(type) });
}
