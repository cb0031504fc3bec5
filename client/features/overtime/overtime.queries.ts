import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { overtimeApi, type OtReportParams } from './overtime.api.ts';

/** Overtime as React Query hooks; every key starts with 'overtime'. */

export { overtimeApi } from './overtime.api.ts';
export type { OtReportParams, OvertimeInput } from './overtime.api.ts';

export const overtimeKeys = {
  all: ['overtime'] as const,
  mine: (params: object) => ['overtime', 'mine', params] as const,
  list: (params: object) => ['overtime', 'list', params] as const,
  counts: ['overtime', 'counts'] as const,
  remaining: (date: string, excludeId?: string) => ['overtime', 'remaining', date, excludeId ?? ''] as const,
  regulations: ['overtime', 'regulations'] as const,
  limits: ['overtime', 'limits'] as const,
  summaries: (month: string, page: number) => ['overtime', 'summaries', month, page] as const,
  report: (params: OtReportParams) => ['overtime', 'report', params] as const,
  candidates: (search: string) => ['overtime', 'candidates', search] as const,
};

export const useMyOvertime = (params: { page: number; perPage: number; status?: string }) =>
  useQuery({
    queryKey: overtimeKeys.mine(params),
    queryFn: () => overtimeApi.mine(params),
    placeholderData: keepPreviousData,
  });
export const useOvertimeList = (params: { page: number; perPage: number; status?: string }) =>
  useQuery({
    queryKey: overtimeKeys.list(params),
    queryFn: () => overtimeApi.list(params),
    placeholderData: keepPreviousData,
  });
export const useOvertimeCounts = (enabled = true) =>
  useQuery({ queryKey: overtimeKeys.counts, queryFn: overtimeApi.counts, enabled });
export const useRemainingOvertime = (date: string | null, excludeId?: string) =>
  useQuery({
    queryKey: overtimeKeys.remaining(date ?? '', excludeId),
    queryFn: () => overtimeApi.remaining(date!, excludeId),
    enabled: Boolean(date),
    placeholderData: keepPreviousData,
  });
export const useRegulations = () =>
  useQuery({ queryKey: overtimeKeys.regulations, queryFn: overtimeApi.regulations });
export const useLimits = () => useQuery({ queryKey: overtimeKeys.limits, queryFn: overtimeApi.limits });
export const useOvertimeSummaries = (month: string, page: number) =>
  useQuery({
    queryKey: overtimeKeys.summaries(month, page),
    queryFn: () => overtimeApi.summaries(month, page),
    placeholderData: keepPreviousData,
  });
export const useOvertimeReport = (params: OtReportParams) =>
  useQuery({
    queryKey: overtimeKeys.report(params),
    queryFn: () => overtimeApi.report(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useOvertimeApprovers = (search: string) =>
  useQuery({
    queryKey: overtimeKeys.candidates(search),
    queryFn: () => overtimeApi.candidates(search),
    staleTime: 30_000,
  });
