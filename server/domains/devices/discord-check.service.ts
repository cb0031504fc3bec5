import type { DiscordCheckResult } from '../../../shared/devices.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { readDiscordServer } from '../connections/discord-lookup.service.ts';
import { pushDiscordStatus } from '../notifications/realtime.service.ts';
import { readUpdateRules } from './device-evaluation.ts';
import * as repo from './devices.repository.ts';
import { workDevicePolicy } from './devices.policy.ts';
import { setEnforcement } from './enforcement.ts';

const DAY_MS = 86_400_000;

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
      for (const userId of await repo.listEnforcedUserIds(tx.db, ['DISCORD']))
        await setEnforcement(tx, userId, 'DISCORD', null, now);
      result = { enabled: rules.discordCheck, connected: server !== null, mfaUnverifiable: true, ...empty };
    } else {
      const people = await repo.listPeopleChatAccounts(tx.db);
      const existing = await repo.listEnforcements(
        tx.db,
        people.map((p) => p.id),
        ['DISCORD'],
      );
      const counts = { linked: 0, notLinked: 0, notMember: 0 };
      for (const person of people) {
        const status = !person.discord_account_id
          ? 'NOT_LINKED'
          : server.memberIds.has(person.discord_account_id)
            ? 'LINKED'
            : 'NOT_MEMBER';
        counts[status === 'LINKED' ? 'linked' : status === 'NOT_LINKED' ? 'notLinked' : 'notMember']++;
        const since = existing.find((row) => row.user_id === person.id)?.blocks_at;
        const changed = await setEnforcement(
          tx,
          person.id,
          'DISCORD',
          status === 'LINKED'
            ? null
            : {
                blocksAt: since ?? new Date(now.getTime() + rules.gracePeriodDays * DAY_MS),
                data: { status },
              },
          now,
        );
        if (changed) await pushDiscordStatus(tx, person.id, status);
      }
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
