import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { risksApi, type RiskListParams } from './risks.api.ts';

/** The risk register as React Query hooks; every key starts with 'risks'. */

export { risksApi } from './risks.api.ts';
export type { RiskListParams } from './risks.api.ts';

export const riskKeys = {
  all: ['risks'] as const,
  list: (params: RiskListParams) => ['risks', 'list', params] as const,
  one: (id: string) => ['risks', 'one', id] as const,
  heatMap: ['risks', 'heat-map'] as const,
  owners: (search: string) => ['risks', 'owners', search] as const,
};

export const useRisks = (params: RiskListParams) =>
  useQuery({
    queryKey: riskKeys.list(params),
    queryFn: () => risksApi.list(params),
    placeholderData: keepPreviousData,
  });
export const useRisk = (id: string) =>
  useQuery({ queryKey: riskKeys.one(id), queryFn: () => risksApi.get(id), retry: false });
export const useRiskHeatMap = () =>
  useQuery({ queryKey: riskKeys.heatMap, queryFn: () => risksApi.heatMap() });
export const useRiskOwners = (search: string, enabled = true) =>
  useQuery({
    queryKey: riskKeys.owners(search),
    queryFn: () => risksApi.owners(search),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
