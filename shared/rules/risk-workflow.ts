/**
 * The ISO 27001 risk workflow as one explicit state machine, shared by the server (which refuses
 * every transition not in the table with 409) and the client (which offers only those in it).
 *
 * A risk goes through three steps — Identification & Assessment, Response & Treatment Plan,
 * Monitoring & Control — one at a time. The step at hand is in progress (its owner edits it) or
 * awaiting the reviewer's result; the steps before it are done, those after it not started. When
 * monitoring is done the risk is closed. Residual risks are risks too and take the same path.
 *
 * Who may act:
 * - `editor` (risks.manage): submits the step at hand for review.
 * - `submitter`: the person who submitted takes it back (revoke) while it awaits review.
 * - `reviewer` (risks.review, never the person who submitted: separation of duties): rejects with
 *   a reason, or decides — approves the assessment; accepts the risk or has it mitigated (the
 *   treatment); confirms there is no residual risk, or records the residual risk that remains
 *   after mitigation (monitoring).
 */

export const RISK_STEPS = ['IDENTIFICATION', 'TREATMENT', 'MONITORING'] as const;
export type RiskStep = (typeof RISK_STEPS)[number];

export const RISK_STATES = [
  'IDENTIFICATION_IN_PROGRESS',
  'IDENTIFICATION_REVIEW',
  'TREATMENT_IN_PROGRESS',
  'TREATMENT_REVIEW',
  'MONITORING_IN_PROGRESS',
  'MONITORING_REVIEW',
  'CLOSED',
] as const;
export type RiskState = (typeof RISK_STATES)[number];

export const STEP_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'AWAITING_REVIEW', 'DONE'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const RISK_ACTIONS = [
  'submit',
  'revoke',
  'reject',
  'approve',
  'accept',
  'mitigate',
  'confirmNoResidual',
  'recordResidual',
] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];

export type RiskActorRole = 'editor' | 'submitter' | 'reviewer';

export interface RiskTransition {
  from: RiskState;
  action: RiskAction;
  to: RiskState;
  by: RiskActorRole;
}

const reviewStep = (step: RiskStep, next: RiskState, decisions: RiskAction[]): RiskTransition[] => [
  { from: `${step}_IN_PROGRESS`, action: 'submit', to: `${step}_REVIEW`, by: 'editor' },
  { from: `${step}_REVIEW`, action: 'revoke', to: `${step}_IN_PROGRESS`, by: 'submitter' },
  { from: `${step}_REVIEW`, action: 'reject', to: `${step}_IN_PROGRESS`, by: 'reviewer' },
  ...decisions.map((action) => ({
    from: `${step}_REVIEW` as RiskState,
    action,
    to: next,
    by: 'reviewer' as const,
  })),
];

/** Every allowed transition; anything else is refused. */
export const RISK_TRANSITIONS: readonly RiskTransition[] = [
  ...reviewStep('IDENTIFICATION', 'TREATMENT_IN_PROGRESS', ['approve']),
  ...reviewStep('TREATMENT', 'MONITORING_IN_PROGRESS', ['accept', 'mitigate']),
  ...reviewStep('MONITORING', 'CLOSED', ['confirmNoResidual', 'recordResidual']),
];

/** The transition an action takes from a state, or undefined when the table has none. */
export function findTransition(from: RiskState, action: RiskAction): RiskTransition | undefined {
  return RISK_TRANSITIONS.find((t) => t.from === from && t.action === action);
}

/** The actions the table allows from a state (whoever may take them). */
export function actionsFrom(from: RiskState): RiskAction[] {
  return RISK_TRANSITIONS.filter((t) => t.from === from).map((t) => t.action);
}

/** The step a state is in (a closed risk has finished monitoring). */
export function stepOf(state: RiskState): RiskStep {
  if (state === 'CLOSED') return 'MONITORING';
  return state.replace(/_(IN_PROGRESS|REVIEW)$/, '') as RiskStep;
}

/** The status of each of the three steps in a state. */
export function stepStatuses(state: RiskState): Record<RiskStep, StepStatus> {
  const current = RISK_STEPS.indexOf(stepOf(state));
  const result = {} as Record<RiskStep, StepStatus>;
  RISK_STEPS.forEach((step, index) => {
    if (state === 'CLOSED' || index < current) result[step] = 'DONE';
    else if (index > current) result[step] = 'NOT_STARTED';
    else result[step] = state.endsWith('_REVIEW') ? 'AWAITING_REVIEW' : 'IN_PROGRESS';
  });
  return result;
}

export interface RiskActorFacts {
  /** Holds risks.manage. */
  manages: boolean;
  /** Holds risks.review. */
  reviews: boolean;
  /** Is the person who submitted the step awaiting review. */
  isSubmitter: boolean;
}

/** Whether this person may take a transition (the table says which role it needs). */
export function mayTake(transition: RiskTransition, actor: RiskActorFacts): boolean {
  switch (transition.by) {
    case 'editor':
      return actor.manages;
    case 'submitter':
      return actor.isSubmitter;
    case 'reviewer':
      return actor.reviews && !actor.isSubmitter;
  }
}
