import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import * as primeApi from 'primereact/api';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { i18nFor, type Language } from '../shared/i18n/index.ts';
import type { PasswordExpiry } from '../shared/account.schemas.ts';
import { sessionKeys } from './api/session.ts';
import { accountKeys } from './features/account/account.queries.ts';
import { App, createQueryClient } from './App.tsx';
import { BOOTSTRAP_ELEMENT_ID, type Bootstrap, type Session } from './bootstrap.ts';
import { homePathFor } from './navigation.ts';
import type { RouteHandle } from './page-data.ts';
import { PUBLIC_PATHS, buildRoutes } from './routes.tsx';

/**
 * How long a page waits for its prefetched data before it renders without it (the browser then
 * fetches what is missing): a slow query delays the page by at most this much.
 */
const PREFETCH_BUDGET_MS = 2000;

/** Runs the prefetch of every matched route (the page's data, as the person), within the budget. */
async function prefetchPageData(
  context: StaticHandlerContext,
  queryClient: QueryClient,
  session: Session,
  url: string,
): Promise<void> {
  const search = new URL(url, 'http://x').searchParams;
  const work = context.matches.flatMap((match) => {
    const prefetch = (match.route.handle as RouteHandle | undefined)?.prefetch;
    return prefetch ? [prefetch({ queryClient, search, params: match.params, session })] : [];
  });
  if (work.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(work),
    new Promise((resolve) => {
      timer = setTimeout(resolve, PREFETCH_BUDGET_MS);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * PrimeReact reads its texts' language from one global. Renders of different languages run side by
 * side on the server (streaming resumes them later), so on the server that global answers with the
 * language of the render asking: each render runs inside its own async context.
 */
const renderLanguage = new AsyncLocalStorage<Language>();
{
  const namespace = primeApi as unknown as { default?: Record<string, unknown> & { default?: unknown } };
  const candidates = [namespace.default, namespace.default?.default] as Array<
    Record<string, unknown> | undefined
  >;
  const globals = candidates.find((value) => value && 'locale' in value && 'ripple' in value);
  if (globals) {
    Object.defineProperty(globals, 'locale', {
      configurable: true,
      get: () => renderLanguage.getStore() ?? 'en',
      set: () => {},
    });
  }
}

export interface PageAssets {
  /** Module scripts to load (the client entry, or Vite's dev client). */
  scripts: string[];
  styles: string[];
  /** Extra head markup in development (React refresh preamble). */
  devHead?: string;
}

export interface RenderRequest {
  url: string;
  language: Language;
  environment: Bootstrap['environment'];
  session: Session | null;
  /** What the server already loaded for this person: hydrated, so the page does not fetch it again. */
  prefetched?: { passwordExpiry?: PasswordExpiry };
  assets: PageAssets;
  nonce: string;
}

export type RenderPlan =
  { kind: 'redirect'; location: string } | { kind: 'page'; statusCode: number; stream: PassThrough };

/** Escapes JSON for a <script type="application/json"> tag. */
function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function statusFor(url: string, environment: string): number {
  const pathname = new URL(url, 'http://x').pathname;
  const matches = matchRoutes(buildRoutes(environment), pathname) ?? [];
  const leaf = matches.at(-1)?.route;
  if (!leaf || leaf.path === '*' || pathname === '/404') return 404;
  if (pathname === '/403') return 403;
  if (pathname === '/500') return 500;
  if (pathname === '/devtools' && environment !== 'development') return 404;
  return 200;
}

/**
 * Renders a page as a stream: the document head at once, then (once the page's prefetched data is
 * in, see `handle.prefetch` in routes.tsx) the React tree as it resolves, then the bootstrap data —
 * with that data dehydrated — and the scripts. Protected pages without a session redirect to sign-in.
 */
export async function renderPage(request: RenderRequest): Promise<RenderPlan> {
  const pathname = new URL(request.url, 'http://x').pathname;
  const statusCode = statusFor(request.url, request.environment);
  const isPublic = PUBLIC_PATHS.includes(pathname) || statusCode === 404;
  if (!isPublic && !request.session) {
    return { kind: 'redirect', location: `/sign-in?next=${encodeURIComponent(request.url)}` };
  }
  // The home page of someone who may not see the employee list is the first screen they may open.
  if (pathname === '/' && request.session) {
    const home = homePathFor(request.session);
    if (home !== '/') return { kind: 'redirect', location: home };
  }

  const routes = buildRoutes(request.environment);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(request.url, 'http://localhost')));
  if (context instanceof Response) {
    return { kind: 'redirect', location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);

  const queryClient: QueryClient = createQueryClient();
  queryClient.setQueryData(sessionKeys.session, request.session);
  // The shell's expiry notice and /settings read it: rendered with it on both sides, no mismatch.
  if (request.prefetched?.passwordExpiry) {
    queryClient.setQueryData(accountKeys.passwordExpiry, request.prefetched.passwordExpiry);
  }
  // One instance per language for every render: the server never changes an instance's language.
  const i18n = i18nFor(request.language);

  const { assets, nonce } = request;
  const head =
    `<!doctype html><html lang="${request.language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<link rel="icon" href="data:,">` +
    assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('') +
    (assets.devHead ?? '') +
    `</head><body><div id="root">`;

  const output = new PassThrough();
  // The head goes out at once: the browser loads the stylesheets while the page's data loads.
  output.write(head);
  const session = request.session;
  const render = async () => {
    if (session) await prefetchPageData(context, queryClient, session, request.url);
    const bootstrap: Bootstrap = {
      language: request.language,
      environment: request.environment,
      signedIn: Boolean(session),
      dehydratedState: dehydrate(queryClient),
    };
    const tail =
      `</div><script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${safeJson(bootstrap)}</script>` +
      assets.scripts.map((src) => `<script type="module" src="${src}" nonce="${nonce}"></script>`).join('') +
      `</body></html>`;
    const reactOutput = new PassThrough();
    reactOutput.on('data', (chunk) => output.write(chunk));
    reactOutput.on('end', () => output.end(tail));
    const { pipe } = renderLanguage.run(request.language, () =>
      renderToPipeableStream(
        <StrictMode>
          <App bootstrap={bootstrap} queryClient={queryClient} i18n={i18n}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </App>
        </StrictMode>,
        {
          nonce,
          onShellReady() {
            pipe(reactOutput);
          },
          onShellError(error) {
            output.destroy(error as Error);
          },
          onError(error) {
            console.error('render error', error);
          },
        },
      ),
    );
  };
  render().catch((error: unknown) => output.destroy(error as Error));
  return { kind: 'page', statusCode, stream: output };
}
