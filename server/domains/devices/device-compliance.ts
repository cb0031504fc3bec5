import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { readUpdateRules } from './device-evaluation.ts';
import { evaluateDevice } from './device-rules.ts';
import * as repo from './devices.repository.ts';

/** One non-compliant person or device, as the audit schedule (issue 19 part B) records findings. */
export interface DeviceComplianceFinding {
  userId: string | null;
  summary: string;
  data: Record<string, unknown>;
}

/**
 * The "device compliance" audit: one finding per outdated device (blocked or in its grace period),
 * per device below the checklist guidance, and per active person without a declared device while
 * declaring is required. Exempt people (break-glass) are reported too, as exempt, so an exemption
 * does not hide. No authorization here: the audit schedule runs it as the system.
 */
export async function findDeviceComplianceFindings(
  db: Kysely<Database>,
  now: Date,
): Promise<DeviceComplianceFinding[]> {
  const rules = await readUpdateRules(db);
  const people = await repo.listPeopleForCompliance(db);
  const ids = people.map((p) => p.id);
  const [devices, exempt] = await Promise.all([repo.listDevicesOf(db, ids), repo.listExemptIds(db, ids)]);
  const findings: DeviceComplianceFinding[] = [];
  for (const person of people) {
    const own = devices.filter((d) => d.user_id === person.id);
    const base = { email: person.email, department: person.department, exempt: exempt.has(person.id) };
    if (own.length === 0 && rules.requireDeclaration)
      findings.push({
        userId: person.id,
        summary: `${person.email}: no work device declared`,
        data: { ...base, problem: 'NO_DEVICE' },
      });
    for (const device of own) {
      const evaluation = evaluateDevice(device, rules.requirements, rules.gracePeriodDays, now);
      if (evaluation.state !== 'OK')
        findings.push({
          userId: person.id,
          summary: `${person.email}: ${device.name} is outdated (${evaluation.state === 'OUTDATED' ? 'blocked' : 'grace period'})`,
          data: {
            ...base,
            problem: evaluation.state,
            deviceId: device.id,
            device: device.name,
            ...evaluation.outdated,
            blocksAt: evaluation.blocksAt?.toISOString(),
          },
        });
      if (evaluation.checklistGaps.length)
        findings.push({
          userId: person.id,
          summary: `${person.email}: ${device.name} misses ${evaluation.checklistGaps.join(', ')}`,
          data: {
            ...base,
            problem: 'CHECKLIST',
            deviceId: device.id,
            device: device.name,
            gaps: evaluation.checklistGaps,
          },
        });
    }
  }
  return findings;
}
