import type {
  AssigneeCandidateList,
  ChildStatusFilter,
  ManualChildBody,
  RecurrenceCycle,
  RecurringTask,
  RecurringTaskBody,
  RecurringTaskChild,
  RecurringTaskChildPage,
  RecurringTaskPage,
  RecurringTaskUpdateBody,
} from '../../../shared/recurring-tasks.schemas.ts';
import { api, toQuery } from '../../api/http.ts';

/** The recurring-task area's calls: thin functions over `api()` (docs/client-conventions.md). */

export interface TaskListParams {
  page: number;
  perPage: number;
  search?: string;
  cycle?: RecurrenceCycle;
  active?: boolean;
  assigneeId?: string;
}

export interface ChildListParams {
  page: number;
  perPage: number;
  scope?: 'mine' | 'all';
  status?: ChildStatusFilter;
  search?: string;
}

export type ChildActionName = 'complete' | 'incomplete' | 'cancel' | 'uncancel';

export const recurringTasksApi = {
  list: (params: TaskListParams) => api<RecurringTaskPage>(`/recurring-tasks${toQuery({ ...params })}`),
  get: (id: string) => api<RecurringTask>(`/recurring-tasks/${id}`),
  create: (input: RecurringTaskBody) =>
    api<RecurringTask>('/recurring-tasks', { method: 'POST', body: input }),
  update: (id: string, input: RecurringTaskUpdateBody) =>
    api<RecurringTask>(`/recurring-tasks/${id}`, { method: 'PUT', body: input }),
  setStatus: (id: string, active: boolean, version: number) =>
    api<RecurringTask>(`/recurring-tasks/${id}/status`, { method: 'PUT', body: { active, version } }),
  remove: (id: string) => api<void>(`/recurring-tasks/${id}`, { method: 'DELETE' }),
  candidates: (search: string) =>
    api<AssigneeCandidateList>(
      `/recurring-tasks/assignee-candidates${toQuery({ search: search || undefined })}`,
    ),
  taskChildren: (id: string, params: { page: number; perPage: number; status?: ChildStatusFilter }) =>
    api<RecurringTaskChildPage>(`/recurring-tasks/${id}/children${toQuery({ ...params })}`),
  addChild: (id: string, input: ManualChildBody) =>
    api<RecurringTaskChild>(`/recurring-tasks/${id}/children`, { method: 'POST', body: input }),
  children: (params: ChildListParams) =>
    api<RecurringTaskChildPage>(`/recurring-task-children${toQuery({ ...params })}`),
  act: (id: string, action: ChildActionName) =>
    api<RecurringTaskChild>(`/recurring-task-children/${id}/${action}`, { method: 'POST' }),
  setNote: (id: string, note: string | null) =>
    api<RecurringTaskChild>(`/recurring-task-children/${id}/note`, { method: 'PUT', body: { note } }),
};
