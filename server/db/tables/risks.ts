import type { Generated } from 'kysely';
import type { TreatmentMethod } from '../../../shared/risks.schemas.ts';
import type { AssetValueBand } from '../../../shared/rules/asset-value.ts';
import type { RiskState } from '../../../shared/rules/risk-workflow.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** The risks area's table (migrations/20261127_0500_risks.ts). */

export interface RisksTable {
  id: Generated<string>;
  /** Set on a residual risk: the mitigated risk it remains from. */
  parent_risk_id: string | null;
  name: string;
  threats: string | null;
  vulnerabilities: string | null;
  current_controls: string | null;
  reference_clause: string | null;
  impact: number;
  likelihood: number;
  asset_id: string;
  /** The asset value's band when the level was last computed. */
  asset_band: AssetValueBand;
  risk_level: number;
  risk_owner_id: string | null;
  implementing_team: string | null;
  iso_team: string | null;
  treatment_method: TreatmentMethod | null;
  control_measures: string | null;
  action_plan: string | null;
  expected_completion_date: string | null;
  actual_progress: string | null;
  rejection_reason: string | null;
  state: Defaulted<RiskState>;
  submitted_by: string | null;
  submitted_at: Date | null;
  decided_by: string | null;
  decided_at: Date | null;
  review_due_date: string | null;
  overdue_flagged_for: string | null;
  review_flagged_for: string | null;
  version: Defaulted<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export interface RisksTables {
  risks: RisksTable;
}
