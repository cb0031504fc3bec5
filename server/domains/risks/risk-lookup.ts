import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { risksPolicy } from './risks.policy.ts';
import * as repo from './risks.repository.ts';

/** The live risk (locked for the caller's transaction when asked); 404 when there is none. */
export async function requireRisk(ctx: ServiceContext, id: string, options: { lock?: boolean } = {}) {
  risksPolicy.authorize(ctx.actor, 'view', undefined);
  const row = await repo.findRisk(ctx.db, id, options);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
