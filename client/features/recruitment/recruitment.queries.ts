import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { employeesApi } from '../employees/employees.api.ts';
import { recruitmentApi, type CampaignListParams, type ResumeListParams } from './recruitment.api.ts';

/** Recruitment as React Query hooks; every key starts with 'recruitment'. */

export { recruitmentApi } from './recruitment.api.ts';
export type { CampaignListParams, ResumeListParams } from './recruitment.api.ts';

export const recruitmentKeys = {
  all: ['recruitment'] as const,
  campaigns: (params: CampaignListParams) => ['recruitment', 'campaigns', params] as const,
  campaign: (id: string) => ['recruitment', 'campaign', id] as const,
  board: (id: string) => ['recruitment', 'board', id] as const,
  application: (id: string) => ['recruitment', 'application', id] as const,
  compare: (id: string, ids: string[]) => ['recruitment', 'compare', id, ids] as const,
  resumes: (params: ResumeListParams) => ['recruitment', 'resumes', params] as const,
  people: (search: string) => ['recruitment', 'people', search] as const,
};

export const useCampaigns = (params: CampaignListParams) =>
  useQuery({
    queryKey: recruitmentKeys.campaigns(params),
    queryFn: () => recruitmentApi.campaigns(params),
    placeholderData: keepPreviousData,
  });
export const useCampaign = (id: string) =>
  useQuery({
    queryKey: recruitmentKeys.campaign(id),
    queryFn: () => recruitmentApi.campaign(id),
    retry: false,
  });
export const useBoard = (id: string) =>
  useQuery({ queryKey: recruitmentKeys.board(id), queryFn: () => recruitmentApi.board(id), retry: false });
export const useApplication = (id: string | null) =>
  useQuery({
    queryKey: recruitmentKeys.application(id ?? ''),
    queryFn: () => recruitmentApi.application(id!),
    enabled: Boolean(id),
  });
export const useComparison = (campaignId: string, ids: string[]) =>
  useQuery({
    queryKey: recruitmentKeys.compare(campaignId, ids),
    queryFn: () => recruitmentApi.compare(campaignId, ids),
    enabled: ids.length >= 2,
    retry: false,
  });
export const useResumes = (params: ResumeListParams) =>
  useQuery({
    queryKey: recruitmentKeys.resumes(params),
    queryFn: () => recruitmentApi.resumes(params),
    placeholderData: keepPreviousData,
  });
/** Staff by name or email, for the hiring team picker. */
export const useTeamOptions = (search: string, enabled = true) =>
  useQuery({
    queryKey: recruitmentKeys.people(search),
    queryFn: () => employeesApi.lookup(search),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
