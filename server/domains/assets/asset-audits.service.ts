import type {
  AssetAudit,
  AssetAuditBody,
  AssetAuditDetail,
  AssetAuditList,
  AuditCheckBody,
} from '../../../shared/assets.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { assetsPolicy } from './assets.policy.ts';
import * as repo from './asset-audits.repository.ts';
import { findAsset } from './assets.repository.ts';

/**
 * Asset audits: a stock-take in which people confirm which asset they saw where; the audit then
 * lists the live assets nobody has seen. Seeing audits needs assets.view; confirming assets.manage.
 */

const toAudit = (row: NonNullable<Awaited<ReturnType<typeof repo.findAudit>>>): AssetAudit => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by_name,
  closedAt: row.closed_at?.toISOString() ?? null,
  confirmedCount: row.confirmed_count,
  assetCount: row.asset_count,
});

/** The latest audits with how many assets each has confirmed. */
export async function listAssetAudits(ctx: ServiceContext): Promise<AssetAuditList> {
  assetsPolicy.authorize(ctx.actor, 'viewCompany', undefined);
  return { items: (await repo.listAudits(ctx.db)).map(toAudit) };
}

/** One audit: who confirmed which asset where, and the assets not seen. */
export async function getAssetAudit(ctx: ServiceContext, id: string): Promise<AssetAuditDetail> {
  assetsPolicy.authorize(ctx.actor, 'viewCompany', undefined);
  const row = await repo.findAudit(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const [checks, notSeen] = await Promise.all([repo.listChecks(ctx.db, id), repo.listNotSeen(ctx.db, id)]);
  return {
    ...toAudit(row),
    confirmed: checks.map((c) => ({
      assetId: c.asset_id,
      name: c.name,
      serialNumber: c.serial_number,
      location: c.location,
      confirmedBy: c.confirmed_by_name,
      confirmedAt: c.confirmed_at.toISOString(),
    })),
    notSeen: notSeen.map((a) => ({
      assetId: a.id,
      name: a.name,
      serialNumber: a.serial_number,
      location: a.location,
    })),
  };
}

/** Starts an audit. */
export async function createAssetAudit(
  ctx: ServiceContext,
  input: AssetAuditBody,
): Promise<AssetAuditDetail> {
  assetsPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    const id = await repo.insertAudit(tx.db, input.name.trim(), tx.actor.id);
    const created = await getAssetAudit(tx, id);
    await recordAudit(tx, {
      action: 'asset_audit.created',
      entityType: 'asset_audit',
      entityId: id,
      after: { name: created.name },
    });
    return created;
  });
}

/** Records that the caller saw an asset at a place during an audit (a second confirmation corrects the first). */
export async function confirmAuditedAsset(
  ctx: ServiceContext,
  auditId: string,
  input: AuditCheckBody,
): Promise<AssetAuditDetail> {
  assetsPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    const audit = await repo.findAudit(tx.db, auditId);
    if (!audit) throw new AppError('NOT_FOUND');
    if (audit.closed_at) throw new AppError('ASSET_AUDIT_CLOSED');
    const asset = await findAsset(tx.db, input.assetId);
    if (!asset) throw validationError([{ field: 'assetId', code: 'unknownAsset' }]);
    await repo.upsertCheck(tx.db, {
      audit_id: auditId,
      asset_id: input.assetId,
      location: input.location.trim(),
      confirmed_by: tx.actor.id,
    });
    await recordAudit(tx, {
      action: 'asset_audit.asset_confirmed',
      entityType: 'asset_audit',
      entityId: auditId,
      after: { assetId: input.assetId, name: asset.name, location: input.location.trim() },
    });
    return getAssetAudit(tx, auditId);
  });
}

/** Closes an audit: what it found is final, and nothing more is confirmed in it. */
export async function closeAssetAudit(ctx: ServiceContext, id: string): Promise<AssetAuditDetail> {
  assetsPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    if (!(await repo.findAudit(tx.db, id))) throw new AppError('NOT_FOUND');
    if (!(await repo.closeAudit(tx.db, id))) throw new AppError('ASSET_AUDIT_CLOSED');
    const closed = await getAssetAudit(tx, id);
    await recordAudit(tx, {
      action: 'asset_audit.closed',
      entityType: 'asset_audit',
      entityId: id,
      after: { name: closed.name, confirmed: closed.confirmedCount, notSeen: closed.notSeen.length },
    });
    return closed;
  });
}
