import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { assetPolicy, assetsPolicy } from './assets.policy.ts';
import * as repo from './assets.repository.ts';

/**
 * Finding an asset the caller may see (not a use case: the services call it first). One the caller
 * may not see answers 404, like one that does not exist.
 */
export async function requireVisibleAsset(ctx: ServiceContext, id: string, options: { lock?: boolean } = {}) {
  assetsPolicy.authorize(ctx.actor, 'viewOwn', undefined);
  const row = await repo.findAsset(ctx.db, id, options);
  if (!row || !assetPolicy.can(ctx.actor, 'view', { assigneeId: row.assignee_id }))
    throw new AppError('NOT_FOUND');
  return row;
}
