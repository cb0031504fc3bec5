import { useQuery } from '@tanstack/react-query';
import { employeesApi, type ListParams } from './employees.api.ts';

/** The people feature's query keys (employees, external users, and their pickers). */
export const employeeKeys = {
  all: ['employees'] as const,
  list: (params: ListParams) => ['employees', 'list', params] as const,
  counts: ['employees', 'aggregations'] as const,
  one: (id: string) => ['employees', 'one', id] as const,
  detail: (id: string) => ['employees', 'detail', id] as const,
  externals: (params: object) => ['employees', 'externals', params] as const,
  banks: ['banks'] as const,
  employeeRoles: ['employee-roles'] as const,
  accessRoleChoices: ['employee-access-roles'] as const,
  lookup: (search: string) => ['people', 'lookup', search] as const,
};

export function useEmployeeList(params: ListParams) {
  return useQuery({
    queryKey: employeeKeys.list(params),
    queryFn: () => employeesApi.list(params),
    placeholderData: (previous) => previous,
  });
}

export function useEmployeeCounts() {
  return useQuery({ queryKey: employeeKeys.counts, queryFn: employeesApi.aggregations });
}

/** A person as lists show them (with what the caller may do). */
export function usePerson(id: string | undefined) {
  return useQuery({
    queryKey: employeeKeys.one(id ?? 'new'),
    queryFn: () => employeesApi.get(id!),
    enabled: Boolean(id),
    retry: false,
  });
}

/** Every field of a person, for those who may see them. */
export function useEmployeeDetail(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: employeeKeys.detail(id ?? 'new'),
    queryFn: () => employeesApi.getEmployee(id!),
    enabled: Boolean(id) && enabled,
    retry: false,
  });
}

export function useExternalUsers(params: { search?: string; page: number; perPage: number }) {
  return useQuery({
    queryKey: employeeKeys.externals(params),
    queryFn: () => employeesApi.externals(params),
    placeholderData: (previous) => previous,
  });
}

export function useBanks() {
  return useQuery({ queryKey: employeeKeys.banks, queryFn: employeesApi.banks, staleTime: Infinity });
}

export function useEmployeeRoleOptions() {
  return useQuery({ queryKey: employeeKeys.employeeRoles, queryFn: employeesApi.employeeRoles });
}

/** The access roles HR may give a person they create (the default one marked). */
export function useAccessRoleChoices(enabled: boolean) {
  return useQuery({
    queryKey: employeeKeys.accessRoleChoices,
    queryFn: employeesApi.accessRoleChoices,
    enabled,
  });
}

/** People by name or email, for pickers (department members). */
export function usePeopleLookup(search: string) {
  return useQuery({ queryKey: employeeKeys.lookup(search), queryFn: () => employeesApi.lookup(search) });
}
