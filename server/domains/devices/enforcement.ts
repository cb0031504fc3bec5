import type { ServiceContext } from '../../core/context.ts';
import { requireTransaction } from '../../core/transaction.ts';
import { CHANNELS, encodeEvent, publish } from '../notifications/realtime.channels.ts';
import type { OutdatedDeviceData } from '../../../shared/realtime.schemas.ts';
import * as repo from './devices.repository.ts';
import type { EnforcementKind } from './enforcement-types.ts';

/**
 * The one enforcement mechanism (issue 19): a row per person and kind in `security_enforcements`
 * with the moment it starts blocking. The per-request statement reads the rows in force; this file
 * writes them and pushes the live events on commit, so open pages react at once:
 * OUTDATED_DEVICE → `outdated-device-version`, DEVICE and DISCORD → `security-enforcement`.
 * Exempt people (break-glass) never get a row. Used by device evaluation and the Discord check.
 */
export interface DesiredEnforcement {
  blocksAt: Date;
  data: Record<string, unknown>;
}

/**
 * Sets (or lifts, with `null`) one person's enforcement of one kind, inside the caller's
 * transaction; answers whether it changed. The event goes out when the block starts or ends now.
 */
export async function setEnforcement(
  tx: ServiceContext,
  userId: string,
  kind: EnforcementKind,
  desired: DesiredEnforcement | null,
  now: Date = new Date(),
): Promise<boolean> {
  const changed = await setEnforcements(tx, kind, new Map([[userId, desired]]), now);
  return changed.has(userId);
}

/**
 * Sets (or lifts) one kind of enforcement for many people at once, inside the caller's transaction,
 * in a fixed number of statements whatever their number (saving the update rules re-evaluates the
 * whole company): the current rows and the exemptions are read once, the lifted rows deleted in one
 * statement, the new or changed ones written in one, and the live events sent in one. Answers who
 * changed.
 */
export async function setEnforcements(
  tx: ServiceContext,
  kind: EnforcementKind,
  desiredByUser: ReadonlyMap<string, DesiredEnforcement | null>,
  now: Date = new Date(),
): Promise<Set<string>> {
  requireTransaction(tx, 'setEnforcements');
  const changed = new Set<string>();
  if (desiredByUser.size === 0) return changed;
  const userIds = [...desiredByUser.keys()];
  const wantedIds = userIds.filter((id) => desiredByUser.get(id));
  const [existingRows, exempt] = await Promise.all([
    repo.listEnforcements(tx.db, userIds, [kind]),
    repo.listExemptIds(tx.db, wantedIds),
  ]);
  const existingByUser = new Map(existingRows.map((row) => [row.user_id, row]));
  const lifted: string[] = [];
  const written: repo.EnforcementWrite[] = [];
  const events: { userId: string; data: Record<string, unknown> | null }[] = [];
  for (const userId of userIds) {
    const existing = existingByUser.get(userId);
    const wanted = exempt.has(userId) ? null : (desiredByUser.get(userId) ?? null);
    if (!wanted) {
      if (!existing) continue;
      lifted.push(userId);
    } else {
      const same =
        existing &&
        existing.blocks_at.getTime() === wanted.blocksAt.getTime() &&
        JSON.stringify(existing.data) === JSON.stringify(wanted.data);
      if (same) continue;
      written.push({ user_id: userId, type: kind, blocks_at: wanted.blocksAt, data: wanted.data });
    }
    changed.add(userId);
    const wasInForce = existing ? existing.blocks_at <= now : false;
    const inForce = wanted ? wanted.blocksAt <= now : false;
    if (inForce || wasInForce) events.push({ userId, data: inForce ? wanted!.data : null });
  }
  await repo.deleteEnforcements(tx.db, kind, lifted);
  await repo.upsertEnforcements(tx.db, written);
  await publish(
    tx.db,
    CHANNELS.events,
    events.flatMap((event) => eventPayloads(kind, event)),
  );
  return changed;
}

/** The live event of a block that starts or ends now: its payloads for NOTIFY (sent on commit). */
function eventPayloads(
  kind: EnforcementKind,
  { userId, data }: { userId: string; data: Record<string, unknown> | null },
): string[] {
  if (kind === 'OUTDATED_DEVICE') {
    const event: OutdatedDeviceData = data
      ? { ...(data as unknown as OutdatedDeviceData), outdated: true }
      : { outdated: false };
    return encodeEvent({ users: [userId] }, 'outdated-device-version', event);
  }
  return encodeEvent({ users: [userId] }, 'security-enforcement', { type: kind, active: data !== null });
}

/** Lifts every enforcement of a person (an exemption was granted), with the events. */
export async function liftAllEnforcements(tx: ServiceContext, userId: string): Promise<void> {
  for (const row of await repo.listEnforcements(tx.db, [userId]))
    await setEnforcement(tx, userId, row.type, null);
}
