import type {
  Member,
  MemberList,
  ProjectDetail,
  ProjectFilters,
  ProjectPage,
  ProjectRoleOption,
  ProjectStage,
  UserProjectList,
} from '../../../shared/projects.schemas.ts';
import { api, download, toQuery } from '../../api/http.ts';

/** The projects area's calls: thin functions over `api()` (docs/client-conventions.md). */

export interface ProjectListParams extends ProjectFilters {
  page: number;
  perPage: number;
}

export interface ProjectInput {
  name?: string;
  description?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  stage?: ProjectStage;
}

export interface MemberInput {
  userId?: string;
  roleId?: string;
  note?: string | null;
  joinedAt?: string | null;
  exitedAt?: string | null;
}

export interface PersonOption {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  avatarUrl: string | null;
  status: string;
}

export const projectsApi = {
  list: (params: ProjectListParams) => api<ProjectPage>(`/projects/list${toQuery({ ...params })}`),
  get: (id: string) => api<ProjectDetail>(`/projects/${id}`),
  create: (clientId: string, input: ProjectInput) =>
    api<ProjectDetail>(`/clients/${clientId}/projects`, { method: 'POST', body: input }),
  update: (id: string, input: ProjectInput) =>
    api<ProjectDetail>(`/projects/${id}`, { method: 'PUT', body: input }),
  setStatus: (id: string, status: 'ACTIVE' | 'DEACTIVATE') =>
    api<ProjectDetail>(`/projects/${id}/status`, { method: 'PATCH', body: { status } }),
  remove: (id: string) => api<void>(`/projects/${id}`, { method: 'DELETE' }),
  exportFile: (id: string, name: string) => download(`/projects/${id}/export`, `${name}.xlsx`),
  roles: () => api<{ items: ProjectRoleOption[] }>('/project-roles'),
  addMember: (projectId: string, input: MemberInput) =>
    api<Member>(`/projects/${projectId}/members`, { method: 'POST', body: input }),
  updateMember: (projectId: string, memberId: string, input: MemberInput) =>
    api<Member>(`/projects/${projectId}/members/${memberId}`, { method: 'PUT', body: input }),
  setMemberStatus: (projectId: string, memberId: string, status: 'ACTIVE' | 'DEACTIVATE') =>
    api<Member>(`/projects/${projectId}/members/${memberId}/status`, { method: 'PATCH', body: { status } }),
  removeMember: (projectId: string, memberId: string) =>
    api<void>(`/projects/${projectId}/members/${memberId}`, { method: 'DELETE' }),
  members: (projectId: string) => api<MemberList>(`/projects/${projectId}/members`),
  ofPerson: (userId: string) => api<UserProjectList>(`/users/${userId}/projects`),
  people: (search: string) =>
    api<{ items: PersonOption[] }>(`/users/public-info${toQuery({ search, limit: 20 })}`),
};
