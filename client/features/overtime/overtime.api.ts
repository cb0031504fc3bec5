import type {
  OtCounts,
  OtLimits,
  OtRegulations,
  OtReport,
  OtRequest,
  OtRequestPage,
  OtSettings,
  OtSummaryPage,
  RemainingOvertime,
} from '../../../shared/overtime.schemas.ts';
import type { ApproverCandidateList } from '../../../shared/leave.schemas.ts';
import type { ExportFormat, ReportPeriod } from '../../../shared/reporting.schemas.ts';
import { api, download, toQuery } from '../../api/http.ts';

/** The overtime area's calls: thin functions over `api()` (docs/client-conventions.md). */

export interface OvertimeInput {
  workDate: string;
  startTime: string;
  endTime: string;
  reason: string;
  projectId: string | null;
  approverIds: string[];
}

export interface OtReportParams {
  period: ReportPeriod;
  groupBy: 'person' | 'department' | 'project';
  from: string;
  to: string;
  page: number;
  perPage: number;
}

export const overtimeApi = {
  mine: (params: { page: number; perPage: number; status?: string }) =>
    api<OtRequestPage>(`/ot-requests/me${toQuery({ ...params })}`),
  create: (input: OvertimeInput) => api<OtRequest>('/ot-requests/me', { method: 'POST', body: input }),
  update: (id: string, input: OvertimeInput & { version: number }) =>
    api<OtRequest>(`/ot-requests/${id}/me`, { method: 'PUT', body: input }),
  remove: (id: string) => api<void>(`/ot-requests/${id}/me`, { method: 'DELETE' }),
  remaining: (date: string, excludeId?: string) =>
    api<RemainingOvertime>(`/ot-requests/remaining-overtimes${toQuery({ date, excludeId })}`),
  list: (params: { page: number; perPage: number; status?: string }) =>
    api<OtRequestPage>(`/ot-requests${toQuery({ ...params })}`),
  counts: () => api<OtCounts>('/ot-requests/counts'),
  candidates: (search: string) =>
    api<ApproverCandidateList>(`/ot-requests/approver-candidates${toQuery({ search })}`),
  decide: (id: string, status: 'APPROVED' | 'REJECTED', reason?: string) =>
    api<OtRequest>(`/ot-requests/${id}/status`, { method: 'PATCH', body: { status, reason } }),
  regulations: () => api<OtRegulations>('/ot-regulations'),
  saveRegulations: (input: OtRegulations) =>
    api<OtRegulations>('/ot-regulations', { method: 'PUT', body: input }),
  limits: () => api<OtSettings>('/ot-settings'),
  saveLimits: (input: OtLimits) => api<OtSettings>('/ot-settings', { method: 'PUT', body: input }),
  summaries: (month: string, page: number) =>
    api<OtSummaryPage>(`/ot-summaries${toQuery({ month, page, perPage: 50 })}`),
  report: (params: OtReportParams) => api<OtReport>(`/ot-summaries/reports${toQuery({ ...params })}`),
  exportReport: (params: Omit<OtReportParams, 'page' | 'perPage'>, format: ExportFormat) =>
    download(`/ot-summaries/export-files${toQuery({ ...params, format })}`, `overtime.${format}`),
};
