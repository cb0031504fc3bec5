import type { Gitlab } from '@gitbeaker/core';
import { lazyModule } from '../../../../core/lazy-module.ts';
import { callProvider, ProviderError, type HttpPolicy } from '../provider-http.ts';
import type { ProviderCredentials } from '../provider.ts';
import { networkError, passThrough, statusError } from '../rest-json.ts';
import type * as GitbeakerCoreModule from '@gitbeaker/core';
import type * as GitbeakerRequesterUtilsModule from '@gitbeaker/requester-utils';

const gitbeaker = lazyModule<typeof GitbeakerCoreModule>('@gitbeaker/core');
const requesterUtils = lazyModule<typeof GitbeakerRequesterUtilsModule>('@gitbeaker/requester-utils');

/**
 * The GitLab calls Backoffice makes, through GitBeaker (the maintained client): whom the token
 * belongs to, the group's members and projects (subgroups included) with each project's members,
 * and removing a member from the group.
 *
 * GitBeaker's resources build the URLs, the query and the pagination; its request handler is
 * replaced by ours (about twenty lines, below): the stock one retries a 429 ten times within a
 * few milliseconds without reading Retry-After, which hammers a GitLab that asked to slow down.
 * Ours makes one request and turns a refusal into a ProviderError, and the shared policy retries
 * after Retry-After. One page per request (`page`, `maxPages: 1`): each page has its own time limit.
 */

const PAGE = 100;
const MAX_PAGES = 1000;

interface RequestOptions {
  rateLimiters?: Record<string, unknown>;
  prefixUrl?: string;
  searchParams?: string;
  method?: string;
  asStream?: boolean;
  agent?: unknown;
  [key: string]: unknown;
}

async function requestHandler(endpoint: string, options: RequestOptions) {
  const {
    rateLimiters,
    prefixUrl,
    searchParams,
    method,
    asStream: _stream,
    agent: _agent,
    ...init
  } = options;
  // GitBeaker's client-side pacing, as its own handler does.
  await requesterUtils().getMatchingRateLimiter(endpoint, rateLimiters as never, method)();
  const url = new URL(endpoint, prefixUrl?.endsWith('/') ? prefixUrl : `${prefixUrl}/`);
  url.search = searchParams || '';
  let response: Response;
  try {
    response = await fetch(url, { ...(init as RequestInit), method });
  } catch (error) {
    if ((error as Error | null)?.name === 'AbortError') throw error;
    throw networkError(error);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw statusError(response.status, response.headers.get('retry-after'));
  }
  const headers = Object.fromEntries(response.headers.entries());
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  let body: unknown = null;
  if (response.status !== 204) {
    if (type !== 'application/json') throw new ProviderError('BAD_RESPONSE', 'not JSON');
    body =
      (await response.json().catch(() => {
        throw new ProviderError('BAD_RESPONSE', 'not JSON');
      })) ?? {};
  }
  return { body, headers, status: response.status };
}

// Built on first use, with the package (lazyModule).
let requesterFnOnce: ReturnType<typeof GitbeakerRequesterUtilsModule.createRequesterFn> | undefined;
const requesterFn = () =>
  (requesterFnOnce ??= requesterUtils().createRequesterFn(
    (_, options) => Promise.resolve(options),
    requestHandler as never,
  ));

export type GitlabClient = InstanceType<typeof Gitlab<false>>;

export function gitlabClient(credentials: ProviderCredentials): GitlabClient {
  return new (gitbeaker().Gitlab)({
    host: credentials.baseUrl,
    token: credentials.token,
    requesterFn: requesterFn(),
    // Our policy limits each request; GitBeaker's own timer would be a second, longer one.
    queryTimeout: null,
  } as never) as GitlabClient;
}

const call = <T>(policy: HttpPolicy, operation: () => Promise<T>) =>
  callProvider(policy, passThrough, operation);

/** Every item of a paged list, one page per request, following X-Next-Page. */
async function allPages<T>(
  policy: HttpPolicy,
  page: (options: { page: number; perPage: number; maxPages: 1; showExpanded: true }) => Promise<unknown>,
): Promise<T[]> {
  const items: T[] = [];
  for (let number = 1, count = 0; count < MAX_PAGES; count++) {
    const result = (await call(policy, () =>
      page({ page: number, perPage: PAGE, maxPages: 1, showExpanded: true }),
    )) as { data: T[]; paginationInfo: { next: number | null } };
    items.push(...result.data);
    if (!result.paginationInfo.next || result.data.length === 0) return items;
    number = result.paginationInfo.next;
  }
  throw new ProviderError('BAD_RESPONSE', 'too many pages');
}

export interface GitlabMember {
  id: number;
  username: string;
  name: string;
  state?: string;
  access_level?: number;
  email?: string | null;
}

export interface GitlabProject {
  id: number;
  name: string;
  path_with_namespace: string;
  web_url: string;
  description: string | null;
  namespace?: { full_path?: string; name?: string };
  created_at?: string | null;
}

export async function gitlabMe(client: GitlabClient, policy: HttpPolicy): Promise<string> {
  const user = (await call(policy, () => client.Users.showCurrentUser())) as {
    name?: string;
    username: string;
  };
  return user.name ? `${user.name} (${user.username})` : user.username;
}

export async function gitlabGroup(client: GitlabClient, policy: HttpPolicy, group: string): Promise<void> {
  await call(policy, () => client.Groups.show(group));
}

export function gitlabGroupMembers(client: GitlabClient, policy: HttpPolicy, group: string) {
  return allPages<GitlabMember>(policy, (options) =>
    client.GroupMembers.all(group, { includeInherited: true, ...options } as never),
  );
}

export function gitlabProjects(client: GitlabClient, policy: HttpPolicy, group: string) {
  return allPages<GitlabProject>(policy, (options) =>
    client.Groups.allProjects(group, { includeSubgroups: true, ...options } as never),
  );
}

export function gitlabProjectMembers(client: GitlabClient, policy: HttpPolicy, projectId: number) {
  return allPages<GitlabMember>(policy, (options) =>
    client.ProjectMembers.all(projectId, { includeInherited: true, ...options } as never),
  );
}

/** Removes a person from the group (and its subgroups and projects); gone already is fine. */
export async function gitlabRemoveMember(
  client: GitlabClient,
  policy: HttpPolicy,
  group: string,
  userId: number,
): Promise<void> {
  try {
    await call(policy, () => client.GroupMembers.remove(group, userId));
  } catch (error) {
    if (error instanceof ProviderError && error.code === 'NOT_FOUND') return;
    throw error;
  }
}
