import type { ApprovalState } from '../approvals.schemas.ts';

/**
 * The rule for several approvers, in one place: any rejection rejects the request at once; the
 * request is approved when every approver has approved; otherwise it keeps waiting. Approvers act
 * in any order (no sequence), so one person away does not hold the others up, and HR may act for
 * an approver who is away.
 */
export function combineDecisions(decisions: readonly ApprovalState[]): ApprovalState {
  if (decisions.some((decision) => decision === 'REJECTED')) return 'REJECTED';
  if (decisions.length > 0 && decisions.every((decision) => decision === 'APPROVED')) return 'APPROVED';
  return 'WAITING FOR APPROVAL';
}
