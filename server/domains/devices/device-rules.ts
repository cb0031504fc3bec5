import {
  AUTO_LOCK_GUIDANCE_MINUTES,
  compareVersions,
  type VersionRequirement,
} from '../../../shared/devices.schemas.ts';
import type { OutdatedDeviceData } from '../../../shared/realtime.schemas.ts';
import type { WorkDeviceRecord } from './devices.repository.ts';

/**
 * The forced-update rule (README "Work devices and forced updates"): a device whose OS or browser
 * version is below the administrators' latest version is outdated; it warns until the release date
 * plus the grace period (00:00 UTC of that day), then blocks. A version the browser could not report
 * (null) cannot be compared and does not block.
 */
export interface DeviceEvaluation {
  state: 'OK' | 'OUTDATED_GRACE' | 'OUTDATED';
  blocksAt: Date | null;
  outdated: OutdatedDeviceData | null;
  checklistGaps: string[];
}

const DAY_MS = 86_400_000;

/** When a requirement released on `releaseDate` starts blocking. */
export function blockingStartsAt(releaseDate: string, gracePeriodDays: number): Date {
  return new Date(Date.parse(`${releaseDate}T00:00:00Z`) + gracePeriodDays * DAY_MS);
}

/** Checklist answers below the guidance: reported to the person and in compliance, never blocking. */
export function checklistGaps(device: WorkDeviceRecord): string[] {
  const gaps: string[] = [];
  if (!device.antivirus) gaps.push('antivirus');
  if (!device.firewall) gaps.push('firewall');
  if (!device.disk_encryption) gaps.push('diskEncryption');
  if (device.auto_lock_minutes > AUTO_LOCK_GUIDANCE_MINUTES) gaps.push('autoLock');
  return gaps;
}

export function evaluateDevice(
  device: WorkDeviceRecord,
  requirements: readonly VersionRequirement[],
  gracePeriodDays: number,
  now: Date,
): DeviceEvaluation {
  const required = (kind: 'OS' | 'BROWSER', name: string | null, version: string | null) => {
    const requirement = requirements.find((r) => r.kind === kind && r.name === name);
    return requirement && version && compareVersions(version, requirement.latestVersion) < 0
      ? requirement
      : undefined;
  };
  const os = required('OS', device.os, device.os_version);
  const browser = required('BROWSER', device.browser, device.browser_version);
  const gaps = checklistGaps(device);
  if (!os && !browser) return { state: 'OK', blocksAt: null, outdated: null, checklistGaps: gaps };
  const dates = [os, browser].filter((r) => r !== undefined).map((r) => r.releaseDate);
  const releaseDate = dates.sort()[0]!;
  const blocksAt = blockingStartsAt(releaseDate, gracePeriodDays);
  return {
    state: blocksAt <= now ? 'OUTDATED' : 'OUTDATED_GRACE',
    blocksAt,
    checklistGaps: gaps,
    outdated: {
      outdated: true,
      os: device.os,
      osVersion: device.os_version,
      latestOsVersion: os?.latestVersion ?? null,
      browser: device.browser,
      browserVersion: device.browser_version,
      latestBrowserVersion: browser?.latestVersion ?? null,
      releaseDate,
    },
  };
}
