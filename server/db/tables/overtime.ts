import type { ColumnType, Generated } from 'kysely';
import type { APPROVAL_STATES } from '../../../shared/approvals.schemas.ts';
import type { DAY_TYPES } from '../../../shared/rules/overtime.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** The overtime area's tables (migrations/20261125_0200_overtime.ts). */

type ApprovalState = (typeof APPROVAL_STATES)[number];

export interface OtRequestsTable {
  id: Generated<string>;
  user_id: string;
  project_id: string | null;
  work_date: string;
  start_time: string;
  end_time: string;
  minutes: number;
  reason: string | null;
  status: Defaulted<ApprovalState>;
  decision_reason: string | null;
  decided_at: Date | null;
  version: Defaulted<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OtRequestApproversTable {
  id: Generated<string>;
  ot_request_id: string;
  approver_id: string;
  status: Defaulted<ApprovalState>;
  reason: string | null;
  acted_at: Date | null;
  acted_by: string | null;
  position: Defaulted<number>;
}

export interface OtSegmentsTable {
  ot_request_id: string;
  user_id: string;
  day: string;
  minutes: number;
  night_minutes: number;
  day_type: (typeof DAY_TYPES)[number];
  /** The request's status and project, written by triggers. */
  status: ColumnType<ApprovalState, never, never>;
  project_id: ColumnType<string | null, never, never>;
}

export interface OtLimitsTable {
  effective_from: string;
  daily_minutes: number;
  monthly_minutes: number;
  yearly_minutes: number;
  created_at: CreatedAt;
}

export interface OvertimeTables {
  ot_requests: OtRequestsTable;
  ot_request_approvers: OtRequestApproversTable;
  ot_segments: OtSegmentsTable;
  ot_limits: OtLimitsTable;
}
