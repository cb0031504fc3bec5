import type { Actor } from '../../core/context.ts';
import { can, canAnywhere, definePolicy, isPerson, isSelf } from '../../core/policy.ts';

/**
 * Who may do what with overtime: people request their own (overtime.request); approvers decide the
 * requests that name them (overtime.approve); managers (overtime.manage) see, file, change, delete
 * and decide any; admins keep the regulations and limits (overtime.manage); reports need
 * overtime.report (or manage).
 */

const manage = (actor: Actor) => can(actor, 'overtime.manage');

export const overtimeSettingsPolicy = definePolicy<undefined, 'view' | 'manage' | 'list' | 'report'>(
  'overtime',
  {
    view: (actor) =>
      canAnywhere(actor, 'overtime.request') ||
      canAnywhere(actor, 'overtime.approve') ||
      manage(actor) ||
      can(actor, 'overtime.report'),
    manage: (actor) => manage(actor),
    // The list of others' requests: the ones naming an approver, or every one for a manager.
    list: (actor) => isPerson(actor) && (canAnywhere(actor, 'overtime.approve') || manage(actor)),
    report: (actor) => can(actor, 'overtime.report') || manage(actor),
  },
);

export interface OtRecord {
  userId: string;
  status: 'WAITING FOR APPROVAL' | 'APPROVED' | 'REJECTED';
  approverIds: readonly string[];
  waitingApproverIds: readonly string[];
}

const own = (actor: Actor, record: OtRecord) => isSelf(actor, record.userId);
const waiting = (record: OtRecord) => record.status === 'WAITING FOR APPROVAL';

export const overtimeRequestPolicy = definePolicy<OtRecord, 'view' | 'edit' | 'delete' | 'decide'>(
  'overtimeRequest',
  {
    view: (actor, record) =>
      own(actor, record) || manage(actor) || (isPerson(actor) && record.approverIds.includes(actor.id)),
    edit: (actor, record) =>
      waiting(record) && ((own(actor, record) && canAnywhere(actor, 'overtime.request')) || manage(actor)),
    // A manager may delete any request (a mistake found after approval); its hours stop counting.
    delete: (actor, record) =>
      (waiting(record) && own(actor, record) && canAnywhere(actor, 'overtime.request')) || manage(actor),
    decide: (actor, record) =>
      waiting(record) &&
      !own(actor, record) &&
      ((isPerson(actor) &&
        canAnywhere(actor, 'overtime.approve') &&
        record.waitingApproverIds.includes(actor.id)) ||
        manage(actor)),
  },
);

/** Who may file for the person: themselves, or a manager for anyone. */
export const mayRequestFor = (actor: Actor, personId: string) =>
  (isSelf(actor, personId) && canAnywhere(actor, 'overtime.request')) || manage(actor);
