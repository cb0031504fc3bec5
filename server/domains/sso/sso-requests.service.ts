import type {
  MySsoApps,
  SsoAccessRequest,
  SsoAccessRequestQuery,
  SsoDecisionBody,
} from '../../../shared/sso.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { tellRequester } from './sso-notify.ts';
import { ssoPolicy } from './sso.policy.ts';
import * as repo from './sso.repository.ts';
import { toRequest } from './sso-views.ts';

/** `/sso-connections`: the apps the caller can open, and their requests still waiting. */
export async function getMySsoApps(ctx: ServiceContext): Promise<MySsoApps> {
  ssoPolicy.authorize(ctx.actor, 'signIn', undefined);
  const userId = ctx.actor.id!;
  const [apps, pending] = await Promise.all([
    repo.listAppsOf(ctx.db, userId),
    repo.listRequests(
      ctx.db,
      { userId, status: 'PENDING' },
      { offset: 0, limit: 100, currentPage: 1, perPage: 100 },
    ),
  ]);
  return { apps, pendingRequests: pending.rows.map(toRequest) };
}

/** Access requests to every app, newest first (managers). */
export async function listSsoAccessRequests(ctx: ServiceContext, query: SsoAccessRequestQuery) {
  ssoPolicy.authorize(ctx.actor, 'manage', undefined);
  return paginate(query, (window) => repo.listRequests(ctx.db, { status: query.status }, window), toRequest);
}

/**
 * Approves or rejects a request. Approval puts the person on the app's list; they hear the answer
 * either way, and a login waiting on the consent step continues.
 */
export async function decideSsoAccessRequest(
  ctx: ServiceContext,
  id: string,
  input: SsoDecisionBody,
): Promise<SsoAccessRequest> {
  ssoPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    const before = await repo.findRequest(tx.db, id, { lock: true });
    if (!before) throw new AppError('NOT_FOUND');
    if (before.status !== 'PENDING')
      throw new AppError('APPROVAL_CLOSED', { params: { status: before.status } });
    await repo.decideRequest(tx.db, id, { status: input.decision, decided_by: tx.actor.id });
    if (input.decision === 'APPROVED') await repo.addMember(tx.db, before.connection_id, before.user_id);
    const after = (await repo.findRequest(tx.db, id))!;
    await recordAudit(tx, {
      action: input.decision === 'APPROVED' ? 'sso_request.approved' : 'sso_request.rejected',
      entityType: 'sso_access_request',
      entityId: id,
      before,
      after,
      subject: { id: before.user_id, label: before.email },
    });
    await tellRequester(tx, before.user_id, input.decision, {
      id: before.connection_id,
      name: before.connection_name,
    });
    return toRequest(after);
  });
}
