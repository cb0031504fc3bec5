import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { leaveApi, type ReportParams, type RequestListParams } from './leave.api.ts';

/**
 * Leave as React Query hooks. Every key starts with 'leave', so a decision, a new request or a live
 * notification reloads everything leave shows with one invalidation of `leaveKeys.all`.
 */

export { leaveApi } from './leave.api.ts';
export type { LeaveInput, ReportParams, RequestListParams } from './leave.api.ts';

export const leaveKeys = {
  all: ['leave'] as const,
  types: ['leave', 'types'] as const,
  rules: ['leave', 'rules'] as const,
  holidays: (year?: number) => ['leave', 'holidays', year ?? 'all'] as const,
  mine: (params: object) => ['leave', 'mine', params] as const,
  list: (params: RequestListParams) => ['leave', 'list', params] as const,
  balances: (year?: number) => ['leave', 'balances', year ?? 'current'] as const,
  approvals: (params: object) => ['leave', 'approvals', params] as const,
  approvalTotal: ['leave', 'approval-total'] as const,
  substitute: ['leave', 'substitute'] as const,
  calendar: (from: string, to: string, departmentId?: string) =>
    ['leave', 'calendar', from, to, departmentId ?? ''] as const,
  feeds: ['leave', 'feeds'] as const,
  preview: (input: object) => ['leave', 'preview', input] as const,
  candidates: (search: string) => ['leave', 'candidates', search] as const,
  report: (params: ReportParams) => ['leave', 'report', params] as const,
};

export const useAbsenceTypes = () =>
  useQuery({ queryKey: leaveKeys.types, queryFn: leaveApi.types, staleTime: 60_000 });
export const useAbsenceRules = () => useQuery({ queryKey: leaveKeys.rules, queryFn: leaveApi.rules });
export const useHolidays = (year?: number) =>
  useQuery({ queryKey: leaveKeys.holidays(year), queryFn: () => leaveApi.holidays(year) });
export const useBalances = (year?: number) =>
  useQuery({ queryKey: leaveKeys.balances(year), queryFn: () => leaveApi.balances(year) });
export const useMyRequests = (params: { page: number; perPage: number; status?: string; year?: number }) =>
  useQuery({
    queryKey: leaveKeys.mine(params),
    queryFn: () => leaveApi.mine(params),
    placeholderData: keepPreviousData,
  });
export const useAllRequests = (params: RequestListParams, enabled = true) =>
  useQuery({
    queryKey: leaveKeys.list(params),
    queryFn: () => leaveApi.all(params),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useApprovals = (params: { page: number; perPage: number; status?: string }, enabled = true) =>
  useQuery({
    queryKey: leaveKeys.approvals(params),
    queryFn: () => leaveApi.approvals(params),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useApprovalTotal = () =>
  useQuery({ queryKey: leaveKeys.approvalTotal, queryFn: leaveApi.approvalTotal });
export const useSubstitute = (enabled = true) =>
  useQuery({ queryKey: leaveKeys.substitute, queryFn: leaveApi.substitute, enabled });
export const useTeamCalendar = (from: string, to: string, departmentId?: string) =>
  useQuery({
    queryKey: leaveKeys.calendar(from, to, departmentId),
    queryFn: () => leaveApi.calendar(from, to, departmentId),
    placeholderData: keepPreviousData,
  });
export const useCalendarFeeds = () => useQuery({ queryKey: leaveKeys.feeds, queryFn: leaveApi.feeds });
export const useApproverCandidates = (search: string) =>
  useQuery({
    queryKey: leaveKeys.candidates(search),
    queryFn: () => leaveApi.candidates(search),
    staleTime: 30_000,
  });

/** The live duration, balance left and clash warning of the request being written (null until it can be asked). */
export function useLeavePreview(input: Parameters<typeof leaveApi.preview>[0] | null) {
  return useQuery({
    queryKey: leaveKeys.preview(input ?? {}),
    queryFn: () => leaveApi.preview(input!),
    enabled: input !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export const useLeaveReport = (params: ReportParams) =>
  useQuery({
    queryKey: leaveKeys.report(params),
    queryFn: () => leaveApi.report(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
