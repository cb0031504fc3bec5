import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { recurringTasksApi, type ChildListParams, type TaskListParams } from './recurring-tasks.api.ts';

/** Recurring tasks as React Query hooks; every key starts with 'recurring-tasks'. */

export { recurringTasksApi } from './recurring-tasks.api.ts';
export type { ChildActionName, ChildListParams, TaskListParams } from './recurring-tasks.api.ts';

export const recurringTaskKeys = {
  all: ['recurring-tasks'] as const,
  list: (params: TaskListParams) => ['recurring-tasks', 'list', params] as const,
  one: (id: string) => ['recurring-tasks', 'one', id] as const,
  taskChildren: (id: string, params: object) => ['recurring-tasks', 'task-children', id, params] as const,
  children: (params: ChildListParams) => ['recurring-tasks', 'children', params] as const,
  candidates: (search: string) => ['recurring-tasks', 'candidates', search] as const,
};

export const useRecurringTasks = (params: TaskListParams) =>
  useQuery({
    queryKey: recurringTaskKeys.list(params),
    queryFn: () => recurringTasksApi.list(params),
    placeholderData: keepPreviousData,
  });
export const useRecurringTask = (id: string) =>
  useQuery({ queryKey: recurringTaskKeys.one(id), queryFn: () => recurringTasksApi.get(id), retry: false });
export const useTaskChildren = (id: string, params: Parameters<typeof recurringTasksApi.taskChildren>[1]) =>
  useQuery({
    queryKey: recurringTaskKeys.taskChildren(id, params),
    queryFn: () => recurringTasksApi.taskChildren(id, params),
    placeholderData: keepPreviousData,
  });
export const useChildren = (params: ChildListParams) =>
  useQuery({
    queryKey: recurringTaskKeys.children(params),
    queryFn: () => recurringTasksApi.children(params),
    placeholderData: keepPreviousData,
  });
/** People who may be assigned, by name (for managers; `enabled` while the picker is open). */
export const useAssigneeCandidates = (search: string, enabled = true) =>
  useQuery({
    queryKey: recurringTaskKeys.candidates(search),
    queryFn: () => recurringTasksApi.candidates(search),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
