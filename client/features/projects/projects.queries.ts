import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectsApi, type ProjectListParams } from './projects.api.ts';

/**
 * Projects and their members, as React Query hooks. Every query key comes from `projectKeys`, so
 * a change invalidates exactly what shows it. The calls themselves are in projects.api.ts.
 */

export type { MemberInput, PersonOption, ProjectInput, ProjectListParams } from './projects.api.ts';
export { projectsApi } from './projects.api.ts';

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
