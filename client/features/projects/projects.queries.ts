import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Member,
  MemberList,
  ProjectDetail,
  ProjectFilters,
  ProjectPage,
  ProjectRoleOption,
  ProjectStage,
  UserProjectList,
} from '../../../shared/projects.schemas.ts';
import { ApiError, api, getAccessToken, refreshAccessToken } from '../../api/http.ts';

/**
 * Projects and their members, as React Query hooks. Every query key comes from `projectKeys`, so
 * a change invalidates exactly what shows it.
 */

export interface ProjectListParams extends ProjectFilters {
  page: number;
  perPage: number;
}

export interface ProjectInput {
  name?: string;
  description?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  stage?: ProjectStage;
}

export interface MemberInput {
  userId?: string;
  roleId?: string;
  note?: string | null;
  joinedAt?: string | null;
  exitedAt?: string | null;
}

export interface PersonOption {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  avatarUrl: string | null;
  status: string;
}

export const projectKeys = {
  all: ['projects'] as const,
  lists: ['projects', 'list'] as const,
  list: (params: ProjectListParams) => ['projects', 'list', params] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  roles: ['projects', 'roles'] as const,
  ofPerson: (userId: string) => ['projects', 'of-person', userId] as const,
  people: (search: string) => ['projects', 'people', search] as const,
  /** Every project by name, for filters of other screens. */
  options: ['projects', 'options'] as const,
};

/** Query parameters with repeated keys for lists (`stage=A&stage=B`), empty values left out. */
export function toQuery(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Fetches a protected file (an export) with the access token and hands it to the browser. */
export async function downloadFile(path: string, fallbackName: string, language: string): Promise<void> {
  if (!getAccessToken()) await refreshAccessToken();
  const send = () =>
    fetch(`/api${path}`, {
      credentials: 'same-origin',
      headers: { authorization: `Bearer ${getAccessToken() ?? ''}`, 'accept-language': language },
    });
  let response = await send();
  if (response.status === 440 && (await refreshAccessToken())) response = await send();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(response.status, body?.code ?? 'INTERNAL', body?.message ?? response.statusText);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = encoded ? decodeURIComponent(encoded) : fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The message of a failed call and its field errors by field (the server translated both). */
export function failureOf(error: unknown, t: (key: string) => string) {
  if (error instanceof ApiError) {
    const fields = Object.fromEntries(error.fieldErrors.map((f) => [f.field.split('.')[0]!, f.message]));
    return { message: error.message || t(`errors:codes.${error.code}`), fields };
  }
  return { message: t('errors:codes.INTERNAL'), fields: {} as Record<string, string> };
}

export const projectsApi = {
  list: (params: ProjectListParams) => api<ProjectPage>(`/projects/list${toQuery(params)}`),
  get: (id: string) => api<ProjectDetail>(`/projects/${id}`),
  create: (clientId: string, input: ProjectInput) =>
    api<ProjectDetail>(`/clients/${clientId}/projects`, { method: 'POST', body: input }),
  update: (id: string, input: ProjectInput) =>
    api<ProjectDetail>(`/projects/${id}`, { method: 'PUT', body: input }),
  setStatus: (id: string, status: 'ACTIVE' | 'DEACTIVATE') =>
    api<ProjectDetail>(`/projects/${id}/status`, { method: 'PATCH', body: { status } }),
  remove: (id: string) => api<void>(`/projects/${id}`, { method: 'DELETE' }),
  exportFile: (id: string, name: string, language: string) =>
    downloadFile(`/projects/${id}/export`, `${name}.xlsx`, language),
  roles: () => api<{ items: ProjectRoleOption[] }>('/project-roles'),
  addMember: (projectId: string, input: MemberInput) =>
    api<Member>(`/projects/${projectId}/members`, { method: 'POST', body: input }),
  updateMember: (projectId: string, memberId: string, input: MemberInput) =>
    api<Member>(`/projects/${projectId}/members/${memberId}`, { method: 'PUT', body: input }),
  setMemberStatus: (projectId: string, memberId: string, status: 'ACTIVE' | 'DEACTIVATE') =>
    api<Member>(`/projects/${projectId}/members/${memberId}/status`, { method: 'PATCH', body: { status } }),
  removeMember: (projectId: string, memberId: string) =>
    api<void>(`/projects/${projectId}/members/${memberId}`, { method: 'DELETE' }),
  members: (projectId: string) => api<MemberList>(`/projects/${projectId}/members`),
  ofPerson: (userId: string) => api<UserProjectList>(`/users/${userId}/projects`),
  people: (search: string) =>
    api<{ items: PersonOption[] }>(`/users/public-info${toQuery({ search, limit: 20 })}`),
};

/** A page of the project list, the previous page shown while the next one loads. */
export function useProjectList(params: ProjectListParams, enabled = true) {
  return useQuery({
    queryKey: projectKeys.list(params),
    queryFn: () => projectsApi.list(params),
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function useProject(id: string) {
  return useQuery({ queryKey: projectKeys.detail(id), queryFn: () => projectsApi.get(id), retry: false });
}

/** The active project roles to give members. */
export function useProjectRoles(enabled = true) {
  return useQuery({ queryKey: projectKeys.roles, queryFn: projectsApi.roles, enabled, staleTime: 60_000 });
}

export function usePersonProjects(userId: string, enabled = true) {
  return useQuery({
    queryKey: projectKeys.ofPerson(userId),
    queryFn: () => projectsApi.ofPerson(userId),
    enabled,
    retry: false,
  });
}

/**
 * People who may join, by name or email (deactivated people are left out). A function, not a
 * hook: an autocomplete asks for suggestions when the person types, and wants the answer then.
 */
export function usePeopleSearch() {
  const queryClient = useQueryClient();
  return (search: string) =>
    queryClient.fetchQuery({
      queryKey: projectKeys.people(search),
      queryFn: async () => (await projectsApi.people(search)).items.filter((p) => p.status !== 'INACTIVE'),
      staleTime: 10_000,
    });
}

/** Every project by name (at most 100), for filters of other screens (the employee list). */
export function useProjectOptions(enabled = true) {
  return useQuery({
    queryKey: projectKeys.options,
    queryFn: () => projectsApi.list({ page: 1, perPage: 100, sortField: 'name' }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * A change to one project (its fields, status, members): the detail is replaced by the answer when
 * the call returns one, and every list showing projects or a person's projects is reloaded.
 */
export function useProjectChange<Variables, Result>(
  projectId: string,
  change: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (result) => {
      if (result && typeof result === 'object' && 'stageHistory' in result)
        queryClient.setQueryData(projectKeys.detail(projectId), result);
      else await queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
      await queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'clients' ||
          (query.queryKey[0] === 'projects' && query.queryKey[1] !== 'detail'),
      });
    },
  });
}
