import type { ApprovalTotal, ApproverDecision } from '../../../shared/approvals.schemas.ts';
import type {
  AbsenceRules,
  AbsenceTypeInput,
  AbsenceTypeList,
  ApproverCandidateList,
  CalendarFeed,
  CalendarFeedList,
  DayPart,
  HolidayBody,
  Holiday,
  HolidayList,
  LeaveApprovalPage,
  LeaveBalances,
  LeaveCalendar,
  LeavePreview,
  LeaveReport,
  LeaveRequest,
  LeaveRequestPage,
  Substitute,
} from '../../../shared/leave.schemas.ts';
import type { ExportFormat, ReportPeriod } from '../../../shared/reporting.schemas.ts';
import { formBlob } from '../../api/form-blob.ts';
import { api, download, toQuery } from '../../api/http.ts';

/** The leave area's calls: thin functions over `api()` (docs/client-conventions.md). */

export interface LeaveInput {
  absenceTypeId: string;
  startDate: string;
  startPart: DayPart;
  endDate: string;
  endPart: DayPart;
  reason: string;
  approverIds: string[];
}

export interface RequestListParams {
  page: number;
  perPage: number;
  status?: string;
  personId?: string;
  departmentId?: string;
  absenceTypeId?: string;
  from?: string;
  to?: string;
}

export interface ReportParams {
  period: ReportPeriod;
  groupBy: 'person' | 'department' | 'type';
  from: string;
  to: string;
  status?: 'APPROVED' | 'WAITING FOR APPROVAL';
  departmentId?: string;
  absenceTypeId?: string;
  page: number;
  perPage: number;
}

/** A request as JSON, or as a multipart form when it carries an attachment. */
function requestBody(input: LeaveInput & { version?: number }, attachment: File | null) {
  if (!attachment) return { body: input };
  const fields = Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, Array.isArray(value) ? value : String(value)]),
  );
  return { file: formBlob(fields, { attachment }) };
}

export const leaveApi = {
  types: () => api<AbsenceTypeList>('/absence-types'),
  saveTypes: (items: AbsenceTypeInput[]) =>
    api<AbsenceTypeList>('/absence-types', { method: 'PUT', body: { items } }),
  rules: () => api<AbsenceRules>('/absence-rules'),
  saveRules: (rules: AbsenceRules) => api<AbsenceRules>('/absence-rules', { method: 'PUT', body: rules }),
  holidays: (year?: number) => api<HolidayList>(`/holidays${toQuery({ year })}`),
  createHoliday: (input: HolidayBody) => api<Holiday>('/holidays', { method: 'POST', body: input }),
  updateHoliday: (id: string, input: HolidayBody) =>
    api<Holiday>(`/holidays/${id}`, { method: 'PUT', body: input }),
  deleteHoliday: (id: string) => api<void>(`/holidays/${id}`, { method: 'DELETE' }),

  mine: (params: { page: number; perPage: number; status?: string; year?: number }) =>
    api<LeaveRequestPage>(`/leave-requests/me${toQuery({ ...params })}`),
  all: (params: RequestListParams) => api<LeaveRequestPage>(`/leave-requests${toQuery({ ...params })}`),
  get: (id: string) => api<LeaveRequest>(`/leave-requests/${id}`),
  create: (input: LeaveInput, attachment: File | null) =>
    api<LeaveRequest>('/leave-requests', { method: 'POST', ...requestBody(input, attachment) }),
  update: (id: string, input: LeaveInput & { version: number }, attachment: File | null) =>
    api<LeaveRequest>(`/leave-requests/${id}`, { method: 'PUT', ...requestBody(input, attachment) }),
  remove: (id: string) => api<void>(`/leave-requests/${id}`, { method: 'DELETE' }),
  cancel: (id: string) => api<LeaveRequest>(`/leave-requests/${id}/cancel`, { method: 'POST' }),
  attachment: (id: string) => download(`/leave-requests/${id}/attachment`, 'attachment'),
  preview: (input: Omit<LeaveInput, 'reason' | 'approverIds'> & { excludeId?: string }) =>
    api<LeavePreview>(`/leave-requests/preview${toQuery({ ...input })}`),
  balances: (year?: number) => api<LeaveBalances>(`/leave-requests/balances${toQuery({ year })}`),
  candidates: (search: string) =>
    api<ApproverCandidateList>(`/leave-requests/approver-candidates${toQuery({ search })}`),

  approvals: (params: { page: number; perPage: number; status?: string }) =>
    api<LeaveApprovalPage>(`/leave-request-approvers${toQuery({ ...params })}`),
  approvalTotal: () => api<ApprovalTotal>('/leave-request-approvers/total'),
  decide: (approvalId: string, status: ApproverDecision, reason?: string) =>
    api<LeaveRequest>(`/leave-request-approvers/${approvalId}/action`, {
      method: 'PUT',
      body: { status, reason },
    }),
  substitute: () => api<Substitute>('/leave-substitute'),
  setSubstitute: (substituteId: string | null) =>
    api<Substitute>('/leave-substitute', { method: 'PUT', body: { substituteId } }),

  calendar: (from: string, to: string, departmentId?: string) =>
    api<LeaveCalendar>(`/leave-requests/calendar${toQuery({ from, to, departmentId })}`),
  feeds: () => api<CalendarFeedList>('/leave-calendar-feeds'),
  createFeed: (scope: 'PERSON' | 'DEPARTMENT') =>
    api<CalendarFeed>('/leave-calendar-feeds', { method: 'POST', body: { scope } }),
  revokeFeed: (id: string) => api<void>(`/leave-calendar-feeds/${id}`, { method: 'DELETE' }),

  report: (params: ReportParams) => api<LeaveReport>(`/leave-requests/reports${toQuery({ ...params })}`),
  exportReport: (params: Omit<ReportParams, 'page' | 'perPage'>, format: ExportFormat) =>
    download(`/leave-requests/export-files${toQuery({ ...params, format })}`, `leave.${format}`),
};
