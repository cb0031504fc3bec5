import type { Actor } from '../../core/context.ts';
import { can, canAnywhere, definePolicy, isPerson, isSelf } from '../../core/policy.ts';

/**
 * Who may do what with leave.
 *
 * - Everyone who may request leave sees the absence types, the holidays and the team calendar.
 * - HR (leave.manage) keeps the types, rules and holidays, sees every request, files requests for
 *   others and decides for approvers who are away.
 * - A request is its requester's: they see it, change or delete it while it waits, and cancel it
 *   once approved until it starts. Its approvers see it and decide while it waits.
 * - Reports and other people's balances: leave.report (and leave.manage).
 */

const request = (actor: Actor) => can(actor, 'leave.request');
const manage = (actor: Actor) => can(actor, 'leave.manage');

export const leaveSettingsPolicy = definePolicy<
  undefined,
  'view' | 'manage' | 'report' | 'viewAll' | 'approve' | 'runJobs'
>('leave', {
  view: (actor) =>
    request(actor) || canAnywhere(actor, 'leave.approve') || manage(actor) || can(actor, 'leave.report'),
  manage: (actor) => manage(actor),
  report: (actor) => can(actor, 'leave.report') || manage(actor),
  viewAll: (actor) => manage(actor),
  // The approval queue: anyone who may approve somewhere, or who was named before losing it
  // (their waiting approvals still show, and HR acts for them).
  approve: (actor) => isPerson(actor) && (canAnywhere(actor, 'leave.approve') || manage(actor)),
  // Accrual, carry-forward, expiry, reminders and substitutions: the worker (or the CLI as the system).
  runJobs: (actor) => actor.kind === 'system',
});

/** What the request rules look at. */
export interface LeaveRequestRecord {
  userId: string;
  status: 'WAITING FOR APPROVAL' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
  /** People named as approvers, and which of them still have to answer. */
  approverIds: readonly string[];
  waitingApproverIds: readonly string[];
  /** The first day of the leave, and today (both 'YYYY-MM-DD'). */
  startDate: string;
  today: string;
}

const waiting = (record: LeaveRequestRecord) => record.status === 'WAITING FOR APPROVAL';
const own = (actor: Actor, record: LeaveRequestRecord) => isSelf(actor, record.userId);

export const leaveRequestPolicy = definePolicy<
  LeaveRequestRecord,
  'view' | 'edit' | 'delete' | 'cancel' | 'decide'
>('leaveRequest', {
  view: (actor, record) =>
    own(actor, record) || manage(actor) || (isPerson(actor) && record.approverIds.includes(actor.id)),
  edit: (actor, record) => waiting(record) && ((own(actor, record) && request(actor)) || manage(actor)),
  delete: (actor, record) => waiting(record) && ((own(actor, record) && request(actor)) || manage(actor)),
  cancel: (actor, record) =>
    record.status === 'APPROVED' &&
    record.startDate > record.today &&
    ((own(actor, record) && request(actor)) || manage(actor)),
  // An approver answers for themselves; HR for anyone who has not answered. Never one's own request.
  decide: (actor, record) =>
    waiting(record) &&
    !own(actor, record) &&
    ((isPerson(actor) &&
      canAnywhere(actor, 'leave.approve') &&
      record.waitingApproverIds.includes(actor.id)) ||
      (manage(actor) && record.waitingApproverIds.length > 0)),
});

/** Whose balance the actor may see: their own, or anyone's with leave.report / leave.manage. */
export function mayViewBalance(actor: Actor, personId: string): boolean {
  return (isSelf(actor, personId) && request(actor)) || manage(actor) || can(actor, 'leave.report');
}

/** Who may file a request for the person: themselves, or HR for anyone. */
export function mayRequestFor(actor: Actor, personId: string): boolean {
  return (isSelf(actor, personId) && request(actor)) || manage(actor);
}

/** Whether absence types show on the calendar: HR and reporters see them; colleagues see "off". */
export function seesAbsenceTypes(actor: Actor): boolean {
  return manage(actor) || can(actor, 'leave.report');
}
