import type { Holiday, HolidayBody, HolidayList, HolidayQuery } from '../../../shared/leave.schemas.ts';
import { daysBetween } from '../../../shared/rules/periods.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { leaveSettingsPolicy } from './leave.policy.ts';
import * as repo from './leave-settings.repository.ts';
import { toHoliday } from './leave-views.ts';

/** Public holidays (spec section 7: GET|POST /holidays, PUT|DELETE /holidays/{id}). */

/** Longest holiday: the Lunar New Year break is about ten days. */
const HOLIDAY_MAX_DAYS = 31;

/** The holidays of a year (every one without `year`), by date. */
export async function listHolidays(ctx: ServiceContext, query: HolidayQuery): Promise<HolidayList> {
  leaveSettingsPolicy.authorize(ctx.actor, 'view', undefined);
  const range = query.year ? { from: `${query.year}-01-01`, to: `${query.year}-12-31` } : {};
  return { items: (await repo.listHolidays(ctx.db, range)).map(toHoliday) };
}

function check(input: HolidayBody): repo.HolidayValues {
  if (input.endDate < input.startDate) throw validationError([{ field: 'endDate', code: 'dateOrder' }]);
  if (daysBetween(input.startDate, input.endDate) > HOLIDAY_MAX_DAYS)
    throw validationError([{ field: 'endDate', code: 'rangeTooLong', params: { max: HOLIDAY_MAX_DAYS } }]);
  return {
    name: input.name.trim(),
    start_date: input.startDate,
    end_date: input.endDate,
    description: input.description?.trim() || null,
  };
}

/** Adds a holiday. Leave already requested over it keeps its days (HR sees it in the list). */
export async function createHoliday(ctx: ServiceContext, input: HolidayBody): Promise<Holiday> {
  leaveSettingsPolicy.authorize(ctx.actor, 'manage', undefined);
  const values = check(input);
  return inTransaction(ctx, async (tx) => {
    const id = await repo.insertHoliday(tx.db, values);
    const created = toHoliday((await repo.findHoliday(tx.db, id))!);
    await recordAudit(tx, { action: 'holiday.created', entityType: 'holiday', entityId: id, after: created });
    return created;
  });
}

/** Changes a holiday's name, dates or description. */
export async function updateHoliday(ctx: ServiceContext, id: string, input: HolidayBody): Promise<Holiday> {
  leaveSettingsPolicy.authorize(ctx.actor, 'manage', undefined);
  const values = check(input);
  return inTransaction(ctx, async (tx) => {
    const before = await repo.findHoliday(tx.db, id, { lock: true });
    if (!before) throw new AppError('NOT_FOUND');
    await repo.updateHoliday(tx.db, id, values);
    const after = toHoliday((await repo.findHoliday(tx.db, id))!);
    await recordAudit(tx, {
      action: 'holiday.updated',
      entityType: 'holiday',
      entityId: id,
      before: toHoliday(before),
      after,
    });
    return after;
  });
}

/** Deletes a holiday. */
export async function deleteHoliday(ctx: ServiceContext, id: string): Promise<void> {
  leaveSettingsPolicy.authorize(ctx.actor, 'manage', undefined);
  await inTransaction(ctx, async (tx) => {
    const before = await repo.findHoliday(tx.db, id, { lock: true });
    if (!before) throw new AppError('NOT_FOUND');
    await repo.deleteHoliday(tx.db, id);
    await recordAudit(tx, {
      action: 'holiday.deleted',
      entityType: 'holiday',
      entityId: id,
      before: toHoliday(before),
    });
  });
}
