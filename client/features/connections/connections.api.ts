import type {
  Connection,
  ConnectionBody,
  ConnectionDetail,
  ConnectionPage,
  ConnectionTestBody,
  ConnectionTestResult,
  ConnectionUpdateBody,
  JiraAccount,
  JiraAccountPage,
  JiraProjectPage,
  JiraProjectsByConnection,
  LinkedJiraProject,
  LinkedJiraProjectList,
  SyncRun,
  SyncRunPage,
} from '../../../shared/connections.schemas.ts';
import { api, toQuery } from '../../api/http.ts';

/** The connections area's calls: thin functions over `api()` (docs/client-conventions.md). */

export interface ConnectionListParams {
  page: number;
  perPage: number;
  search?: string;
}

export interface SyncedParams {
  page: number;
  perPage: number;
  search?: string;
  includeRemoved?: boolean;
}

export const connectionsApi = {
  list: (params: ConnectionListParams) => api<ConnectionPage>(`/connections${toQuery({ ...params })}`),
  get: (id: string) => api<ConnectionDetail>(`/connections/${id}`),
  test: (input: ConnectionTestBody) =>
    api<ConnectionTestResult>('/connections/test', { method: 'POST', body: input }),
  create: (input: ConnectionBody) => api<Connection>('/connections', { method: 'POST', body: input }),
  update: (id: string, input: ConnectionUpdateBody) =>
    api<Connection>(`/connections/${id}`, { method: 'PUT', body: input }),
  retest: (id: string) => api<ConnectionTestResult>(`/connections/${id}/test`, { method: 'POST' }),
  setStatus: (id: string, status: 'ACTIVE' | 'INACTIVE') =>
    api<Connection>(`/connections/${id}/status`, { method: 'PATCH', body: { status } }),
  remove: (id: string) => api<void>(`/connections/${id}`, { method: 'DELETE' }),
  sync: (id: string) => api<SyncRun>(`/connections/${id}/sync`, { method: 'POST' }),
  runs: (id: string, params: SyncedParams) =>
    api<SyncRunPage>(`/connections/${id}/sync-runs${toQuery({ ...params })}`),
  jiraProjects: (id: string, params: SyncedParams) =>
    api<JiraProjectPage>(`/connections/${id}/jira-projects${toQuery({ ...params })}`),
  jiraAccounts: (id: string, params: SyncedParams) =>
    api<JiraAccountPage>(`/connections/${id}/jira-accounts${toQuery({ ...params })}`),
  // A project's side.
  projectJiraProjects: (projectId: string) =>
    api<LinkedJiraProjectList>(`/projects/${projectId}/jira-projects`),
  unlinkedJiraProjects: (projectId: string, search: string) =>
    api<JiraProjectsByConnection>(
      `/projects/${projectId}/jira-projects/by-connections${toQuery({ search })}`,
    ),
  link: (projectId: string, jiraProjectIds: string[]) =>
    api<LinkedJiraProjectList>(`/projects/${projectId}/jira-projects`, {
      method: 'POST',
      body: { jiraProjectIds },
    }),
  setLinkStatus: (projectId: string, jiraProjectId: string, status: 'ACTIVE' | 'INACTIVE') =>
    api<LinkedJiraProject>(`/projects/${projectId}/jira-projects/${jiraProjectId}`, {
      method: 'PATCH',
      body: { status },
    }),
  unlink: (projectId: string, jiraProjectId: string) =>
    api<void>(`/projects/${projectId}/jira-projects/${jiraProjectId}`, { method: 'DELETE' }),
  projectJiraAccounts: (projectId: string, params: SyncedParams) =>
    api<JiraAccountPage>(`/projects/${projectId}/jira-accounts${toQuery({ ...params })}`),
  setAccountNote: (id: string, note: string | null) =>
    api<JiraAccount>(`/jira-accounts/${id}`, { method: 'PUT', body: { note } }),
  setAccountAssignees: (id: string, userIds: string[]) =>
    api<JiraAccount>(`/jira-accounts/${id}/assignees`, { method: 'POST', body: { userIds } }),
};
