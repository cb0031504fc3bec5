import type {
  CloudAccountBody,
  CloudAccountUpdateBody,
  ProjectCloudAccount,
  ProjectCloudAccountList,
  SelectableCloudAccountList,
} from '../../../shared/cloud-accounts.schemas.ts';
import type { CloudRole } from '../../../shared/connections.schemas.ts';
import type {
  GitRepositoriesByConnection,
  LinkedGitRepository,
  LinkedGitRepositoryList,
  ProviderAccount,
  ProviderAccountPage,
} from '../../../shared/connection-links.schemas.ts';
import type {
  ServiceRole,
  ServiceRoleBody,
  ServiceRoleList,
  ServiceRoleUpdateBody,
} from '../../../shared/service-roles.schemas.ts';
import { api, toQuery } from '../../api/http.ts';

/** A project's git repositories, git accounts, Figma members and cloud accounts (spec section 7). */

export interface AccountListParams {
  page: number;
  perPage: number;
  search?: string;
}

type Status = 'ACTIVE' | 'INACTIVE';

export const projectLinksApi = {
  gitRepositories: (projectId: string) =>
    api<LinkedGitRepositoryList>(`/projects/${projectId}/git-repositories`),
  gitRepositoriesOfConnections: (projectId: string, search: string) =>
    api<GitRepositoriesByConnection>(
      `/projects/${projectId}/git-repositories-of-connections${toQuery({ search })}`,
    ),
  linkGitRepositories: (projectId: string, gitRepositoryIds: string[]) =>
    api<LinkedGitRepositoryList>(`/projects/${projectId}/git-repositories`, {
      method: 'PUT',
      body: { gitRepositoryIds },
    }),
  setGitRepositoryStatus: (projectId: string, repoId: string, status: Status) =>
    api<LinkedGitRepository>(`/projects/${projectId}/git-repositories/${repoId}`, {
      method: 'PATCH',
      body: { status },
    }),
  unlinkGitRepository: (projectId: string, repoId: string) =>
    api<void>(`/projects/${projectId}/git-repositories/${repoId}`, { method: 'DELETE' }),
  gitAccounts: (projectId: string, params: AccountListParams) =>
    api<ProviderAccountPage>(`/projects/${projectId}/git-accounts${toQuery({ ...params })}`),
  setGitAccountNote: (id: string, note: string | null) =>
    api<ProviderAccount>(`/git-accounts/${id}`, { method: 'PUT', body: { note } }),
  setGitAccountAssignees: (id: string, userIds: string[]) =>
    api<ProviderAccount>(`/git-accounts/${id}/assignees`, { method: 'PUT', body: { userIds } }),
  figmaMembers: (projectId: string, params: AccountListParams) =>
    api<ProviderAccountPage>(`/projects/${projectId}/figma-members${toQuery({ ...params })}`),
  cloudAccounts: (projectId: string) => api<ProjectCloudAccountList>(`/projects/${projectId}/cloud-accounts`),
  addCloudAccount: (projectId: string, input: CloudAccountBody) =>
    api<ProjectCloudAccount>(`/projects/${projectId}/cloud-accounts`, { method: 'POST', body: input }),
  selectableCloudAccounts: (projectId: string) =>
    api<SelectableCloudAccountList>(`/projects/${projectId}/cloud-accounts/select-accounts`),
  selectCloudAccounts: (projectId: string, cloudAccountIds: string[], role: CloudRole) =>
    api<ProjectCloudAccountList>(`/projects/${projectId}/cloud-accounts/select-accounts`, {
      method: 'POST',
      body: { cloudAccountIds, role },
    }),
  updateCloudAccount: (linkId: string, input: CloudAccountUpdateBody) =>
    api<ProjectCloudAccount>(`/cloud-accounts/${linkId}`, { method: 'PUT', body: input }),
  setCloudAccountStatus: (projectId: string, accountId: string, status: Status) =>
    api<ProjectCloudAccount>(`/projects/${projectId}/cloud-accounts/${accountId}/status`, {
      method: 'PATCH',
      body: { status },
    }),
  serviceRoles: () => api<ServiceRoleList>('/service-roles'),
  createServiceRole: (input: ServiceRoleBody) =>
    api<ServiceRole>('/service-roles', { method: 'POST', body: input }),
  updateServiceRole: (id: string, input: ServiceRoleUpdateBody) =>
    api<ServiceRole>(`/service-roles/${id}`, { method: 'PUT', body: input }),
  deleteServiceRole: (id: string) => api<void>(`/service-roles/${id}`, { method: 'DELETE' }),
  removeCloudAccount: (projectId: string, accountId: string) =>
    api<void>(`/projects/${projectId}/cloud-accounts/${accountId}`, { method: 'DELETE' }),
};
