import type { VersionRequirement } from '../../../shared/devices.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import type { Db } from '../../db/connect.ts';
import { evaluateDevice, type DeviceEvaluation } from './device-rules.ts';
import * as repo from './devices.repository.ts';
import { setEnforcements, type DesiredEnforcement } from './enforcement.ts';

/** The administrators' rules as the evaluation reads them. */
export interface UpdateRules {
  gracePeriodDays: number;
  requireDeclaration: boolean;
  discordCheck: boolean;
  requirements: VersionRequirement[];
}

export async function readUpdateRules(db: Db): Promise<UpdateRules> {
  const [settings, rows] = await Promise.all([repo.findUpdateSettings(db), repo.listRequirements(db)]);
  return {
    gracePeriodDays: settings.grace_period_days,
    requireDeclaration: settings.require_declaration,
    discordCheck: settings.discord_check,
    requirements: rows.map((row) => ({
      kind: row.kind,
      name: row.name,
      latestVersion: row.latest_version,
      releaseDate: row.release_date,
    })),
  };
}

/** The person-level outcome: the device that blocks (or warns) first decides. */
export function worstEvaluation(evaluations: readonly DeviceEvaluation[]): DeviceEvaluation | undefined {
  return evaluations
    .filter((e) => e.blocksAt)
    .sort((a, b) => a.blocksAt!.getTime() - b.blocksAt!.getTime())[0];
}

/**
 * Re-evaluates people's devices against the rules and sets their OUTDATED_DEVICE and DEVICE
 * enforcements (with the live events), inside the caller's transaction. DEVICE (no device declared)
 * applies only while administrators require declaring one.
 */
export async function reevaluateDevices(
  tx: ServiceContext,
  userIds: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  if (userIds.length === 0) return;
  const rules = await readUpdateRules(tx.db);
  const devicesByUser = new Map<string, repo.WorkDeviceRecord[]>();
  for (const device of await repo.listDevicesOf(tx.db, userIds))
    devicesByUser.set(device.user_id, [...(devicesByUser.get(device.user_id) ?? []), device]);
  const outdated = new Map<string, DesiredEnforcement | null>();
  const undeclared = new Map<string, DesiredEnforcement | null>();
  for (const userId of userIds) {
    const own = devicesByUser.get(userId) ?? [];
    const worst = worstEvaluation(
      own.map((d) => evaluateDevice(d, rules.requirements, rules.gracePeriodDays, now)),
    );
    outdated.set(userId, worst ? { blocksAt: worst.blocksAt!, data: { ...worst.outdated } } : null);
    const missing = rules.requireDeclaration && own.length === 0;
    undeclared.set(userId, missing ? { blocksAt: now, data: {} } : null);
  }
  // Two kinds, each in a fixed number of statements (the whole company when the rules change).
  await setEnforcements(tx, 'OUTDATED_DEVICE', outdated, now);
  await setEnforcements(tx, 'DEVICE', undeclared, now);
}

/** Everyone the rules may concern: people with devices, or every active person while declaring is required. */
export async function peopleInScope(db: Db, requireDeclaration: boolean): Promise<string[]> {
  const [withDevices, enforced] = await Promise.all([
    requireDeclaration ? repo.listActivePeopleIds(db) : repo.listPeopleWithDevices(db),
    repo.listEnforcedUserIds(db, ['OUTDATED_DEVICE', 'DEVICE']),
  ]);
  return [...new Set([...withDevices, ...enforced])];
}
