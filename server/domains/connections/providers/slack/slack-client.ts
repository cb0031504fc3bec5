import type { Logger, WebClient } from '@slack/web-api';
import { lazyModule } from '../../../../core/lazy-module.ts';
import { callProvider, ProviderError, type HttpPolicy } from '../provider-http.ts';
import type { ProviderCredentials } from '../provider.ts';
import { networkError, statusError } from '../rest-json.ts';
import type * as SlackWebApiModule from '@slack/web-api';

const slack = lazyModule<typeof SlackWebApiModule>('@slack/web-api');

/**
 * The Slack calls Backoffice makes, through @slack/web-api (Slack's maintained client): whom the
 * token belongs to (auth.test), the workspace's members (users.list, cursor paging) and removing
 * a member (admin.users.remove: an Enterprise Grid admin API; a workspace token is refused, and
 * the item is left to be done by hand). The client's own retries are off and rate-limited calls
 * rejected, so the shared policy waits after Retry-After; its logger is silent.
 */

const PAGE = 200;
const MAX_PAGES = 1000;

const SILENT: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  setLevel() {},
  getLevel: () => slack().LogLevel.ERROR,
  setName() {},
};

export function slackClient(credentials: ProviderCredentials, policy: HttpPolicy): WebClient {
  return new (slack().WebClient)(credentials.token, {
    slackApiUrl: `${credentials.baseUrl}/`,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: policy.timeoutMs,
    logger: SILENT,
    logLevel: slack().LogLevel.ERROR,
  });
}

/** Slack's errors that mean the token itself is refused. */
const REFUSED = new Set(['invalid_auth', 'not_authed', 'token_revoked', 'token_expired', 'account_inactive']);
/** Slack's answers to "this token may not do that" (admin APIs without Enterprise Grid). */
export const NOT_ALLOWED = new Set([
  'not_allowed_token_type',
  'missing_scope',
  'not_an_enterprise',
  'not_an_admin',
  'feature_not_enabled',
  'team_not_found',
]);

export function classifySlackError(error: unknown): ProviderError {
  const failure = error as {
    code?: string;
    retryAfter?: number;
    statusCode?: number;
    data?: { error?: string };
    original?: unknown;
  } | null;
  switch (failure?.code) {
    case slack().ErrorCode.RateLimitedError:
      return new ProviderError('RATE_LIMITED', 'HTTP 429', {
        retryAfterMs: (failure.retryAfter ?? 1) * 1000,
      });
    case slack().ErrorCode.HTTPError:
      return statusError(failure.statusCode ?? 500);
    case slack().ErrorCode.RequestError:
      return networkError(failure.original);
    case slack().ErrorCode.PlatformError: {
      const code = failure.data?.error ?? 'error';
      if (REFUSED.has(code)) return new ProviderError('UNAUTHORIZED', code);
      if (NOT_ALLOWED.has(code)) return new ProviderError('FORBIDDEN', code);
      return new ProviderError('FAILED', code.slice(0, 60));
    }
    default:
      return new ProviderError('FAILED', error instanceof Error ? error.name : null);
  }
}

const call = <T>(policy: HttpPolicy, operation: () => Promise<T>) =>
  callProvider(policy, classifySlackError, operation);

export interface SlackMember {
  id: string;
  name: string;
  real_name?: string;
  deleted?: boolean;
  is_bot?: boolean;
  is_admin?: boolean;
  is_owner?: boolean;
  is_restricted?: boolean;
  team_id?: string;
  profile?: { email?: string; real_name?: string; display_name?: string };
}

export async function slackMe(
  client: WebClient,
  policy: HttpPolicy,
): Promise<{ account: string; teamId: string }> {
  const answer = await call(policy, () => client.auth.test());
  return {
    account: `${answer.user ?? answer.user_id} @ ${answer.team ?? answer.team_id}`,
    teamId: answer.team_id ?? '',
  };
}

export async function slackMembers(client: WebClient, policy: HttpPolicy): Promise<SlackMember[]> {
  const members: SlackMember[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await call(policy, () => client.users.list({ limit: PAGE, ...(cursor && { cursor }) }));
    members.push(...((answer.members ?? []) as SlackMember[]));
    cursor = answer.response_metadata?.next_cursor || undefined;
    if (!cursor) return members;
  }
  throw new ProviderError('BAD_RESPONSE', 'too many pages');
}

/** Removes a member from the workspace: DONE, or MANUAL when Slack says this token may not. */
export async function slackRemoveMember(
  client: WebClient,
  policy: HttpPolicy,
  teamId: string,
  userId: string,
): Promise<'DONE' | 'MANUAL'> {
  try {
    await call(policy, () => client.admin.users.remove({ team_id: teamId, user_id: userId }));
    return 'DONE';
  } catch (error) {
    if (error instanceof ProviderError && error.code === 'FORBIDDEN') return 'MANUAL';
    throw error;
  }
}
