import type { ColumnType, Generated } from 'kysely';
import type { APPROVAL_STATES } from '../../../shared/approvals.schemas.ts';
import type {
  ACCRUAL_MODES,
  CALENDAR_FEED_SCOPES,
  DAY_PARTS,
  LEAVE_STATUSES,
} from '../../../shared/leave.schemas.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** The leave area's tables (migrations/20261125_0100_leave.ts). */

/** `numeric` comes back from pg as text (exact); the area turns it into a number of days. */
type Numeric = ColumnType<string, number | string, number | string>;
type NullableNumeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;

export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export type ApprovalStateColumn = (typeof APPROVAL_STATES)[number];
export type DayPart = (typeof DAY_PARTS)[number];

export interface AbsenceTypesTable {
  id: Generated<string>;
  name: string;
  total_day: NullableNumeric;
  counts_against_balance: Defaulted<boolean>;
  accrual: Defaulted<(typeof ACCRUAL_MODES)[number]>;
  seniority_bonus: Defaulted<boolean>;
  carry_forward_max_days: Defaulted<string>;
  carry_forward_expires: string | null;
  min_notice_days: Defaulted<number>;
  allow_half_day: Defaulted<boolean>;
  attachment_after_days: NullableNumeric;
  paid: Defaulted<boolean>;
  active: Defaulted<boolean>;
  position: Defaulted<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface HolidaysTable {
  id: Generated<string>;
  name: string;
  start_date: string;
  end_date: string;
  description: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface LeaveRequestsTable {
  id: Generated<string>;
  user_id: string;
  absence_type_id: string;
  start_date: string;
  start_part: DayPart;
  end_date: string;
  end_part: DayPart;
  duration: Numeric;
  year: number;
  reason: string | null;
  status: Defaulted<LeaveStatus>;
  decision_reason: string | null;
  decided_at: Date | null;
  cancelled_at: Date | null;
  attachment_key: string | null;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_size: number | null;
  version: Defaulted<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface LeaveRequestApproversTable {
  id: Generated<string>;
  leave_request_id: string;
  approver_id: string;
  status: Defaulted<ApprovalStateColumn>;
  reason: string | null;
  acted_at: Date | null;
  acted_by: string | null;
  substitute_for: string | null;
  reminded_at: Date | null;
  position: Defaulted<number>;
  created_at: CreatedAt;
}

export interface LeaveDaysTable {
  leave_request_id: string;
  user_id: string;
  day: string;
  amount: Numeric;
  /** The request's status and type, written by triggers (never by the application). */
  status: ColumnType<LeaveStatus, never, never>;
  absence_type_id: ColumnType<string, never, never>;
}

export interface LeaveBalanceGrantsTable {
  id: Generated<string>;
  user_id: string;
  absence_type_id: string;
  year: number;
  kind: 'ACCRUAL' | 'CARRY_FORWARD' | 'CARRY_EXPIRED';
  period: string;
  days: Numeric;
  created_at: CreatedAt;
}

export interface LeaveSubstitutesTable {
  user_id: string;
  substitute_id: string;
  updated_at: UpdatedAt;
}

export interface LeaveCalendarFeedsTable {
  id: Generated<string>;
  owner_id: string;
  scope: (typeof CALENDAR_FEED_SCOPES)[number];
  department_id: string | null;
  token_hash: string;
  created_at: CreatedAt;
  revoked_at: Date | null;
}

export interface LeaveTables {
  absence_types: AbsenceTypesTable;
  holidays: HolidaysTable;
  leave_requests: LeaveRequestsTable;
  leave_request_approvers: LeaveRequestApproversTable;
  leave_days: LeaveDaysTable;
  leave_balance_grants: LeaveBalanceGrantsTable;
  leave_substitutes: LeaveSubstitutesTable;
  leave_calendar_feeds: LeaveCalendarFeedsTable;
}
