import type { ApprovalTotal, ApproverActionBody } from '../../../shared/approvals.schemas.ts';
import type { ApprovalQueueQuery, LeaveApprovalPage, LeaveRequest } from '../../../shared/leave.schemas.ts';
import { combineDecisions } from '../../../shared/rules/approvals.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { isPerson } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { leaveRequestPolicy, leaveSettingsPolicy } from './leave.policy.ts';
import { tellRequester } from './leave-notify.ts';
import { requestRecord, toLeaveRequest, toLeaveRequests } from './leave-views.ts';
import * as repo from './leave-requests.repository.ts';

/**
 * Approving and rejecting leave (spec section 7: GET /leave-request-approvers, …/total,
 * PUT /leave-request-approvers/{id}/action). Several approvers follow `combineDecisions`: any
 * rejection rejects, all approvals approve. The request row is locked first, so two approvers
 * answering at once, or an answer racing an edit or a delete, end in one consistent state.
 */

const WAITING = 'WAITING FOR APPROVAL';

/** The caller's approvals: those waiting for them by default, or those they approved or rejected. */
export async function listMyApprovals(
  ctx: ServiceContext,
  query: ApprovalQueueQuery,
): Promise<LeaveApprovalPage> {
  leaveSettingsPolicy.authorize(ctx.actor, 'approve', undefined);
  const approverId = ctx.actor.id!;
  const status = query.status ?? WAITING;
  const page = await paginate(
    query,
    (window) => repo.listApprovalQueue(ctx.db, approverId, status, window),
    (row) => row,
  );
  const rows = await Promise.all(page.items.map((item) => repo.findRequest(ctx.db, item.leave_request_id)));
  const requests = await toLeaveRequests(
    ctx,
    rows.filter((row) => row !== undefined),
  );
  const byId = new Map(requests.map((request) => [request.id, request]));
  return {
    ...page,
    items: page.items
      .filter((item) => byId.has(item.leave_request_id))
      .map((item) => ({ id: item.id, status: item.status, request: byId.get(item.leave_request_id)! })),
  };
}

/** How many requests wait for the caller's answer (the badge on the approvals tab). */
export async function countMyApprovals(ctx: ServiceContext): Promise<ApprovalTotal> {
  if (!isPerson(ctx.actor)) throw new AppError('FORBIDDEN');
  return { total: await repo.countWaitingApprovals(ctx.db, ctx.actor.id) };
}

/**
 * Answers an approval: the approver for themselves, or HR (leave.manage) for an approver who is
 * away. A rejection needs a reason. The request's state follows the rule for several approvers;
 * the requester is told when it is decided.
 */
export async function actOnApproval(
  ctx: ServiceContext,
  approvalId: string,
  input: ApproverActionBody,
): Promise<LeaveRequest> {
  const reason = input.reason?.trim() || null;
  if (input.status === 'REJECTED' && !reason)
    throw validationError([{ field: 'reason', code: 'rejectionReasonRequired' }]);
  return inTransaction(ctx, async (tx) => {
    const approval = await repo.findApproval(tx.db, approvalId);
    if (!approval) throw new AppError('NOT_FOUND');
    // The request first, then the approval again under the lock: the order every writer takes.
    const locked = await repo.lockRequest(tx.db, approval.leave_request_id);
    const current = await repo.findApproval(tx.db, approvalId);
    if (!locked || !current) throw new AppError('NOT_FOUND');
    const approvers = await repo.listApprovers(tx.db, [locked.id]);
    const record = requestRecord(tx, locked, approvers);
    const actingForOther = current.approver_id !== tx.actor.id;
    if (!leaveRequestPolicy.can(tx.actor, 'view', record)) throw new AppError('NOT_FOUND');
    if (actingForOther && !leaveSettingsPolicy.can(tx.actor, 'manage', undefined))
      throw new AppError('FORBIDDEN');
    if (locked.user_id === tx.actor.id) throw validationError([{ field: 'status', code: 'approverSelf' }]);
    if (locked.status !== WAITING)
      throw new AppError('LEAVE_REQUEST_CLOSED', { params: { status: locked.status } });
    if (current.status !== WAITING)
      throw new AppError('APPROVAL_CLOSED', { params: { status: current.status } });
    leaveRequestPolicy.authorize(tx.actor, 'decide', record);

    const beforeRow = (await repo.findRequest(tx.db, locked.id))!;
    const before = toLeaveRequest(tx, beforeRow, approvers);
    await repo.decideApproval(tx.db, approvalId, { status: input.status, reason, acted_by: tx.actor.id });
    const outcome = combineDecisions(await repo.approvalStates(tx.db, locked.id));
    if (outcome !== WAITING)
      await repo.setRequestStatus(tx.db, locked.id, {
        status: outcome,
        decided_at: new Date(),
        decision_reason: outcome === 'REJECTED' ? reason : null,
      });
    const row = (await repo.findRequest(tx.db, locked.id))!;
    const after = toLeaveRequest(tx, row, await repo.listApprovers(tx.db, [locked.id]));
    await recordAudit(tx, {
      action: input.status === 'APPROVED' ? 'leave_request.approved' : 'leave_request.rejected',
      entityType: 'leave_request',
      entityId: locked.id,
      before,
      after,
      ...(actingForOther && {
        subject: { id: current.approver_id, label: `approver ${current.approver_id}` },
      }),
    });
    if (outcome !== WAITING) {
      const [requester] = await repo.listPeople(tx.db, [row.user_id]);
      if (requester)
        await tellRequester(
          tx,
          { request: row, typeName: row.absence_type_name, reason: outcome === 'REJECTED' ? reason : null },
          requester,
          outcome,
        );
    }
    return after;
  });
}
