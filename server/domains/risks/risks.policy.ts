import {
  findTransition,
  mayTake,
  RISK_ACTIONS,
  type RiskAction,
  type RiskState,
} from '../../../shared/rules/risk-workflow.ts';
import type { Actor } from '../../core/context.ts';
import { can, definePolicy } from '../../core/policy.ts';

/**
 * Who may do what in the risk register.
 *
 * - `risks.view`: the register, each risk, the heat map and the export.
 * - `risks.manage`: create, change and delete risks; submit a step for review.
 * - `risks.review`: reject, approve, accept or mitigate, confirm no residual risk, record a
 *   residual risk — never on a step they submitted themselves (ISO separation of duties).
 * - The one who submitted a step may revoke it while it awaits review.
 * - The worker's flags are the system's alone.
 *
 * Which transition exists from which state is the workflow's table (shared/rules/risk-workflow.ts);
 * this policy only answers who may take it.
 */

export interface RiskFacts {
  state: RiskState;
  submittedBy: string | null;
}

const views = (actor: Actor) =>
  can(actor, 'risks.view') || can(actor, 'risks.manage') || can(actor, 'risks.review');

export const risksPolicy = definePolicy<undefined, 'view' | 'manage' | 'runJobs'>('risks', {
  view: (actor) => views(actor),
  manage: (actor) => can(actor, 'risks.manage'),
  runJobs: (actor) => actor.kind === 'system',
});

/** Whether the actor may take `action` on the risk as it is (the table allows it, and they are the right person). */
export function mayAct(actor: Actor, risk: RiskFacts, action: RiskAction): boolean {
  const transition = findTransition(risk.state, action);
  if (!transition) return false;
  return mayTake(transition, {
    manages: can(actor, 'risks.manage'),
    reviews: can(actor, 'risks.review'),
    // The system (the CLI without --as) submits nothing and so is never the submitter.
    isSubmitter: actor.id !== null && actor.id === risk.submittedBy,
  });
}

/** What the client may offer for one risk. */
export function riskAbilities(actor: Actor, risk: RiskFacts) {
  const edit = can(actor, 'risks.manage') && risk.state !== 'CLOSED';
  return {
    edit,
    delete: can(actor, 'risks.manage'),
    ...(Object.fromEntries(RISK_ACTIONS.map((action) => [action, mayAct(actor, risk, action)])) as Record<
      RiskAction,
      boolean
    >),
  };
}
