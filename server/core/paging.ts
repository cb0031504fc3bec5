import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type Page } from '../../shared/paging.schemas.ts';

/** Where a page starts and how long it is, for a repository's `offset`/`limit`. */
export interface PageWindow {
  currentPage: number;
  perPage: number;
  offset: number;
  limit: number;
}

/** Turns `page`/`perPage` from a query (already validated) into a window, with the defaults applied. */
export function pageWindow(
  query: { page?: number; perPage?: number },
  defaults: { perPage?: number } = {},
): PageWindow {
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, query.perPage ?? defaults.perPage ?? DEFAULT_PER_PAGE));
  const currentPage = Math.max(1, query.page ?? 1);
  return { currentPage, perPage, offset: (currentPage - 1) * perPage, limit: perPage };
}

/**
 * Runs a repository's page query and shapes the answer. `load` gets the window and returns the
 * rows of that page and the total count; `toItem` turns a row into what the API sends.
 */
export async function paginate<Row, Item>(
  query: { page?: number; perPage?: number },
  load: (window: PageWindow) => Promise<{ rows: Row[]; total: number }>,
  toItem: (row: Row) => Item,
  defaults: { perPage?: number } = {},
): Promise<Page<Item>> {
  const window = pageWindow(query, defaults);
  const { rows, total } = await load(window);
  return { items: rows.map(toItem), ...pageOf(window, total) };
}

/** The paging fields of a list answer: the window's page and size, the total and the last page. */
export function pageOf(window: Pick<PageWindow, 'currentPage' | 'perPage'>, total: number) {
  return {
    currentPage: window.currentPage,
    lastPage: Math.max(1, Math.ceil(total / window.perPage)),
    perPage: window.perPage,
    total,
  };
}

/**
 * The paging fields of a report, whose `total` is a sum of values: the groups are counted in
 * `totalRows`. A whole report (no window, the CLI's) is its one page.
 */
export function reportPageOf(
  window: Pick<PageWindow, 'currentPage'> | null,
  perPage: number,
  groups: number,
) {
  return {
    currentPage: window?.currentPage ?? 1,
    perPage,
    totalRows: groups,
    lastPage: Math.max(1, Math.ceil(groups / perPage)),
  };
}

/**
 * Reads a query's rows a batch at a time (exports): `batch(offset, limit)` runs one page of it, in a
 * stable order; the iteration ends at the first short page.
 */
export async function* inBatches<Row>(
  batch: (offset: number, limit: number) => Promise<Row[]>,
  batchSize = 1000,
): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await batch(offset, batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
  }
}
