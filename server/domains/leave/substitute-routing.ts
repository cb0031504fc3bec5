import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { requireTransaction } from '../../core/transaction.ts';
import { tellSubstitution } from './leave-notify.ts';
import * as repo from './leave-requests.repository.ts';

/**
 * Moves the waiting approvals of approvers on approved leave `day` to their substitutes (one
 * request, or all of them), tells both, and records it. Returns how many moved. Runs in the
 * caller's transaction.
 */
export async function routeToSubstitutes(
  tx: ServiceContext,
  day: string,
  requestId?: string,
): Promise<number> {
  requireTransaction(tx, 'routeToSubstitutes');
  const rows = await repo.listApprovalsToReroute(tx.db, day, requestId);
  for (const row of rows) {
    await repo.lockRequest(tx.db, row.leave_request_id);
    await repo.rerouteApproval(tx.db, row.id, row.substitute_id, row.approver_id);
    const request = (await repo.findRequest(tx.db, row.leave_request_id))!;
    const people = await repo.listPeople(tx.db, [row.substitute_id, row.approver_id, row.requester_id]);
    const byId = new Map(people.map((p) => [p.id, p]));
    await recordAudit(tx, {
      action: 'leave_request.approver_substituted',
      entityType: 'leave_request',
      entityId: row.leave_request_id,
      before: { approverId: row.approver_id },
      after: { approverId: row.substitute_id, substituteFor: row.approver_id },
    });
    await tellSubstitution(
      tx,
      { request, typeName: request.absence_type_name },
      byId.get(row.requester_id)!,
      byId.get(row.substitute_id)!,
      byId.get(row.approver_id)!,
    );
  }
  return rows.length;
}
