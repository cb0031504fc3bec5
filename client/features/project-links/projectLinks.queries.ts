import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { projectLinksApi, type AccountListParams } from './projectLinks.api.ts';

/** A project's links as React Query hooks; every key starts with 'project-links' and the project. */

export { projectLinksApi } from './projectLinks.api.ts';
export type { AccountListParams } from './projectLinks.api.ts';

export const projectLinkKeys = {
  project: (projectId: string) => ['project-links', projectId] as const,
  git: (projectId: string) => ['project-links', projectId, 'git'] as const,
  gitPicker: (projectId: string, search: string) =>
    ['project-links', projectId, 'git-picker', search] as const,
  gitAccounts: (projectId: string, params: AccountListParams) =>
    ['project-links', projectId, 'git-accounts', params] as const,
  figma: (projectId: string, params: AccountListParams) =>
    ['project-links', projectId, 'figma', params] as const,
  cloud: (projectId: string) => ['project-links', projectId, 'cloud'] as const,
  cloudPicker: (projectId: string) => ['project-links', projectId, 'cloud-picker'] as const,
  /** Company-wide; a change also reloads every project's cloud accounts (their chips). */
  serviceRoles: ['project-links', 'service-roles'] as const,
  all: ['project-links'] as const,
};

export const useProjectGitRepositories = (projectId: string) =>
  useQuery({
    queryKey: projectLinkKeys.git(projectId),
    queryFn: () => projectLinksApi.gitRepositories(projectId),
    retry: false,
  });
export const useGitRepositoriesOfConnections = (projectId: string, search: string) =>
  useQuery({
    queryKey: projectLinkKeys.gitPicker(projectId, search),
    queryFn: () => projectLinksApi.gitRepositoriesOfConnections(projectId, search),
    placeholderData: keepPreviousData,
  });
export const useProjectGitAccounts = (projectId: string, params: AccountListParams, enabled: boolean) =>
  useQuery({
    queryKey: projectLinkKeys.gitAccounts(projectId, params),
    queryFn: () => projectLinksApi.gitAccounts(projectId, params),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
export const useProjectFigmaMembers = (projectId: string, params: AccountListParams, enabled: boolean) =>
  useQuery({
    queryKey: projectLinkKeys.figma(projectId, params),
    queryFn: () => projectLinksApi.figmaMembers(projectId, params),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
export const useProjectCloudAccounts = (projectId: string) =>
  useQuery({
    queryKey: projectLinkKeys.cloud(projectId),
    queryFn: () => projectLinksApi.cloudAccounts(projectId),
    retry: false,
  });
export const useSelectableCloudAccounts = (projectId: string) =>
  useQuery({
    queryKey: projectLinkKeys.cloudPicker(projectId),
    queryFn: () => projectLinksApi.selectableCloudAccounts(projectId),
  });
export const useServiceRoles = (enabled = true) =>
  useQuery({
    queryKey: projectLinkKeys.serviceRoles,
    queryFn: () => projectLinksApi.serviceRoles(),
    enabled,
    retry: false,
  });
