import type { VersionRequirement, WorkDevice } from '../../../shared/devices.schemas.ts';
import { evaluateDevice } from './device-rules.ts';
import type { WorkDeviceRecord } from './devices.repository.ts';

/** A device as the API shows it, with its standing under the current rules. */
export function toWorkDevice(
  record: WorkDeviceRecord,
  rules: { requirements: VersionRequirement[]; gracePeriodDays: number },
  now: Date = new Date(),
): WorkDevice {
  const evaluation = evaluateDevice(record, rules.requirements, rules.gracePeriodDays, now);
  return {
    id: record.id,
    userId: record.user_id,
    name: record.name,
    os: record.os,
    osVersion: record.os_version,
    browser: record.browser,
    browserVersion: record.browser_version,
    antivirus: record.antivirus,
    firewall: record.firewall,
    diskEncryption: record.disk_encryption,
    autoLockMinutes: record.auto_lock_minutes,
    versionsReadAt: record.versions_read_at.toISOString(),
    state: evaluation.state,
    checklistGaps: evaluation.checklistGaps,
    blocksAt: evaluation.blocksAt?.toISOString() ?? null,
  };
}
