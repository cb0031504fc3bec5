import {
  DEVICE_BROWSERS,
  DEVICE_OSES,
  GRACE_PERIOD_MAX_DAYS,
  GRACE_PERIOD_MIN_DAYS,
  isVersion,
  type DeviceUpdateSettings,
  type DeviceUpdateSettingsBody,
} from '../../../shared/devices.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { peopleInScope, readUpdateRules, reevaluateDevices, type UpdateRules } from './device-evaluation.ts';
import * as repo from './devices.repository.ts';
import { workDevicePolicy } from './devices.policy.ts';

/** WORK_DEVICE_UPDATE_MANAGEMENT: the latest OS and browser versions, their release dates, the grace period. */

function toSettings(rules: UpdateRules, updatedAt: Date | null): DeviceUpdateSettings {
  return { ...rules, updatedAt: updatedAt?.toISOString() ?? null };
}

/** The update rules, for the platform settings section. */
export async function getDeviceUpdateSettings(ctx: ServiceContext): Promise<DeviceUpdateSettings> {
  workDevicePolicy.authorize(ctx.actor, 'manage', undefined);
  const [rules, settings] = await Promise.all([readUpdateRules(ctx.db), repo.findUpdateSettings(ctx.db)]);
  return toSettings(rules, settings.updated_at);
}

const isCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Every problem of the body at once: versions, dates not after today, names, duplicates, grace bounds. */
function settingsProblems(ctx: ServiceContext, input: DeviceUpdateSettingsBody): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (input.gracePeriodDays < GRACE_PERIOD_MIN_DAYS)
    problems.push({ field: 'gracePeriodDays', code: 'minimum', params: { min: GRACE_PERIOD_MIN_DAYS } });
  if (input.gracePeriodDays > GRACE_PERIOD_MAX_DAYS)
    problems.push({ field: 'gracePeriodDays', code: 'maximum', params: { max: GRACE_PERIOD_MAX_DAYS } });
  const today = companyToday(ctx.config);
  const seen = new Set<string>();
  input.requirements.forEach((requirement, index) => {
    const at = `requirements.${index}`;
    const names: readonly string[] = requirement.kind === 'OS' ? DEVICE_OSES : DEVICE_BROWSERS;
    if (!names.includes(requirement.name))
      problems.push({ field: `${at}.name`, code: 'oneOf', params: { values: names.join(', ') } });
    else if (seen.has(`${requirement.kind}:${requirement.name}`))
      problems.push({ field: `${at}.name`, code: 'duplicateName', params: { name: requirement.name } });
    seen.add(`${requirement.kind}:${requirement.name}`);
    if (!isVersion(requirement.latestVersion.trim()))
      problems.push({ field: `${at}.latestVersion`, code: 'invalid', params: { field: 'latestVersion' } });
    if (!isCalendarDate(requirement.releaseDate))
      problems.push({ field: `${at}.releaseDate`, code: 'invalid', params: { field: 'releaseDate' } });
    else if (requirement.releaseDate > today)
      problems.push({ field: `${at}.releaseDate`, code: 'releaseDateFuture' });
  });
  return problems;
}

/**
 * Replaces the update rules. Every device is re-evaluated in the same transaction: people whose
 * device is now past the grace period are blocked at once (their open pages get the outdated-device
 * modal), people in the grace period are warned, people no longer behind are released.
 */
export async function saveDeviceUpdateSettings(
  ctx: ServiceContext,
  input: DeviceUpdateSettingsBody,
): Promise<DeviceUpdateSettings> {
  workDevicePolicy.authorize(ctx.actor, 'manage', undefined);
  const problems = settingsProblems(ctx, input);
  if (problems.length) throw validationError(problems);
  return inTransaction(ctx, async (tx) => {
    await repo.findUpdateSettings(tx.db, { lock: true });
    const before = await readUpdateRules(tx.db);
    await repo.saveUpdateSettings(tx.db, {
      grace_period_days: input.gracePeriodDays,
      require_declaration: input.requireDeclaration,
      discord_check: input.discordCheck,
    });
    await repo.replaceRequirements(
      tx.db,
      input.requirements.map((r) => ({
        kind: r.kind,
        name: r.name,
        latest_version: r.latestVersion.trim(),
        release_date: r.releaseDate,
      })),
    );
    const after = await readUpdateRules(tx.db);
    await recordAudit(tx, {
      action: 'device_update_settings.updated',
      entityType: 'device_update_settings',
      entityId: 'work-device-updates',
      before,
      after,
    });
    await reevaluateDevices(tx, await peopleInScope(tx.db, after.requireDeclaration));
    const settings = await repo.findUpdateSettings(tx.db);
    return toSettings(after, settings.updated_at);
  });
}
