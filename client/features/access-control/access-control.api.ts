import type { AccessRequest, AccessRequestBody, RoleMemberList } from '../../../shared/account.schemas.ts';
import { api, toQuery } from '../../api/http.ts';

export interface Person {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export const accessControlApi = {
  requestAccess: (body: AccessRequestBody) =>
    api<AccessRequest>('/access-requests', { method: 'POST', body }),
  myRequests: () => api<{ items: AccessRequest[] }>('/access-requests/mine'),
  requests: (status?: string) => api<{ items: AccessRequest[] }>(`/access-requests${toQuery({ status })}`),
  grant: (id: string, body: { roleId: string; note?: string }) =>
    api<AccessRequest>(`/access-requests/${id}/grant`, { method: 'PUT', body }),
  deny: (id: string, body: { note?: string }) =>
    api<AccessRequest>(`/access-requests/${id}/deny`, { method: 'PUT', body }),
  members: (roleId: string) => api<RoleMemberList>(`/access-roles/${roleId}/members`),
  candidates: (roleId: string, search: string) =>
    api<{ items: Person[] }>(`/access-roles/${roleId}/candidates${toQuery({ search })}`),
  addMember: (roleId: string, userId: string) =>
    api<void>(`/access-roles/${roleId}/members`, { method: 'POST', body: { userId } }),
  removeMember: (roleId: string, userId: string) =>
    api<void>(`/access-roles/${roleId}/members/${userId}`, { method: 'DELETE' }),
};
