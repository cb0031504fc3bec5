import type { ServiceContext } from '../../core/context.ts';
import { credentialsOf } from './connection-secrets.ts';
import { findActiveConnectionOf } from './connections.repository.ts';
import { AppError } from '../../core/errors.ts';
import { classifyDiscordError, discordClient, discordMembers } from './providers/discord/discord-client.ts';
import { httpPolicy } from './providers/provider-http.ts';

/**
 * What the connections area offers the chat-account check of the devices area (a service API: the
 * caller's use case authorizes and audits). It reads the company's Discord server live with the
 * connection's bot token: its two-factor level and its members' ids. A bot cannot read a member's
 * own `mfa_enabled` (Discord returns it only on `GET /users/@me` to the user's own OAuth2 token).
 * Run it outside any transaction: it calls Discord.
 */
export interface DiscordServerView {
  connectionId: string;
  guildName: string;
  /** Discord's guild `mfa_level`: 1 (ELEVATED) requires two-factor of members who moderate; null when not sent. */
  mfaLevel: number | null;
  memberIds: Set<string>;
}

export async function readDiscordServer(ctx: ServiceContext): Promise<DiscordServerView | null> {
  const row = await findActiveConnectionOf(ctx.db, 'DISCORD');
  if (!row) return null;
  const credentials = await credentialsOf(ctx, row);
  const policy = httpPolicy(ctx.config);
  const client = discordClient(credentials, policy);
  let guild: { name?: string; mfa_level?: number };
  let members: Awaited<ReturnType<typeof discordMembers>>;
  try {
    guild = (await client.get(`/guilds/${credentials.path}`)) as typeof guild;
    members = await discordMembers(client, policy, credentials.path);
  } catch (error) {
    // Discord refused or did not answer: the check changes nothing rather than guess.
    throw new AppError('SERVICE_UNAVAILABLE', { cause: classifyDiscordError(error) });
  }
  return {
    connectionId: row.id,
    guildName: guild.name ?? credentials.path,
    mfaLevel: typeof guild.mfa_level === 'number' ? guild.mfa_level : null,
    memberIds: new Set(members.filter((m) => !m.user.bot).map((m) => m.user.id)),
  };
}
