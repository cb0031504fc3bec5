import type { Octokit } from '@octokit/rest';
import { lazyModule } from '../../../../core/lazy-module.ts';
import { callProvider, ProviderError, type HttpPolicy } from '../provider-http.ts';
import type { ProviderCredentials } from '../provider.ts';
import { networkError, retryAfterMs, statusError } from '../rest-json.ts';
import type * as OctokitRestModule from '@octokit/rest';

const octokit = lazyModule<typeof OctokitRestModule>('@octokit/rest');

/**
 * The GitHub calls Backoffice makes, through Octokit (the maintained REST client): whom the token
 * belongs to, the organisation's members and repositories with their collaborators, and removing
 * a member. Each page is one request under the shared HTTP policy (time limit, bounded 429
 * retries): Octokit's own paginator walks the Link headers, our loop drives it a page at a time.
 * Octokit logs nothing (its logger is silenced: a request line could carry a token in a URL).
 */

const PAGE = 100;
/** A provider that always says "next" must not keep a sync going for ever. */
const MAX_PAGES = 1000;
const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

export function githubClient(credentials: ProviderCredentials): Octokit {
  return new (octokit().Octokit)({
    auth: credentials.token,
    baseUrl: credentials.baseUrl,
    userAgent: 'Backoffice',
    log: SILENT,
    request: { retries: 0 },
  });
}

/** Octokit's RequestError as a ProviderError: GitHub's secondary limit is a 403 with Retry-After or no quota left. */
export function classifyGithubError(error: unknown): ProviderError {
  const failure = error as {
    status?: number;
    response?: { headers?: Record<string, string | undefined> };
  } | null;
  if (!failure || typeof failure.status !== 'number') return new ProviderError('FAILED', null);
  if (!failure.response) return networkError(error);
  const headers = failure.response.headers ?? {};
  const exhausted = headers['x-ratelimit-remaining'] === '0';
  if (failure.status === 429 || (failure.status === 403 && (headers['retry-after'] || exhausted))) {
    const reset = Number(headers['x-ratelimit-reset']);
    const wait =
      retryAfterMs(headers['retry-after']) ??
      (Number.isFinite(reset) ? Math.max(0, reset * 1000 - Date.now()) : undefined);
    return new ProviderError('RATE_LIMITED', `HTTP ${failure.status}`, { retryAfterMs: wait });
  }
  return statusError(failure.status);
}

const call = <T>(policy: HttpPolicy, operation: () => Promise<T>) =>
  callProvider(policy, classifyGithubError, operation);

const iteratorOf = <T>(pages: AsyncIterable<T>) => pages[Symbol.asyncIterator]();

/** Every item of a paged list: one request per page, each under the policy (a 429 retries that page). */
export async function allPages<T>(policy: HttpPolicy, pages: AsyncIterator<{ data: T[] }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const next = await call(policy, () => pages.next());
    if (next.done) return items;
    items.push(...next.value.data);
  }
  throw new ProviderError('BAD_RESPONSE', 'too many pages');
}

export interface GithubUser {
  id: number;
  login: string;
  name?: string | null;
  email?: string | null;
  site_admin?: boolean;
  role_name?: string;
}

export async function githubMe(client: Octokit, policy: HttpPolicy): Promise<string> {
  const { data } = await call(policy, () => client.rest.users.getAuthenticated());
  return data.name ? `${data.name} (${data.login})` : data.login;
}

export async function githubOrg(client: Octokit, policy: HttpPolicy, org: string): Promise<void> {
  await call(policy, () => client.rest.orgs.get({ org }));
}

export function githubMembers(client: Octokit, policy: HttpPolicy, org: string, role: 'all' | 'admin') {
  return allPages<GithubUser>(
    policy,
    iteratorOf(client.paginate.iterator(client.rest.orgs.listMembers, { org, role, per_page: PAGE })),
  );
}

export interface GithubRepo {
  id: number;
  name: string;
  full_name: string;
  html_url: string;
  description: string | null;
  owner: { login: string };
  created_at?: string | null;
}

export function githubRepos(client: Octokit, policy: HttpPolicy, org: string) {
  return allPages<GithubRepo>(
    policy,
    iteratorOf(client.paginate.iterator(client.rest.repos.listForOrg, { org, type: 'all', per_page: PAGE })),
  );
}

export function githubCollaborators(client: Octokit, policy: HttpPolicy, owner: string, repo: string) {
  return allPages<GithubUser>(
    policy,
    iteratorOf(
      client.paginate.iterator(client.rest.repos.listCollaborators, { owner, repo, per_page: PAGE }),
    ),
  );
}

/** Removes a person from the organisation (their repository access goes with it); gone already is fine. */
export async function githubRemoveMember(
  client: Octokit,
  policy: HttpPolicy,
  org: string,
  username: string,
): Promise<void> {
  try {
    await call(policy, () => client.rest.orgs.removeMember({ org, username }));
  } catch (error) {
    if (error instanceof ProviderError && error.code === 'NOT_FOUND') return;
    throw error;
  }
}
