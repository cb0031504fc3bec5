import type { REST } from '@discordjs/rest';
import { lazyModule } from '../../../../core/lazy-module.ts';
import { callProvider, ProviderError, type HttpPolicy } from '../provider-http.ts';
import type { ProviderCredentials } from '../provider.ts';
import { networkError, statusError } from '../rest-json.ts';
import type * as DiscordjsRestModule from '@discordjs/rest';

const discord = lazyModule<typeof DiscordjsRestModule>('@discordjs/rest');

/**
 * The Discord calls Backoffice makes, through @discordjs/rest (discord.js's REST client) with a
 * bot token: the bot's own user, the server (guild), its members and channels, and removing a
 * member. The library is told to reject a rate limit instead of waiting on its own
 * (`rejectOnRateLimit`), so the shared policy decides how long and how often to wait; its
 * requests go through the global fetch, so the call's time limit reaches them.
 */

const MEMBER_PAGE = 1000;
const MAX_PAGES = 1000;

export function discordClient(credentials: ProviderCredentials, policy: HttpPolicy): REST {
  return new (discord().REST)({
    api: credentials.baseUrl,
    version: '10',
    retries: 0,
    timeout: policy.timeoutMs,
    rejectOnRateLimit: () => true,
    makeRequest: (url, init) => fetch(url, init as RequestInit) as never,
  }).setToken(credentials.token);
}

export function classifyDiscordError(error: unknown): ProviderError {
  if (error instanceof discord().RateLimitError)
    return new ProviderError('RATE_LIMITED', 'HTTP 429', { retryAfterMs: error.retryAfter });
  if (error instanceof discord().DiscordAPIError || error instanceof discord().HTTPError)
    return statusError(error.status);
  if ((error as Error | null)?.name === 'AbortError') return new ProviderError('TIMEOUT', null);
  if (error instanceof TypeError) return networkError(error);
  return new ProviderError('FAILED', error instanceof Error ? error.name : null);
}

const call = <T>(policy: HttpPolicy, operation: () => Promise<unknown>) =>
  callProvider(policy, classifyDiscordError, operation) as Promise<T>;

export interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  bot?: boolean;
}
export interface DiscordMember {
  user: DiscordUser;
  nick?: string | null;
  roles?: string[];
}
export interface DiscordChannel {
  id: string;
  name?: string | null;
  type: number;
  position?: number;
}

export async function discordMe(client: REST, policy: HttpPolicy): Promise<string> {
  const user = await call<DiscordUser>(policy, () => client.get('/users/@me'));
  return user.username;
}

export async function discordGuild(client: REST, policy: HttpPolicy, guildId: string): Promise<string> {
  const guild = await call<{ id: string; name: string }>(policy, () => client.get(`/guilds/${guildId}`));
  return guild.name;
}

/** Every member, by pages of 1000 after the last id seen (GET /guilds/{id}/members). */
export async function discordMembers(
  client: REST,
  policy: HttpPolicy,
  guildId: string,
): Promise<DiscordMember[]> {
  const members: DiscordMember[] = [];
  let after = '0';
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ limit: String(MEMBER_PAGE), after });
    const batch = await call<DiscordMember[]>(policy, () =>
      client.get(`/guilds/${guildId}/members`, { query }),
    );
    members.push(...batch);
    if (batch.length < MEMBER_PAGE) return members;
    after = batch.at(-1)!.user.id;
  }
  throw new ProviderError('BAD_RESPONSE', 'too many pages');
}

export function discordChannels(client: REST, policy: HttpPolicy, guildId: string) {
  return call<DiscordChannel[]>(policy, () => client.get(`/guilds/${guildId}/channels`));
}

/** Removes (kicks) a member from the server; gone already is fine. */
export async function discordRemoveMember(
  client: REST,
  policy: HttpPolicy,
  guildId: string,
  userId: string,
): Promise<void> {
  try {
    await call(policy, () =>
      client.delete(`/guilds/${guildId}/members/${userId}`, { reason: 'Offboarding (Backoffice)' }),
    );
  } catch (error) {
    if (error instanceof ProviderError && error.code === 'NOT_FOUND') return;
    throw error;
  }
}
