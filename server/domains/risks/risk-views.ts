import type { Risk, RiskPerson } from '../../../shared/risks.schemas.ts';
import { assetValueBand } from '../../../shared/rules/asset-value.ts';
import { riskLevelBand } from '../../../shared/rules/risk-level.ts';
import { stepStatuses } from '../../../shared/rules/risk-workflow.ts';
import type { ServiceContext } from '../../core/context.ts';
import { riskAbilities } from './risks.policy.ts';
import * as repo from './risks.repository.ts';

/** Risks as the API sends them, with what the caller may do to each (not use cases). */

function person(row: repo.RiskRow, alias: 'ro' | 'ao' | 'sb' | 'db', id: string | null): RiskPerson | null {
  if (!id) return null;
  const r = row as unknown as Record<string, unknown>;
  return {
    id,
    firstName: String(r[`${alias}_first_name`] ?? ''),
    lastName: String(r[`${alias}_last_name`] ?? ''),
    email: String(r[`${alias}_email`] ?? ''),
    avatarUrl: (r[`${alias}_avatar_url`] as string | null) ?? null,
  };
}

export async function toRisks(ctx: ServiceContext, rows: readonly repo.RiskRow[]): Promise<Risk[]> {
  const residuals = await repo.listResiduals(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    threats: row.threats,
    vulnerabilities: row.vulnerabilities,
    currentControls: row.current_controls,
    referenceClause: row.reference_clause,
    impact: row.impact,
    likelihood: row.likelihood,
    asset: {
      id: row.asset_id,
      name: row.asset_name,
      securityValue: row.asset_value,
      band: assetValueBand(row.asset_value),
      owner: person(row, 'ao', row.asset_owner_id),
    },
    level: row.risk_level,
    levelBand: riskLevelBand(row.risk_level),
    riskOwner: person(row, 'ro', row.risk_owner_id),
    implementingTeam: row.implementing_team,
    isoTeam: row.iso_team,
    treatmentMethod: row.treatment_method,
    controlMeasures: row.control_measures,
    actionPlan: row.action_plan,
    expectedCompletionDate: row.expected_completion_date,
    actualProgress: row.actual_progress,
    rejectionReason: row.rejection_reason,
    state: row.state,
    steps: stepStatuses(row.state),
    submittedBy: person(row, 'sb', row.submitted_by),
    decidedBy: person(row, 'db', row.decided_by),
    reviewDueDate: row.review_due_date,
    parentRisk: row.parent_risk_id ? { id: row.parent_risk_id, name: row.parent_name ?? '' } : null,
    residualRisks: residuals
      .filter((r) => r.parent_risk_id === row.id)
      .map((r) => ({
        id: r.id,
        name: r.name,
        state: r.state,
        level: r.risk_level,
        levelBand: riskLevelBand(r.risk_level),
      })),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: riskAbilities(ctx.actor, { state: row.state, submittedBy: row.submitted_by }),
  }));
}
