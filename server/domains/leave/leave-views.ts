import type { AbsenceType, Holiday, LeaveRequest } from '../../../shared/leave.schemas.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { leaveRequestPolicy, type LeaveRequestRecord } from './leave.policy.ts';
import * as repo from './leave-requests.repository.ts';
import type * as settings from './leave-settings.repository.ts';

/** Leave requests as the API sends them, with their approvers and the caller's abilities. */

const WAITING = 'WAITING FOR APPROVAL';

export function requestRecord(
  ctx: ServiceContext,
  row: Pick<repo.LeaveRequestRow, 'user_id' | 'status' | 'start_date'>,
  approvers: ReadonlyArray<Pick<repo.ApproverRow, 'approver_id' | 'status'>>,
): LeaveRequestRecord {
  return {
    userId: row.user_id,
    status: row.status,
    approverIds: approvers.map((a) => a.approver_id),
    waitingApproverIds: approvers.filter((a) => a.status === WAITING).map((a) => a.approver_id),
    startDate: row.start_date,
    today: companyToday(ctx.config),
  };
}

export function toLeaveRequest(
  ctx: ServiceContext,
  row: repo.LeaveRequestRow,
  approvers: readonly repo.ApproverRow[],
): LeaveRequest {
  const {
    edit,
    delete: remove,
    cancel,
    decide,
  } = leaveRequestPolicy.abilities(ctx.actor, requestRecord(ctx, row, approvers));
  return {
    id: row.id,
    person: {
      id: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      avatarUrl: row.avatar_url,
      departmentName: row.department_name,
    },
    absenceType: { id: row.absence_type_id, name: row.absence_type_name },
    startDate: row.start_date,
    startPart: row.start_part,
    endDate: row.end_date,
    endPart: row.end_part,
    duration: Number(row.duration),
    reason: row.reason,
    status: row.status,
    decisionReason: row.decision_reason,
    decidedAt: row.decided_at?.toISOString() ?? null,
    approvers: approvers.map((a) => ({
      id: a.id,
      approverId: a.approver_id,
      firstName: a.first_name,
      lastName: a.last_name,
      avatarUrl: a.avatar_url,
      status: a.status,
      reason: a.reason,
      actedAt: a.acted_at?.toISOString() ?? null,
      actedByName: a.acted_by && a.acted_by !== a.approver_id ? a.acted_by_name : null,
      substituteForName: a.substitute_for_name,
    })),
    attachment: row.attachment_key
      ? {
          name: row.attachment_name ?? 'attachment',
          type: row.attachment_type ?? '',
          size: row.attachment_size ?? 0,
        }
      : null,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: { edit, delete: remove, cancel, decide },
  };
}

/** Turns rows into API requests, reading every row's approvers in one query. */
export async function toLeaveRequests(
  ctx: ServiceContext,
  rows: readonly repo.LeaveRequestRow[],
): Promise<LeaveRequest[]> {
  const approvers = await repo.listApprovers(
    ctx.db,
    rows.map((row) => row.id),
  );
  const byRequest = Map.groupBy(approvers, (a) => a.leave_request_id);
  return rows.map((row) => toLeaveRequest(ctx, row, byRequest.get(row.id) ?? []));
}

const days = (value: string | null) => (value === null ? null : Number(value));

export function toAbsenceType(row: settings.AbsenceTypeRow): AbsenceType {
  return {
    id: row.id,
    name: row.name,
    totalDay: days(row.total_day),
    countsAgainstBalance: row.counts_against_balance,
    accrual: row.accrual,
    seniorityBonus: row.seniority_bonus,
    carryForwardMaxDays: Number(row.carry_forward_max_days),
    carryForwardExpires: row.carry_forward_expires,
    minNoticeDays: row.min_notice_days,
    allowHalfDay: row.allow_half_day,
    attachmentAfterDays: days(row.attachment_after_days),
    paid: row.paid,
    active: row.active,
    inUse: row.in_use,
  };
}

export function toHoliday(row: settings.HolidayRow): Holiday {
  return {
    id: row.id,
    name: row.name,
    startDate: row.start_date,
    endDate: row.end_date,
    description: row.description,
  };
}
