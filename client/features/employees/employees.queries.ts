import { useQuery } from '@tanstack/react-query';
import { EMPLOYEE_PAGE_SIZES, EMPLOYEE_SORT_FIELDS } from '../../../shared/employees.schemas.ts';
import { holds } from '../../navigation.ts';
import type { PagePrefetch } from '../../page-data.ts';
import { apiParamsOf, readPagedQuery } from '../../tables/use-paged-table.ts';
import { departmentKeys, departmentOptionsQuery } from '../departments/departments.queries.ts';
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

/** The employee list's table: its filters as the address keeps them (`status=A&status=B`), sorts, sizes. */
export const EMPLOYEE_LIST_TABLE = {
  filters: {
    search: 'text',
    status: 'list',
    departmentId: 'list',
    contractType: 'list',
    roleId: 'list',
    projectId: 'list',
    onboardFrom: 'text',
    onboardTo: 'text',
  },
  sortFields: EMPLOYEE_SORT_FIELDS,
  pageSizes: EMPLOYEE_PAGE_SIZES,
  defaultPerPage: 20,
} as const;

/**
 * What the employee list shows at once, loaded while the server renders it: the page the address
 * asks for, the counts, and the filters' options — so the page arrives whole and the browser does
 * not ask again (the same keys, fresh for the query client's stale time).
 */
export const prefetchEmployeeList: PagePrefetch = async ({ queryClient, search, session }) => {
  if (!holds(session, 'employees.view')) return;
  const params = apiParamsOf(readPagedQuery(search, EMPLOYEE_LIST_TABLE)) as ListParams;
  await Promise.all([
    queryClient.prefetchQuery({
      queryKey: employeeKeys.list(params),
      queryFn: () => employeesApi.list(params),
    }),
    queryClient.prefetchQuery({ queryKey: employeeKeys.counts, queryFn: employeesApi.aggregations }),
    queryClient.prefetchQuery({ queryKey: employeeKeys.employeeRoles, queryFn: employeesApi.employeeRoles }),
    holds(session, 'departments.view') &&
      queryClient.prefetchQuery({ queryKey: departmentKeys.options, queryFn: departmentOptionsQuery }),
  ]);
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
