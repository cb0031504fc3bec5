import type { DeviceCompliance, DeviceComplianceQuery } from '../../../shared/devices.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { readUpdateRules } from './device-evaluation.ts';
import { evaluateDevice } from './device-rules.ts';
import * as repo from './devices.repository.ts';
import { workDevicePolicy } from './devices.policy.ts';

/** Device compliance per person and per department, for administrators (issue 19 "Beyond"). */
export async function getDeviceCompliance(
  ctx: ServiceContext,
  query: DeviceComplianceQuery,
): Promise<DeviceCompliance> {
  workDevicePolicy.authorize(ctx.actor, 'manage', undefined);
  const now = new Date();
  const rules = await readUpdateRules(ctx.db);
  const people = await repo.listPeopleForCompliance(ctx.db, query.departmentId);
  const ids = people.map((p) => p.id);
  const [devices, exempt, enforcements] = await Promise.all([
    repo.listDevicesOf(ctx.db, ids),
    repo.listExemptIds(ctx.db, ids),
    repo.listEnforcements(ctx.db, ids),
  ]);
  const rows = people.map((person) => {
    const evaluations = devices
      .filter((d) => d.user_id === person.id)
      .map((d) => evaluateDevice(d, rules.requirements, rules.gracePeriodDays, now));
    return {
      userId: person.id,
      name: `${person.first_name} ${person.last_name}`.trim(),
      email: person.email,
      department: person.department,
      deviceCount: evaluations.length,
      outdated: evaluations.filter((e) => e.state !== 'OK').length,
      blocked: enforcements.some((e) => e.user_id === person.id && e.blocks_at <= now),
      checklistGaps: evaluations.reduce((sum, e) => sum + e.checklistGaps.length, 0),
      exempt: exempt.has(person.id),
    };
  });
  const byDepartment = new Map<string | null, DeviceCompliance['departments'][number]>();
  for (const row of rows) {
    const entry = byDepartment.get(row.department) ?? {
      department: row.department,
      people: 0,
      compliant: 0,
      blocked: 0,
      withoutDevice: 0,
    };
    entry.people++;
    if (row.deviceCount > 0 && row.outdated === 0 && row.checklistGaps === 0) entry.compliant++;
    if (row.blocked) entry.blocked++;
    if (row.deviceCount === 0) entry.withoutDevice++;
    byDepartment.set(row.department, entry);
  }
  return { people: rows, departments: [...byDepartment.values()] };
}
