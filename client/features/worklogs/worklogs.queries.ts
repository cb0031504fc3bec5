import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { workLogsApi, type WorkLogListParams, type WorkLogReportParams } from './worklogs.api.ts';

/** Work logs as React Query hooks; every key starts with 'worklogs'. */

export { workLogsApi } from './worklogs.api.ts';
export type { WorkLogListParams, WorkLogReportParams } from './worklogs.api.ts';

export const workLogKeys = {
  all: ['worklogs'] as const,
  list: (params: WorkLogListParams) => ['worklogs', 'list', params] as const,
  week: (start: string) => ['worklogs', 'week', start] as const,
  projects: ['worklogs', 'projects'] as const,
  jiraIssues: (projectId: string, search: string) => ['worklogs', 'jira-issues', projectId, search] as const,
  locks: (params: object) => ['worklogs', 'locks', params] as const,
  report: (params: WorkLogReportParams) => ['worklogs', 'report', params] as const,
  reconciliation: (params: object) => ['worklogs', 'reconciliation', params] as const,
};

export const useWorkLogs = (params: WorkLogListParams, enabled = true) =>
  useQuery({
    queryKey: workLogKeys.list(params),
    queryFn: () => workLogsApi.list(params),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useWorkWeek = (start: string) =>
  useQuery({ queryKey: workLogKeys.week(start), queryFn: () => workLogsApi.week(start) });
export const useLoggableProjects = () =>
  useQuery({ queryKey: workLogKeys.projects, queryFn: workLogsApi.projects, staleTime: 60_000 });
export const useWorkLogLocks = (params: { page: number; perPage: number; includeLifted?: boolean }) =>
  useQuery({
    queryKey: workLogKeys.locks(params),
    queryFn: () => workLogsApi.locks(params),
    placeholderData: keepPreviousData,
  });
export const useWorkLogReport = (params: WorkLogReportParams) =>
  useQuery({
    queryKey: workLogKeys.report(params),
    queryFn: () => workLogsApi.report(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useReconciliation = (params: { from: string; to: string; page: number }, enabled = true) =>
  useQuery({
    queryKey: workLogKeys.reconciliation(params),
    queryFn: () => workLogsApi.reconciliation(params),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });

/** Another week's logs on demand (copying last week into the grid). */
export function useWeekLoader() {
  const queryClient = useQueryClient();
  return (start: string) =>
    queryClient.fetchQuery({ queryKey: workLogKeys.week(start), queryFn: () => workLogsApi.week(start) });
}

/**
 * The Jira tasks of a project, by key or summary: a function, not a hook (an autocomplete asks
 * when the person types, and wants the answer then).
 */
export function useJiraIssueSearch() {
  const queryClient = useQueryClient();
  return (projectId: string, search: string) =>
    queryClient.fetchQuery({
      queryKey: workLogKeys.jiraIssues(projectId, search),
      queryFn: async () => (await workLogsApi.jiraIssues(projectId, search)).items,
      staleTime: 30_000,
    });
}

/** Reloads every work-log query (after a call whose failure still changed something, like a push). */
export function useReloadWorkLogs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workLogKeys.all });
}
