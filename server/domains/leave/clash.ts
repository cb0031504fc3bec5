import type { LeavePreview } from '../../../shared/leave.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { readAbsenceRules } from './absence-rules.ts';
import * as repo from './leave-requests.repository.ts';

/**
 * The clash warning: on the busiest of the requested days, how many of the person's department
 * colleagues are already off (waiting or approved), against the share HR set in the absence rules.
 * It warns; it does not refuse (the approver decides).
 */
export async function clashOf(
  ctx: ServiceContext,
  person: Pick<repo.LeavePersonRow, 'id' | 'department_id' | 'department_name'>,
  days: readonly string[],
): Promise<LeavePreview['clash']> {
  if (!person.department_id || days.length === 0) return null;
  const [rules, { size, rows }] = await Promise.all([
    readAbsenceRules(ctx),
    repo.departmentAbsences(ctx.db, person.department_id, days, person.id),
  ]);
  const byDay = Map.groupBy(rows, (row) => row.day);
  let busiest: typeof rows = [];
  for (const dayRows of byDay.values()) if (dayRows.length > busiest.length) busiest = dayRows;
  const names = [...new Set(busiest.map((row) => `${row.first_name} ${row.last_name}`.trim()))];
  // The person counts in the department: with them off too, this share of it is away.
  const sharePercent = size > 0 ? Math.round(((names.length + 1) * 100) / size) : 0;
  return {
    departmentName: person.department_name ?? '',
    departmentSize: size,
    peopleOff: names.length,
    names: names.slice(0, 10),
    sharePercent,
    thresholdPercent: rules.clashThresholdPercent,
    warn: names.length > 0 && sharePercent > rules.clashThresholdPercent,
  };
}
