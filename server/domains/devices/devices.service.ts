import type {
  DeviceStatus,
  RecheckBody,
  WorkDevice,
  WorkDeviceBody,
  WorkDeviceList,
  WorkDeviceUpdateBody,
} from '../../../shared/devices.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { requireSelf } from '../accounts/accounts.policy.ts';
import { readBrowserVersions } from './browser-versions.ts';
import { readUpdateRules, reevaluateDevices } from './device-evaluation.ts';
import { toWorkDevice } from './device-views.ts';
import * as repo from './devices.repository.ts';
import { workDevicePolicy } from './devices.policy.ts';

/** A person's own work devices (spec section 2-9): declared with a checklist, versions read from the browser. */

const MAX_DEVICES_PER_PERSON = 10;

/** The signed-in person's devices with their standing. */
export async function listMyDevices(ctx: ServiceContext): Promise<WorkDeviceList> {
  const userId = requireSelf(ctx);
  const [rules, rows] = await Promise.all([readUpdateRules(ctx.db), repo.listDevicesOf(ctx.db, [userId])]);
  return { items: rows.map((row) => toWorkDevice(row, rules)) };
}

/** What blocks or warns the signed-in person now, and their devices: the modals and the settings read it. */
export async function getMyDeviceStatus(ctx: ServiceContext): Promise<DeviceStatus> {
  const userId = requireSelf(ctx);
  const now = new Date();
  const [rules, rows, enforcements] = await Promise.all([
    readUpdateRules(ctx.db),
    repo.listDevicesOf(ctx.db, [userId]),
    repo.listEnforcements(ctx.db, [userId]),
  ]);
  const items = enforcements.map((row) => ({
    type: row.type,
    blocking: row.blocks_at <= now,
    blocksAt: row.blocks_at.toISOString(),
    data: (row.data ?? {}) as Record<string, unknown>,
  }));
  return {
    blocked: items.some((item) => item.blocking),
    enforcements: items,
    devices: rows.map((row) => toWorkDevice(row, rules, now)),
  };
}

async function requireOwnDevice(ctx: ServiceContext, id: string, options: { lock?: boolean } = {}) {
  const device = await repo.findDevice(ctx.db, id, options);
  // Someone else's device looks like no device at all.
  if (!device || !workDevicePolicy.can(ctx.actor, 'edit', device)) throw new AppError('NOT_FOUND');
  return device;
}

const auditable = (d: repo.WorkDeviceRecord) => {
  const { user_agent: _userAgent, versions_read_at: _readAt, created_at: _c, updated_at: _u, ...rest } = d;
  return rest;
};

/** Declares this browser's device: the versions come from the browser, the checklist from the person. */
export async function declareDevice(ctx: ServiceContext, input: WorkDeviceBody): Promise<WorkDevice> {
  const userId = requireSelf(ctx);
  const versions = readBrowserVersions(ctx.request.userAgent, input.hints);
  return inTransaction(ctx, async (tx) => {
    const existing = await repo.listDevicesOf(tx.db, [userId]);
    if (existing.length >= MAX_DEVICES_PER_PERSON)
      throw validationError([
        { field: 'name', code: 'tooManyDevices', params: { max: MAX_DEVICES_PER_PERSON } },
      ]);
    const id = await repo.insertDevice(tx.db, {
      user_id: userId,
      name: input.name.trim(),
      os: versions.os,
      os_version: versions.osVersion,
      browser: versions.browser,
      browser_version: versions.browserVersion,
      user_agent: ctx.request.userAgent?.slice(0, 500) ?? null,
      antivirus: input.antivirus?.trim() || null,
      firewall: input.firewall,
      disk_encryption: input.diskEncryption,
      auto_lock_minutes: input.autoLockMinutes,
    });
    const created = (await repo.findDevice(tx.db, id))!;
    await recordAudit(tx, {
      action: 'work_device.declared',
      entityType: 'work_device',
      entityId: id,
      after: auditable(created),
    });
    await reevaluateDevices(tx, [userId]);
    return toWorkDevice(created, await readUpdateRules(tx.db));
  });
}

/** Changes the name and checklist answers of one's own device (the versions only change by a recheck). */
export async function updateMyDevice(
  ctx: ServiceContext,
  id: string,
  input: WorkDeviceUpdateBody,
): Promise<WorkDevice> {
  requireSelf(ctx);
  return inTransaction(ctx, async (tx) => {
    const before = await requireOwnDevice(tx, id, { lock: true });
    await repo.updateDevice(tx.db, id, {
      name: input.name.trim(),
      antivirus: input.antivirus?.trim() || null,
      firewall: input.firewall,
      disk_encryption: input.diskEncryption,
      auto_lock_minutes: input.autoLockMinutes,
    });
    const after = (await repo.findDevice(tx.db, id))!;
    await recordAudit(tx, {
      action: 'work_device.updated',
      entityType: 'work_device',
      entityId: id,
      before: auditable(before),
      after: auditable(after),
    });
    return toWorkDevice(after, await readUpdateRules(tx.db));
  });
}

/** Removes one's own device (a device no longer used should not keep blocking). */
export async function removeMyDevice(ctx: ServiceContext, id: string): Promise<void> {
  const userId = requireSelf(ctx);
  await inTransaction(ctx, async (tx) => {
    const before = await requireOwnDevice(tx, id, { lock: true });
    await repo.deleteDevice(tx.db, id);
    await recordAudit(tx, {
      action: 'work_device.removed',
      entityType: 'work_device',
      entityId: id,
      before: auditable(before),
    });
    await reevaluateDevices(tx, [userId]);
  });
}

/**
 * The recheck: the browser reads its versions again (hints, and the User-Agent of this call) and the
 * server re-evaluates. The device is the one named, else the person's device with this browser and
 * OS, else their only device.
 */
export async function recheckMyDevice(ctx: ServiceContext, input: RecheckBody): Promise<DeviceStatus> {
  const userId = requireSelf(ctx);
  const versions = readBrowserVersions(ctx.request.userAgent, input.hints);
  await inTransaction(ctx, async (tx) => {
    const own = await repo.listDevicesOf(tx.db, [userId]);
    const device = input.deviceId
      ? own.find((d) => d.id === input.deviceId)
      : (own.find((d) => d.browser === versions.browser && d.os === versions.os) ??
        (own.length === 1 ? own[0] : undefined));
    if (input.deviceId && !device) throw new AppError('NOT_FOUND');
    if (device) {
      await repo.updateDevice(tx.db, device.id, {
        os: versions.os ?? device.os,
        os_version: versions.osVersion,
        browser: versions.browser ?? device.browser,
        browser_version: versions.browserVersion,
        user_agent: ctx.request.userAgent?.slice(0, 500) ?? null,
        versions_read_at: new Date(),
      });
    }
    const after = device ? await repo.findDevice(tx.db, device.id) : undefined;
    await recordAudit(tx, {
      action: 'work_device.rechecked',
      entityType: 'work_device',
      entityId: device?.id ?? userId,
      before: device ? auditable(device) : null,
      after: after ? auditable(after) : null,
    });
    await reevaluateDevices(tx, [userId]);
  });
  return getMyDeviceStatus(ctx);
}
