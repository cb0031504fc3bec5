import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { connectionsApi, type ConnectionListParams, type SyncedParams } from './connections.api.ts';

/** Connections and what they synced, as React Query hooks; every key starts with 'connections'. */

export { connectionsApi } from './connections.api.ts';
export type { ConnectionListParams, SyncedParams } from './connections.api.ts';

export const connectionKeys = {
  all: ['connections'] as const,
  list: (params: ConnectionListParams) => ['connections', 'list', params] as const,
  one: (id: string) => ['connections', 'one', id] as const,
  runs: (id: string, params: SyncedParams) => ['connections', 'runs', id, params] as const,
  jiraProjects: (id: string, params: SyncedParams) => ['connections', 'jira-projects', id, params] as const,
  jiraAccounts: (id: string, params: SyncedParams) => ['connections', 'jira-accounts', id, params] as const,
  /** A project's side: its links, the picker, its accounts. */
  project: (projectId: string) => ['connections', 'project', projectId] as const,
  unlinked: (projectId: string, search: string) =>
    ['connections', 'project', projectId, 'unlinked', search] as const,
  projectAccounts: (projectId: string, params: SyncedParams) =>
    ['connections', 'project', projectId, 'accounts', params] as const,
};

export const useConnections = (params: ConnectionListParams) =>
  useQuery({
    queryKey: connectionKeys.list(params),
    queryFn: () => connectionsApi.list(params),
    placeholderData: keepPreviousData,
  });
export const useConnection = (id: string) =>
  useQuery({ queryKey: connectionKeys.one(id), queryFn: () => connectionsApi.get(id), retry: false });
export const useSyncRuns = (id: string, params: SyncedParams) =>
  useQuery({
    queryKey: connectionKeys.runs(id, params),
    queryFn: () => connectionsApi.runs(id, params),
    placeholderData: keepPreviousData,
  });
export const useConnectionJiraProjects = (id: string, params: SyncedParams) =>
  useQuery({
    queryKey: connectionKeys.jiraProjects(id, params),
    queryFn: () => connectionsApi.jiraProjects(id, params),
    placeholderData: keepPreviousData,
  });
export const useConnectionJiraAccounts = (id: string, params: SyncedParams) =>
  useQuery({
    queryKey: connectionKeys.jiraAccounts(id, params),
    queryFn: () => connectionsApi.jiraAccounts(id, params),
    placeholderData: keepPreviousData,
  });
export const useProjectJiraProjects = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: connectionKeys.project(projectId),
    queryFn: () => connectionsApi.projectJiraProjects(projectId),
    enabled,
    retry: false,
  });
export const useUnlinkedJiraProjects = (projectId: string, search: string, enabled = true) =>
  useQuery({
    queryKey: connectionKeys.unlinked(projectId, search),
    queryFn: () => connectionsApi.unlinkedJiraProjects(projectId, search),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useProjectJiraAccounts = (projectId: string, params: SyncedParams, enabled = true) =>
  useQuery({
    queryKey: connectionKeys.projectAccounts(projectId, params),
    queryFn: () => connectionsApi.projectJiraAccounts(projectId, params),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });

/** Reloads every connections query (after a failed sync: the run is kept and shown). */
export function useReloadConnections() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: connectionKeys.all });
}
