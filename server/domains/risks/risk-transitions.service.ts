import { ACCEPTANCE_REVIEW_DAYS, type Risk, type RiskTransitionBody } from '../../../shared/risks.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { i18nFor } from '../../../shared/i18n/index.ts';
import { addDays } from '../../../shared/rules/periods.ts';
import { riskLevel } from '../../../shared/rules/risk-level.ts';
import { findTransition, stepOf, type RiskAction } from '../../../shared/rules/risk-workflow.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { can } from '../../core/policy.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { requireRisk } from './risk-lookup.ts';
import { ownerProblems } from './risk-rules.ts';
import { getRisk } from './risks.service.ts';
import { mayAct } from './risks.policy.ts';
import * as repo from './risks.repository.ts';

/**
 * Moving a risk through its three steps, by the workflow's table (shared/rules/risk-workflow.ts):
 * a transition the table does not have is refused with 409 RISK_TRANSITION_NOT_ALLOWED, a reviewer
 * who submitted the step with 403 RISK_SELF_REVIEW, anyone else not entitled with 403 FORBIDDEN,
 * and missing or wrong fields with 422 — all before anything is written.
 */

const AUDIT_ACTION: Record<RiskAction, string> = {
  submit: 'risk.submitted',
  revoke: 'risk.submission_revoked',
  reject: 'risk.rejected',
  approve: 'risk.assessment_approved',
  accept: 'risk.accepted',
  mitigate: 'risk.mitigation_approved',
  confirmNoResidual: 'risk.closed_without_residual',
  recordResidual: 'risk.residual_recorded',
};

type Row = Awaited<ReturnType<typeof requireRisk>>;

/** What a step needs before it is submitted, and what a decision needs. */
function transitionProblems(ctx: ServiceContext, row: Row, input: RiskTransitionBody): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const step = stepOf(row.state);
  const missing = (field: string, value: unknown) => {
    if (value === null || value === undefined || (typeof value === 'string' && !value.trim()))
      problems.push({ field, code: 'required' });
  };
  const planProblems = () => {
    missing('controlMeasures', row.control_measures);
    missing('actionPlan', row.action_plan);
    missing('expectedCompletionDate', row.expected_completion_date);
  };
  switch (input.action) {
    case 'submit':
      if (step === 'IDENTIFICATION') {
        missing('riskOwnerId', row.risk_owner_id);
        missing('threats', row.threats);
        missing('vulnerabilities', row.vulnerabilities);
      } else if (step === 'TREATMENT') {
        if (!row.treatment_method)
          problems.push({ field: 'treatmentMethod', code: 'treatmentMethodRequired' });
        if (row.treatment_method === 'MITIGATE') planProblems();
        // A plan is never submitted already late.
        if (row.expected_completion_date && row.expected_completion_date < companyToday(ctx.config))
          problems.push({ field: 'expectedCompletionDate', code: 'completionDateInPast' });
      } else missing('actualProgress', row.actual_progress);
      break;
    case 'reject':
      if (!input.reason?.trim()) problems.push({ field: 'reason', code: 'rejectionReasonRequired' });
      break;
    case 'mitigate':
      planProblems();
      break;
    case 'recordResidual':
      if (row.treatment_method !== 'MITIGATE')
        problems.push({ field: 'action', code: 'residualNeedsMitigation' });
      if (!input.residual) problems.push({ field: 'residual', code: 'required' });
      break;
  }
  return problems;
}

/** Refuses what the table or the person does not allow, with the reason in the caller's language. */
function requireAllowed(ctx: ServiceContext, row: Row, action: RiskAction) {
  const transition = findTransition(row.state, action);
  if (!transition) {
    const t = i18nFor(ctx.request.language).t;
    throw new AppError('RISK_TRANSITION_NOT_ALLOWED', {
      params: { state: t(`risks:states.${row.state}`), action: t(`risks:actions.${action}`) },
      details: { state: row.state, action },
    });
  }
  const isSubmitter = ctx.actor.id !== null && ctx.actor.id === row.submitted_by;
  if (transition.by === 'reviewer' && isSubmitter && can(ctx.actor, 'risks.review'))
    throw new AppError('RISK_SELF_REVIEW');
  if (!mayAct(ctx.actor, { state: row.state, submittedBy: row.submitted_by }, action))
    throw new AppError('FORBIDDEN');
  return transition;
}

/** Takes one action of the workflow on a risk (412 on a stale `version`). */
export async function transitionRisk(
  ctx: ServiceContext,
  id: string,
  input: RiskTransitionBody,
): Promise<Risk> {
  return inTransaction(ctx, async (tx) => {
    const row = await requireRisk(tx, id, { lock: true });
    const transition = requireAllowed(tx, row, input.action);
    if (row.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    const problems = transitionProblems(tx, row, input);
    if (input.action === 'recordResidual' && input.residual)
      problems.push(...(await ownerProblems(tx, input.residual.riskOwnerId, 'residual.riskOwnerId')));
    if (problems.length > 0) throw validationError(problems);

    const before = await getRisk(tx, id);
    const now = new Date();
    const today = companyToday(tx.config);
    const decided = transition.by === 'reviewer' ? { decided_by: tx.actor.id, decided_at: now } : {};
    await repo.updateRisk(tx.db, id, {
      state: transition.to,
      ...decided,
      ...(input.action === 'submit' && {
        submitted_by: tx.actor.id,
        submitted_at: now,
        rejection_reason: null,
      }),
      ...(input.action !== 'submit' && { submitted_by: null, submitted_at: null }),
      ...(input.action === 'reject' && { rejection_reason: input.reason!.trim() }),
      ...(input.action === 'accept' && {
        treatment_method: 'ACCEPT' as const,
        review_due_date: addDays(today, ACCEPTANCE_REVIEW_DAYS),
      }),
      ...(input.action === 'mitigate' && { treatment_method: 'MITIGATE' as const, review_due_date: null }),
    });
    if (input.action === 'recordResidual') {
      const residual = input.residual!;
      const residualId = await repo.insertRisk(tx.db, {
        parent_risk_id: id,
        name: residual.name.trim(),
        impact: residual.impact,
        likelihood: residual.likelihood,
        asset_id: row.asset_id,
        asset_band: row.asset_band,
        risk_level: riskLevel(residual.impact, residual.likelihood, row.asset_band).level,
        risk_owner_id: residual.riskOwnerId ?? row.risk_owner_id,
        treatment_method: residual.treatmentMethod ?? null,
        reference_clause: row.reference_clause,
        created_by: tx.actor.id,
      });
      await recordAudit(tx, {
        action: 'risk.created',
        entityType: 'risk',
        entityId: residualId,
        after: await getRisk(tx, residualId),
      });
    }
    const after = await getRisk(tx, id);
    await recordAudit(tx, {
      action: AUDIT_ACTION[input.action],
      entityType: 'risk',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
