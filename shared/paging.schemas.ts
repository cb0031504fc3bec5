import { Type, type Static, type TSchema } from 'typebox';

/**
 * One shape for every paged list (the spec's `{items, currentPage, lastPage}`, plus the totals the
 * tables show). Lists take `page` and `perPage` in the query string through `PageQuery`, and answer
 * with `Paged(Item)`; the server builds the answer with `paginate()` (server/core/paging.ts).
 */
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/** `page` (from 1) and `perPage` (1-100): spread into an area's query schema. */
export const PageQueryFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE })),
};

export const PageQuery = Type.Object(PageQueryFields, { additionalProperties: false });
export type PageQuery = Static<typeof PageQuery>;

/** A page of `item`s: `items`, `currentPage`, `lastPage` (the spec's shape), `perPage`, `total`. */
export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    currentPage: Type.Integer({ minimum: 1 }),
    lastPage: Type.Integer({ minimum: 1 }),
    perPage: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ minimum: 0 }),
  });

export interface Page<T> {
  items: T[];
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}
