import type {
  AssetBulkBody,
  AssetBulkResult,
  AssetDetail,
  AssetStatusBody,
  AssignBody,
} from '../../../shared/assets.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { notifyEach } from '../notifications/notifications.service.ts';
import { requireVisibleAsset } from './asset-lookup.ts';
import { isActivePerson } from './asset-views.ts';
import { assetsPolicy } from './assets.policy.ts';
import * as repo from './assets.repository.ts';
import { getAsset } from './assets.service.ts';

/**
 * Who holds an asset: assigning it (a hand-over closes the previous holder's period), checking it
 * in, marking it damaged or in storage — one asset or many at once (all or nothing). Every change of
 * holder is kept in the assignee history (who, from when, to when, by whom).
 */

type Locked = Awaited<ReturnType<typeof repo.lockAssets>>[number];

async function requireActiveAssignee(ctx: ServiceContext, id: string) {
  const [person] = await repo.findPeople(ctx.db, [id]);
  if (!person || person.deleted_at) throw validationError([{ field: 'assigneeId', code: 'unknownPerson' }]);
  if (!isActivePerson(person)) throw validationError([{ field: 'assigneeId', code: 'personInactive' }]);
  return person;
}

async function assignLocked(tx: ServiceContext, assets: readonly Locked[], assigneeId: string) {
  const moving = assets.filter((a) => a.assignee_id !== assigneeId);
  const now = new Date();
  await repo.closeAssignments(
    tx.db,
    moving.filter((a) => a.assignee_id).map((a) => a.id),
    tx.actor.id,
    now,
  );
  await repo.openAssignments(
    tx.db,
    moving.map((a) => ({ asset_id: a.id, user_id: assigneeId })),
    tx.actor.id,
    now,
  );
  await repo.updateAsset(
    tx.db,
    moving.map((a) => a.id),
    { assignee_id: assigneeId, assigned_at: now, status: 'IN_USE' },
  );
  // Someone assigning an asset to themselves needs no notice.
  if (assigneeId !== tx.actor.id && moving.length > 0) {
    const [me] = tx.actor.id ? await repo.findPeople(tx.db, [tx.actor.id]) : [];
    const actor = me
      ? { id: me.id, firstName: me.first_name, lastName: me.last_name, avatarUrl: null }
      : null;
    await notifyEach(
      tx,
      'ASSET_ASSIGNED',
      moving.map((a) => ({
        recipientIds: [assigneeId],
        data: {
          actor,
          asset: { id: a.id, name: a.name, serialNumber: a.serial_number },
        },
      })),
    );
  }
  return moving.length;
}

async function checkInLocked(tx: ServiceContext, assets: readonly Locked[]) {
  const held = assets.filter((a) => a.assignee_id);
  const now = new Date();
  await repo.closeAssignments(
    tx.db,
    held.map((a) => a.id),
    tx.actor.id,
    now,
  );
  await repo.updateAsset(
    tx.db,
    assets.map((a) => a.id),
    { assignee_id: null, assigned_at: null, status: 'IN_STORAGE' },
  );
}

function requireHeld(assets: readonly Locked[]) {
  const free = assets.filter((a) => !a.assignee_id);
  if (free.length > 0)
    throw new AppError('ASSET_NOT_ASSIGNED', { params: { names: free.map((a) => a.name).join(', ') } });
}

/** Hands an asset to an active person (a hand-over when someone else holds it); it is then in use. */
export async function assignAsset(ctx: ServiceContext, id: string, input: AssignBody): Promise<AssetDetail> {
  assetsPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    await requireVisibleAsset(tx, id);
    const [asset] = await repo.lockAssets(tx.db, [id]);
    await requireActiveAssignee(tx, input.assigneeId);
    if (asset!.assignee_id === input.assigneeId) throw new AppError('ASSET_ALREADY_ASSIGNED');
    const before = await getAsset(tx, id);
    await assignLocked(tx, [asset!], input.assigneeId);
    const after = await getAsset(tx, id);
    await recordAudit(tx, { action: 'asset.assigned', entityType: 'asset', entityId: id, before, after });
    return after;
  });
}

/** Takes an asset back from its holder into storage (409 ASSET_NOT_ASSIGNED when nobody holds it). */
export async function checkInAsset(ctx: ServiceContext, id: string): Promise<AssetDetail> {
  assetsPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    await requireVisibleAsset(tx, id);
    const assets = await repo.lockAssets(tx.db, [id]);
    requireHeld(assets);
    const before = await getAsset(tx, id);
    await checkInLocked(tx, assets);
    const after = await getAsset(tx, id);
    await recordAudit(tx, { action: 'asset.checked_in', entityType: 'asset', entityId: id, before, after });
    return after;
  });
}

/** Marks an asset damaged (its holder keeps it until checked in) or in storage (which checks it in). */
export async function setAssetStatus(
  ctx: ServiceContext,
  id: string,
  input: AssetStatusBody,
): Promise<AssetDetail> {
  assetsPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    const row = await requireVisibleAsset(tx, id);
    if (row.status === input.status) throw new AppError('CONFLICT');
    const assets = await repo.lockAssets(tx.db, [id]);
    const before = await getAsset(tx, id);
    if (input.status === 'IN_STORAGE') await checkInLocked(tx, assets);
    else await repo.updateAsset(tx.db, id, { status: input.status });
    const after = await getAsset(tx, id);
    await recordAudit(tx, {
      action: 'asset.status_changed',
      entityType: 'asset',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/**
 * Assigns, checks in or changes the status of many assets at once: every asset is checked first,
 * and one that does not fit (unknown, or not held for a check-in) refuses the whole batch.
 */
export async function bulkAssetAction(ctx: ServiceContext, input: AssetBulkBody): Promise<AssetBulkResult> {
  assetsPolicy.authorize(ctx.actor, 'manage', undefined);
  if (input.action === 'assign' && !input.assigneeId)
    throw validationError([{ field: 'assigneeId', code: 'required' }]);
  if (input.action === 'setStatus' && !input.status)
    throw validationError([{ field: 'status', code: 'required' }]);
  return inTransaction(ctx, async (tx) => {
    const assets = await repo.lockAssets(tx.db, input.ids);
    if (assets.length !== input.ids.length) throw new AppError('NOT_FOUND');
    let updated = assets.length;
    if (input.action === 'assign') {
      await requireActiveAssignee(tx, input.assigneeId!);
      updated = await assignLocked(tx, assets, input.assigneeId!);
    } else if (input.action === 'checkIn') {
      requireHeld(assets);
      await checkInLocked(tx, assets);
    } else if (input.status === 'IN_STORAGE') {
      await checkInLocked(tx, assets);
    } else {
      await repo.updateAsset(
        tx.db,
        assets.map((a) => a.id),
        { status: input.status! },
      );
    }
    await recordAudit(tx, {
      action: 'asset.bulk_updated',
      entityType: 'asset',
      after: {
        action: input.action,
        ids: input.ids,
        assigneeId: input.assigneeId ?? null,
        status: input.status ?? null,
        updated,
      },
    });
    return { updated };
  });
}
