import type { JiraIssueList } from '../../../shared/connections.schemas.ts';
import type { ExportFormat, ReportPeriod } from '../../../shared/reporting.schemas.ts';
import type {
  LoggableProjectList,
  ReconciliationPage,
  WeekSaveBody,
  WorkLog,
  WorkLogBody,
  WorkLogLock,
  WorkLogLockBody,
  WorkLogList,
  WorkLogLockPage,
  WorkLogPage,
  WorkLogReport,
  WorkLogReportGroup,
  WorkWeek,
} from '../../../shared/worklogs.schemas.ts';
import { api, download, toQuery } from '../../api/http.ts';

/** The work-log area's calls: thin functions over `api()` (docs/client-conventions.md). */

export interface WorkLogListParams {
  scope: 'mine' | 'managed';
  page: number;
  perPage: number;
  personId?: string;
  projectId?: string;
  from?: string;
  to?: string;
  jiraTask?: string;
  search?: string;
}

export interface WorkLogReportParams {
  period: ReportPeriod;
  groupBy: WorkLogReportGroup;
  from: string;
  to: string;
  page: number;
  perPage: number;
}

export const workLogsApi = {
  list: (params: WorkLogListParams) => api<WorkLogPage>(`/work-logs${toQuery({ ...params })}`),
  create: (input: WorkLogBody) => api<WorkLog>('/work-logs', { method: 'POST', body: input }),
  update: (id: string, input: WorkLogBody & { version: number }) =>
    api<WorkLog>(`/work-logs/${id}`, { method: 'PUT', body: input }),
  remove: (id: string) => api<void>(`/work-logs/${id}`, { method: 'DELETE' }),
  week: (start: string) => api<WorkWeek>(`/work-logs/week${toQuery({ start })}`),
  saveWeek: (input: WeekSaveBody) => api<WorkWeek>('/work-logs/week', { method: 'PUT', body: input }),
  projects: () => api<LoggableProjectList>('/work-logs/projects'),
  jiraIssues: (projectId: string, search: string) =>
    api<JiraIssueList>(`/work-logs/jira-issues${toQuery({ projectId, search })}`),
  pushToJira: (workLogIds: string[]) =>
    api<WorkLogList>('/work-logs/jira-push', { method: 'POST', body: { workLogIds } }),
  locks: (params: { page: number; perPage: number; includeLifted?: boolean }) =>
    api<WorkLogLockPage>(`/work-log-locks${toQuery({ ...params })}`),
  lock: (input: WorkLogLockBody) => api<WorkLogLock>('/work-log-locks', { method: 'POST', body: input }),
  lift: (id: string) => api<WorkLogLock>(`/work-log-locks/${id}`, { method: 'DELETE' }),
  report: (params: WorkLogReportParams) => api<WorkLogReport>(`/work-logs/reports${toQuery({ ...params })}`),
  exportReport: (params: Omit<WorkLogReportParams, 'page' | 'perPage'>, format: ExportFormat) =>
    download(`/work-logs/export-files${toQuery({ ...params, format })}`, `worklogs.${format}`),
  reconciliation: (params: { from: string; to: string; page: number }) =>
    api<ReconciliationPage>(`/work-logs/reconciliation${toQuery({ ...params, perPage: 20 })}`),
};
