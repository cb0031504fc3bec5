import type {
  AssetBody,
  AssetDetail,
  AssetPage,
  AssetQuery,
  AssetUpdateBody,
} from '../../../shared/assets.schemas.ts';
import type { PersonOptionList, PersonOptionQuery } from '../../../shared/risks.schemas.ts';
import { assetValueBand } from '../../../shared/rules/asset-value.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { countRisksOfAsset, recomputeRiskLevelsOfAsset, risksOfAsset } from '../risks/asset-risks.ts';
import { risksPolicy } from '../risks/risks.policy.ts';
import { requireVisibleAsset } from './asset-lookup.ts';
import { assetProblems, assetValues } from './asset-rules.ts';
import { isActivePerson, toAsset } from './asset-views.ts';
import { assetsPolicy } from './assets.policy.ts';
import * as repo from './assets.repository.ts';

/**
 * Company assets themselves: the list (MY_ASSET and COMPANY_ASSET), one asset with its assignee
 * history and its risks, creating, changing and deleting (assignments are
 * asset-assignments.service.ts, QR codes asset-qr.service.ts, audits asset-audits.service.ts).
 */

/**
 * The MY_ASSET tab (the caller's assets) or the COMPANY_ASSET tab (every asset: assets.view); without
 * a tab, the company's for those who may see it, one's own for everyone else.
 */
export async function listAssets(ctx: ServiceContext, query: AssetQuery): Promise<AssetPage> {
  const mine =
    query.tab === 'MY_ASSET' || (!query.tab && !assetsPolicy.can(ctx.actor, 'viewCompany', undefined));
  assetsPolicy.authorize(ctx.actor, mine ? 'viewOwn' : 'viewCompany', undefined);
  if (mine && !ctx.actor.id) throw new AppError('FORBIDDEN');
  return paginate(
    query,
    (window) =>
      repo.listAssets(
        ctx.db,
        {
          search: query.search,
          type: query.type,
          status: query.status,
          band: query.band,
          assigned: query.assigned,
          assigneeId: mine ? ctx.actor.id! : query.assigneeId,
          inactiveAssignee: query.inactiveAssignee,
          sort: query.sort,
        },
        window,
      ),
    (row) => toAsset(ctx, row),
  );
}

/** One asset with who held it; its risks for someone who may see risks. */
export async function getAsset(ctx: ServiceContext, id: string): Promise<AssetDetail> {
  const row = await requireVisibleAsset(ctx, id);
  const history = await repo.listAssignments(ctx.db, id);
  const risks = risksPolicy.can(ctx.actor, 'view', undefined) ? await risksOfAsset(ctx, id) : null;
  return {
    ...toAsset(ctx, row),
    history: history.map((h) => ({
      id: h.id,
      person: {
        id: h.user_id,
        firstName: h.first_name,
        lastName: h.last_name,
        email: h.email,
        avatarUrl: h.avatar_url,
        active: isActivePerson(h),
      },
      assignedAt: h.assigned_at.toISOString(),
      returnedAt: h.returned_at?.toISOString() ?? null,
      assignedBy: h.assigned_by_name,
      returnedBy: h.returned_by_name,
    })),
    risks,
  };
}

async function check(ctx: ServiceContext, input: AssetBody, id?: string) {
  const [problems] = await assetProblems(ctx, [{ input, id }]);
  if (problems!.length > 0) throw validationError(problems!);
}

const serialTaken = (error: unknown, type: string) =>
  isUniqueViolation(error, 'assets_serial_per_type_key')
    ? validationError([{ field: 'serialNumber', code: 'serialTaken', params: { type } }])
    : error;

/** Creates an asset (in storage unless marked damaged: IN_USE comes with an assignee). */
export async function createAsset(ctx: ServiceContext, input: AssetBody): Promise<AssetDetail> {
  assetsPolicy.authorize(ctx.actor, 'manage', undefined);
  await check(ctx, input);
  return inTransaction(ctx, async (tx) => {
    const id = await repo
      .insertAsset(tx.db, { ...assetValues(input), created_by: tx.actor.id })
      .catch((error) => Promise.reject(serialTaken(error, input.type)));
    const created = await getAsset(tx, id);
    await recordAudit(tx, { action: 'asset.created', entityType: 'asset', entityId: id, after: created });
    return created;
  });
}

/**
 * Changes an asset (412 on a stale `version`). New CIA labels change its value, and with it the
 * level of each of its risks, in the same transaction.
 */
export async function updateAsset(
  ctx: ServiceContext,
  id: string,
  input: AssetUpdateBody,
): Promise<AssetDetail> {
  assetsPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    const row = await requireVisibleAsset(tx, id, { lock: true });
    if (row.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    if (input.status && row.status === 'IN_USE' && input.status !== 'DAMAGED')
      throw validationError([{ field: 'status', code: 'assetCheckInFirst' }]);
    await check(tx, input, id);
    const before = await getAsset(tx, id);
    const values = assetValues(input, row.status);
    await repo
      .updateAsset(tx.db, id, values)
      .catch((error) => Promise.reject(serialTaken(error, input.type)));
    const oldBand = assetValueBand(row.security_value);
    const newBand = assetValueBand(values.security_value);
    if (oldBand !== newBand) await recomputeRiskLevelsOfAsset(tx, id, newBand);
    const after = await getAsset(tx, id);
    await recordAudit(tx, { action: 'asset.updated', entityType: 'asset', entityId: id, before, after });
    return after;
  });
}

/** Deletes an asset that no risk refers to (409 ASSET_HAS_RISKS otherwise); the row stays for the audit trail. */
export async function deleteAsset(ctx: ServiceContext, id: string): Promise<void> {
  assetsPolicy.authorize(ctx.actor, 'manage', undefined);
  await inTransaction(ctx, async (tx) => {
    await requireVisibleAsset(tx, id, { lock: true });
    const risks = await countRisksOfAsset(tx, id);
    if (risks > 0) throw new AppError('ASSET_HAS_RISKS', { params: { count: risks } });
    const before = await getAsset(tx, id);
    await repo.closeAssignments(tx.db, [id], tx.actor.id, new Date());
    await repo.softDeleteAsset(tx.db, id);
    await recordAudit(tx, { action: 'asset.deleted', entityType: 'asset', entityId: id, before });
  });
}

/** Active people by name: who may own or hold an asset (a picker's choices). */
export async function listAssetPeople(
  ctx: ServiceContext,
  query: PersonOptionQuery,
): Promise<PersonOptionList> {
  assetsPolicy.authorize(ctx.actor, 'manage', undefined);
  const rows = await repo.listActivePeople(ctx.db, query.search);
  return {
    items: rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      avatarUrl: r.avatar_url,
    })),
  };
}
