import type { ServiceContext } from '../../core/context.ts';
import { requireTransaction } from '../../core/transaction.ts';
import { pushToUsers } from '../notifications/realtime.service.ts';
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
  requireTransaction(tx, 'setEnforcement');
  const [existing] = await repo.listEnforcements(tx.db, [userId], [kind]);
  const exempt = desired && (await repo.listExemptIds(tx.db, [userId])).has(userId);
  const wanted = exempt ? null : desired;
  const wasInForce = existing ? existing.blocks_at <= now : false;
  const inForce = wanted ? wanted.blocksAt <= now : false;
  if (!wanted) {
    if (!existing) return false;
    await repo.deleteEnforcement(tx.db, userId, kind);
  } else {
    const same =
      existing &&
      existing.blocks_at.getTime() === wanted.blocksAt.getTime() &&
      JSON.stringify(existing.data) === JSON.stringify(wanted.data);
    if (same) return false;
    await repo.upsertEnforcement(tx.db, {
      user_id: userId,
      type: kind,
      blocks_at: wanted.blocksAt,
      data: wanted.data,
    });
  }
  if (inForce || wasInForce) await pushEnforcement(tx, userId, kind, inForce ? wanted!.data : null);
  return true;
}

async function pushEnforcement(
  tx: ServiceContext,
  userId: string,
  kind: EnforcementKind,
  data: Record<string, unknown> | null,
): Promise<void> {
  if (kind === 'OUTDATED_DEVICE') {
    const event: OutdatedDeviceData = data
      ? { ...(data as unknown as OutdatedDeviceData), outdated: true }
      : { outdated: false };
    await pushToUsers(tx, [userId], 'outdated-device-version', event);
  } else {
    await pushToUsers(tx, [userId], 'security-enforcement', { type: kind, active: data !== null });
  }
}

/** Lifts every enforcement of a person (an exemption was granted), with the events. */
export async function liftAllEnforcements(tx: ServiceContext, userId: string): Promise<void> {
  for (const row of await repo.listEnforcements(tx.db, [userId]))
    await setEnforcement(tx, userId, row.type, null);
}
