import type { QueryClient } from '@tanstack/react-query';
import type { Session } from './bootstrap.ts';

/** What a page's prefetch gets while the server renders it for a signed-in person. */
export interface PrefetchContext {
  queryClient: QueryClient;
  /** The address's query string (a list's page, sort and filters live there). */
  search: URLSearchParams;
  /** The route's parameters (`:id`). */
  params: Record<string, string | undefined>;
  session: Session;
}

/**
 * Loads what a page shows at once into the query client, with the page's own query keys and query
 * functions. The server runs it before rendering (its calls go through the app as the person, with
 * their permissions), so the page arrives with its data and the browser does not fetch it again.
 */
export type PagePrefetch = (context: PrefetchContext) => Promise<unknown>;

/** What a route may carry in its `handle`. */
export interface RouteHandle {
  /** The route renders the signed-in shell (sidebar, header). */
  shell?: boolean;
  prefetch?: PagePrefetch;
}
