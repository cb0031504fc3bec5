import type { DiscordCheckResult } from '../../../shared/devices.schemas.ts';
import { DISCORD_STATUS_ROOM } from '../../../shared/realtime.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { readDiscordServer } from '../connections/discord-lookup.service.ts';
import { CHANNELS, encodeEvent, publish } from '../notifications/realtime.channels.ts';
import { readUpdateRules } from './device-evaluation.ts';
import * as repo from './devices.repository.ts';
import { workDevicePolicy } from './devices.policy.ts';
import { setEnforcements, type DesiredEnforcement } from './enforcement.ts';

const DAY_MS = 86_400_000;

type DiscordStatus = 'LINKED' | 'NOT_LINKED' | 'NOT_MEMBER';

/**
 * The chat-account check (enforcement type DISCORD; README "Discord two-factor"): with the company's
 * Discord connection (a bot), every active person must have a linked Discord account that is a member
 * of the server. People without one get the chat-account modal once the grace period (the work-device
 * one) has passed since they were first found, and a `discord-status` event. Two-factor itself cannot
 * be read by a bot, so it is reported as unverifiable, never claimed. Runs daily (worker), from
 * platform settings and from `backoffice devices discord-check`.
 */
export async function runDiscordCheck(
  ctx: ServiceContext,
  now: Date = new Date(),
): Promise<DiscordCheckResult> {
  workDevicePolicy.authorize(ctx.actor, 'manage', undefined);
  const rules = await readUpdateRules(ctx.db);
  const empty = { guildName: null, guildMfaLevel: null, checked: 0, linked: 0, notLinked: 0, notMember: 0 };
  // Discord is asked before the transaction: no connection is held open across the network call.
  const server = rules.discordCheck ? await readDiscordServer(ctx) : null;
  return inTransaction(ctx, async (tx) => {
    let result: DiscordCheckResult;
    if (!rules.discordCheck || !server) {
      // Off, or nothing to check against: lift what an earlier run set, change nothing else.
      const enforced = await repo.listEnforcedUserIds(tx.db, ['DISCORD']);
      await setEnforcements(tx, 'DISCORD', new Map(enforced.map((userId) => [userId, null])), now);
      result = { enabled: rules.discordCheck, connected: server !== null, mfaUnverifiable: true, ...empty };
    } else {
      const people = await repo.listPeopleChatAccounts(tx.db);
      const existing = await repo.listEnforcements(
        tx.db,
        people.map((p) => p.id),
        ['DISCORD'],
      );
      const blockedSince = new Map(existing.map((row) => [row.user_id, row.blocks_at]));
      const counts = { linked: 0, notLinked: 0, notMember: 0 };
      const statusOf = new Map<string, DiscordStatus>();
      const desired = new Map<string, DesiredEnforcement | null>();
      for (const person of people) {
        const status: DiscordStatus = !person.discord_account_id
          ? 'NOT_LINKED'
          : server.memberIds.has(person.discord_account_id)
            ? 'LINKED'
            : 'NOT_MEMBER';
        counts[status === 'LINKED' ? 'linked' : status === 'NOT_LINKED' ? 'notLinked' : 'notMember']++;
        statusOf.set(person.id, status);
        desired.set(
          person.id,
          status === 'LINKED'
            ? null
            : {
                blocksAt:
                  blockedSince.get(person.id) ?? new Date(now.getTime() + rules.gracePeriodDays * DAY_MS),
                data: { status },
              },
        );
      }
      // Everyone in a fixed number of statements; the status room hears of those who changed.
      const changed = await setEnforcements(tx, 'DISCORD', desired, now);
      await publish(
        tx.db,
        CHANNELS.events,
        [...changed].flatMap((userId) =>
          encodeEvent({ room: DISCORD_STATUS_ROOM }, 'discord-status', {
            userId,
            status: statusOf.get(userId)!,
          }),
        ),
      );
      result = {
        enabled: true,
        connected: true,
        guildName: server.guildName,
        guildMfaLevel: server.mfaLevel,
        checked: people.length,
        ...counts,
        mfaUnverifiable: true,
      };
    }
    await recordAudit(tx, {
      action: 'discord_check.ran',
      entityType: 'discord_check',
      entityId: server?.connectionId ?? 'none',
      after: result,
    });
    return result;
  });
}
