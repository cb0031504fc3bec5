import type { RoleType } from '../../../shared/permissions.ts';
import type { Role } from '../../../shared/roles.schemas.ts';
import { api } from '../../api/http.ts';

export interface PermissionItem {
  key: string;
  area: string;
  roleTypes: string[];
}

export interface RoleInput {
  name: string;
  description: string | null;
  permissions: string[];
}

export const rolesApi = {
  list: (type: RoleType) => api<{ items: Role[] }>(`/roles?type=${type}`),
  permissions: (type: RoleType) => api<{ items: PermissionItem[] }>(`/permissions?roleType=${type}`),
  create: (type: RoleType, input: RoleInput) =>
    api<Role>('/roles', { method: 'POST', body: { ...input, type } }),
  update: (id: string, input: RoleInput) => api<Role>(`/roles/${id}`, { method: 'PUT', body: input }),
  remove: (id: string) => api<void>(`/roles/${id}`, { method: 'DELETE' }),
  setStatus: (id: string, status: 'ACTIVE' | 'DEACTIVATE') =>
    api<Role>(`/roles/${id}/status`, { method: 'PUT', body: { status } }),
};
