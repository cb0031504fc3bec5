import type { DataTableStateEvent } from 'primereact/datatable';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The spec's page of a list: `{ items, currentPage, lastPage }` (a `total` when the API sends it). */
export interface Paged<T> {
  items: T[];
  currentPage: number;
  lastPage: number;
  total?: number;
  perPage?: number;
}

/** How a filter is kept in the address: one value, or a list (`status=A&status=B`). */
export type FilterKind = 'text' | 'list';
type FilterValue<K extends FilterKind> = K extends 'list' ? string[] : string;
export type FilterValues<F extends Record<string, FilterKind>> = { [K in keyof F]?: FilterValue<F[K]> };

export interface PagedTableOptions<F extends Record<string, FilterKind>, S extends string> {
  /** The filters, by name, and how each is kept in the address. */
  filters?: F;
  /** The columns the server sorts by; the first is the default. */
  sortFields?: readonly S[];
  defaultSortOrder?: 'asc' | 'desc';
  pageSizes?: readonly number[];
  defaultPerPage?: number;
  /** A prefix for the address keys, when two tables share a page (`members.page`). */
  prefix?: string;
}

export interface PagedQuery<F extends Record<string, FilterKind>, S extends string> {
  page: number;
  perPage: number;
  sortField?: S;
  sortOrder?: 'asc' | 'desc';
  filters: FilterValues<F>;
}

/**
 * The list's query from an address: what the hook reads, and what the server renderer reads to
 * prefetch a list's first page with the same key the browser then finds.
 */
export function readPagedQuery<F extends Record<string, FilterKind>, S extends string>(
  search: URLSearchParams,
  options: PagedTableOptions<F, S>,
): PagedQuery<F, S> {
  const prefix = options.prefix ? `${options.prefix}.` : '';
  const key = (name: string) => `${prefix}${name}`;
  const pageSizes = options.pageSizes ?? [10, 20, 50, 100];
  const defaultPerPage = options.defaultPerPage ?? 20;
  const sortFields = options.sortFields ?? [];
  const filters: Record<string, string | string[]> = {};
  for (const [name, kind] of Object.entries(options.filters ?? {})) {
    if (kind === 'list') {
      const values = search.getAll(key(name)).filter(Boolean);
      if (values.length) filters[name] = values;
    } else {
      const value = search.get(key(name));
      if (value) filters[name] = value;
    }
  }
  const perPage = Number(search.get(key('perPage')));
  const sortField = search.get(key('sortField')) as S | null;
  const sortOrder = search.get(key('sortOrder'));
  return {
    page: Math.max(1, Math.floor(Number(search.get(key('page')))) || 1),
    perPage: pageSizes.includes(perPage) ? perPage : defaultPerPage,
    ...(sortField && sortFields.includes(sortField) && { sortField }),
    ...((sortOrder === 'asc' || sortOrder === 'desc') && { sortOrder }),
    filters: filters as FilterValues<F>,
  };
}

/** The query as the API takes it: paging, sort and every filter side by side. */
export function apiParamsOf<F extends Record<string, FilterKind>, S extends string>(query: PagedQuery<F, S>) {
  return {
    page: query.page,
    perPage: query.perPage,
    ...(query.sortField && { sortField: query.sortField }),
    ...(query.sortOrder && { sortOrder: query.sortOrder }),
    ...query.filters,
  };
}

/**
 * A server-paged list whose page, page size, sort and filters live in the address, so a filtered
 * list can be shared and survives going back. Gives the query for the API (`query`, with
 * `apiParams` flattened) and the DataTable's props (`tableProps(page)`): lazy paging, sorting, the
 * page sizes, and cells that follow a language switch.
 *
 *   const table = usePagedTable({ filters: { search: 'text', status: 'list' }, sortFields: ['name'] });
 *   const list = useEmployeeList(table.apiParams);
 *   <DataTable {...table.tableProps(list.data, list.isFetching)}> …
 */
export function usePagedTable<
  F extends Record<string, FilterKind> = Record<never, FilterKind>,
  S extends string = string,
>(options: PagedTableOptions<F, S> = {}) {
  const [search, setSearch] = useSearchParams();
  const prefix = options.prefix ? `${options.prefix}.` : '';
  const pageSizes = options.pageSizes ?? [10, 20, 50, 100];
  const defaultPerPage = options.defaultPerPage ?? 20;
  const sortFields = options.sortFields ?? [];
  const filterKinds = options.filters ?? ({} as F);
  const key = useCallback((name: string) => `${prefix}${name}`, [prefix]);

  const query = useMemo(
    () => readPagedQuery(search, options),
    // The options are constants of the calling component; the address is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search, prefix],
  );

  /** Writes changes into the address (replacing the entry: paging is not a step back). */
  const write = useCallback(
    (changes: Partial<Omit<PagedQuery<F, S>, 'filters'>> & { filters?: FilterValues<F> }) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          const put = (name: string, value: string | string[] | number | undefined, fallback?: unknown) => {
            next.delete(key(name));
            if (value === undefined || value === '' || value === fallback) return;
            for (const item of Array.isArray(value) ? value : [value]) next.append(key(name), String(item));
          };
          if ('page' in changes) put('page', changes.page, 1);
          if ('perPage' in changes) put('perPage', changes.perPage, defaultPerPage);
          if ('sortField' in changes) put('sortField', changes.sortField);
          if ('sortOrder' in changes) put('sortOrder', changes.sortOrder);
          for (const [name, value] of Object.entries(changes.filters ?? {})) {
            put(name, Array.isArray(value) && value.length === 0 ? undefined : (value as string | string[]));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearch, key, defaultPerPage],
  );

  /** Changes filters; the list starts again from its first page. */
  const setFilters = useCallback((filters: FilterValues<F>) => write({ filters, page: 1 }), [write]);
  const clearFilters = useCallback(() => {
    const cleared = Object.fromEntries(Object.keys(filterKinds).map((name) => [name, undefined]));
    write({ filters: cleared as FilterValues<F>, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [write]);

  const apiParams = useMemo(() => apiParamsOf(query), [query]);

  const defaultSort = sortFields[0];
  const tableProps = <T>(page: Paged<T> | undefined, loading = false) => ({
    value: page?.items ?? [],
    lazy: true,
    paginator: true,
    first: (query.page - 1) * query.perPage,
    rows: query.perPage,
    rowsPerPageOptions: [...pageSizes],
    // The spec's page has no total: the last page tells how far the pager goes.
    totalRecords: page ? (page.total ?? page.lastPage * query.perPage) : 0,
    onPage: (event: DataTableStateEvent) =>
      write({ page: Math.floor(event.first / event.rows) + 1, perPage: event.rows }),
    ...(defaultSort && {
      sortField: query.sortField ?? defaultSort,
      sortOrder:
        (query.sortOrder ?? options.defaultSortOrder ?? 'asc') === 'desc' ? (-1 as const) : (1 as const),
      onSort: (event: DataTableStateEvent) =>
        write({
          sortField: event.sortField as S,
          sortOrder: event.sortOrder === -1 ? 'desc' : 'asc',
          page: 1,
        }),
    }),
    loading,
    dataKey: 'id',
    // Cells are rendered again on every render, so labels follow a language switch at once.
    cellMemo: false,
  });

  return { query, apiParams, filters: query.filters, setFilters, clearFilters, tableProps };
}
