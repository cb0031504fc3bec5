import { Type, type Static } from 'typebox';
import { Text } from './common.schemas.ts';

/**
 * Approvals, shared by every request that people approve (leave now, overtime and the rest later):
 * the states of a request and of each approver's decision (spec section 6), and the one rule that
 * turns several approvers' decisions into the request's state (`combineDecisions` in
 * shared/rules/approvals.ts).
 */
export const APPROVAL_STATES = ['WAITING FOR APPROVAL', 'APPROVED', 'REJECTED'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** What an approver may answer. */
export const APPROVER_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export type ApproverDecision = (typeof APPROVER_DECISIONS)[number];

/** Most approvers one request may name. */
export const MAX_APPROVERS = 5;

/** An approver's answer, with the reason (required when rejecting). */
export const ApproverActionBody = Type.Object(
  {
    status: Type.Enum(APPROVER_DECISIONS),
    reason: Type.Optional(Text(1000)),
  },
  { additionalProperties: false },
);
export type ApproverActionBody = Static<typeof ApproverActionBody>;

/** How many decisions wait for the caller. */
export const ApprovalTotal = Type.Object({ total: Type.Integer({ minimum: 0 }) });
export type ApprovalTotal = Static<typeof ApprovalTotal>;
