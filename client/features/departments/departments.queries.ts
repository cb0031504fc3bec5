import { useQuery } from '@tanstack/react-query';
import { departmentsApi, type DepartmentListParams } from './departments.api.ts';

export const departmentKeys = {
  all: ['departments'] as const,
  list: (params: DepartmentListParams) => ['departments', 'list', params] as const,
  one: (id: string) => ['departments', 'one', id] as const,
  /** Every department, for pickers and filters. */
  options: ['departments', 'options'] as const,
};

export function useDepartmentList(params: DepartmentListParams) {
  return useQuery({
    queryKey: departmentKeys.list(params),
    queryFn: () => departmentsApi.list(params),
    placeholderData: (previous) => previous,
  });
}

export function useDepartment(id: string | null) {
  return useQuery({
    queryKey: departmentKeys.one(id ?? 'new'),
    queryFn: () => departmentsApi.get(id!),
    enabled: Boolean(id),
  });
}

/** All departments (a company has tens, not thousands), for selects and filters. */
export const departmentOptionsQuery = async () => ({ items: await departmentsApi.listAll() });

export function useDepartmentOptions(enabled = true) {
  return useQuery({ queryKey: departmentKeys.options, queryFn: departmentOptionsQuery, enabled });
}
