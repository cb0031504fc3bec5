import type { ConsentPage, ConsentQuery } from '../../../shared/privacy.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { personalDataPolicy, privacyPolicy } from './privacy.policy.ts';
import * as repo from './privacy.repository.ts';

/** Consent records: what a person agreed to (terms of service, privacy policy) and when. */

async function listFor(ctx: ServiceContext, userId: string, query: ConsentQuery): Promise<ConsentPage> {
  return paginate(
    query,
    (window) => repo.listConsents(ctx.db, userId, window),
    (row) => ({
      id: row.id,
      kind: row.kind,
      source: row.source,
      agreedAt: row.agreed_at.toISOString(),
      ip: row.ip,
    }),
  );
}

/** The caller's own consent records, newest first. */
export async function listMyConsents(ctx: ServiceContext, query: ConsentQuery): Promise<ConsentPage> {
  privacyPolicy.authorize(ctx.actor, 'self', undefined);
  return listFor(ctx, ctx.actor.id!, query);
}

/** One person's consent records (HR), newest first. */
export async function listPersonConsents(
  ctx: ServiceContext,
  userId: string,
  query: ConsentQuery,
): Promise<ConsentPage> {
  personalDataPolicy.authorize(ctx.actor, 'viewConsents', { userId });
  if (!(await repo.personExists(ctx.db, userId))) throw new AppError('NOT_FOUND');
  return listFor(ctx, userId, query);
}
