import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type {
  CalendarFeed,
  CalendarFeedBody,
  CalendarFeedList,
  LeaveCalendar,
  LeaveCalendarQuery,
} from '../../../shared/leave.schemas.ts';
import { addDays, daysBetween } from '../../../shared/rules/periods.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { isPerson } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { leaveSettingsPolicy, mayRequestFor, seesAbsenceTypes } from './leave.policy.ts';
import { toHoliday } from './leave-views.ts';
import * as settings from './leave-settings.repository.ts';
import * as repo from './leave-requests.repository.ts';

/**
 * Who is off: the team calendar on /leave-management and private iCalendar feeds (RFC 5545) that
 * calendar apps subscribe to. Colleagues see that someone is off; the absence type (sick leave is
 * private) shows only to the person, HR and reporters.
 */

const CALENDAR_MAX_DAYS = 62;
const FEED_PAST_DAYS = 90;
const FEED_FUTURE_DAYS = 365;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function rowsToItems(ctx: ServiceContext, rows: repo.LeaveRequestRow[]): LeaveCalendar['items'] {
  const typesVisible = seesAbsenceTypes(ctx.actor);
  return rows.map((row) => ({
    requestId: row.id,
    person: {
      id: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      avatarUrl: row.avatar_url,
      departmentName: row.department_name,
    },
    absenceTypeName: typesVisible || row.user_id === ctx.actor.id ? row.absence_type_name : '',
    status: row.status,
    startDate: row.start_date,
    startPart: row.start_part,
    endDate: row.end_date,
    endPart: row.end_part,
    duration: Number(row.duration),
  }));
}

/** Leave waiting or approved between two dates (at most two months), for one department or all. */
export async function getTeamCalendar(
  ctx: ServiceContext,
  query: LeaveCalendarQuery,
): Promise<LeaveCalendar> {
  leaveSettingsPolicy.authorize(ctx.actor, 'view', undefined);
  if (query.to < query.from) throw validationError([{ field: 'to', code: 'dateOrder' }]);
  if (daysBetween(query.from, query.to) > CALENDAR_MAX_DAYS)
    throw validationError([{ field: 'to', code: 'rangeTooLong', params: { max: CALENDAR_MAX_DAYS } }]);
  const [rows, holidays] = await Promise.all([
    repo.listCalendar(ctx.db, query, { departmentId: query.departmentId }),
    settings.listHolidays(ctx.db, query),
  ]);
  return { items: rowsToItems(ctx, rows), holidays: holidays.map(toHoliday) };
}

function toFeed(row: Awaited<ReturnType<typeof settings.listFeeds>>[number], url?: string): CalendarFeed {
  return {
    id: row.id,
    scope: row.scope,
    departmentName: row.department_name,
    createdAt: row.created_at.toISOString(),
    ...(url && { url }),
  };
}

/** The caller's calendar feeds (their addresses are shown once, when made). */
export async function listMyCalendarFeeds(ctx: ServiceContext): Promise<CalendarFeedList> {
  leaveSettingsPolicy.authorize(ctx.actor, 'view', undefined);
  if (!isPerson(ctx.actor)) throw new AppError('FORBIDDEN');
  return { items: (await settings.listFeeds(ctx.db, ctx.actor.id)).map((row) => toFeed(row)) };
}

/**
 * Makes a feed of the caller's own leave, or of a department's (their own department, or any with
 * leave.manage). The address holds a random secret; only its hash is stored.
 */
export async function createCalendarFeed(
  ctx: ServiceContext,
  input: CalendarFeedBody,
): Promise<CalendarFeed> {
  leaveSettingsPolicy.authorize(ctx.actor, 'view', undefined);
  if (!isPerson(ctx.actor) || !mayRequestFor(ctx.actor, ctx.actor.id)) throw new AppError('FORBIDDEN');
  const me = ctx.actor.id;
  const [person] = await repo.listPeople(ctx.db, [me]);
  let departmentId: string | null = null;
  if (input.scope === 'DEPARTMENT') {
    departmentId = input.departmentId ?? person?.department_id ?? null;
    if (!departmentId) throw validationError([{ field: 'departmentId', code: 'required' }]);
    if (departmentId !== person?.department_id && !leaveSettingsPolicy.can(ctx.actor, 'manage', undefined))
      throw new AppError('FORBIDDEN');
  }
  const token = randomBytes(32).toString('base64url');
  return inTransaction(ctx, async (tx) => {
    const id = await settings
      .insertFeed(tx.db, {
        owner_id: me,
        scope: input.scope,
        department_id: departmentId,
        token_hash: hashToken(token),
      })
      .catch((error: { code?: string }) =>
        Promise.reject(
          error?.code === '23503'
            ? validationError([{ field: 'departmentId', code: 'unknownDepartment' }])
            : error,
        ),
      );
    const row = (await settings.listFeeds(tx.db, me)).find((feed) => feed.id === id)!;
    await recordAudit(tx, {
      action: 'leave_calendar_feed.created',
      entityType: 'leave_calendar_feed',
      entityId: id,
      after: toFeed(row),
    });
    return toFeed(row, `${ctx.config.publicUrl}/api/leave-calendar/${token}.ics`);
  });
}

/** Revokes one of the caller's feeds: its address stops working at once. */
export async function revokeCalendarFeed(ctx: ServiceContext, id: string): Promise<void> {
  leaveSettingsPolicy.authorize(ctx.actor, 'view', undefined);
  const feed = await settings.findFeed(ctx.db, id);
  if (!feed || feed.revoked_at || feed.owner_id !== ctx.actor.id) throw new AppError('NOT_FOUND');
  await inTransaction(ctx, async (tx) => {
    await settings.revokeFeed(tx.db, id);
    await recordAudit(tx, {
      action: 'leave_calendar_feed.revoked',
      entityType: 'leave_calendar_feed',
      entityId: id,
      before: { scope: feed.scope },
    });
  });
}

/**
 * The iCalendar text of a feed, found by its secret (the subscription address is the credential:
 * calendar apps send no session). An unknown or revoked secret, or a feed whose owner left, is 404.
 */
export async function renderCalendarFeed(ctx: ServiceContext, token: string): Promise<string> {
  const secret = token.replace(/\.ics$/, '');
  const feed = await settings.findFeedByTokenHash(ctx.db, hashToken(secret));
  if (!feed || feed.owner_status !== 'ACTIVE' || feed.owner_deleted_at) throw new AppError('NOT_FOUND');
  const today = companyToday(ctx.config);
  const range = { from: addDays(today, -FEED_PAST_DAYS), to: addDays(today, FEED_FUTURE_DAYS) };
  const rows = await repo.listCalendar(
    ctx.db,
    range,
    feed.scope === 'PERSON' ? { userId: feed.owner_id } : { departmentId: feed.department_id ?? undefined },
  );
  const calendar = ical({
    name: 'Backoffice leave',
    prodId: { company: 'Backoffice', product: 'leave', language: 'EN' },
  });
  calendar.method(ICalCalendarMethod.PUBLISH);
  for (const row of rows) {
    const name = `${row.first_name} ${row.last_name}`.trim();
    const own = feed.scope === 'PERSON';
    const waiting = row.status === 'WAITING FOR APPROVAL';
    calendar.createEvent({
      id: `${row.id}@backoffice`,
      // All-day events: the end date is exclusive in iCalendar.
      allDay: true,
      start: new Date(`${row.start_date}T00:00:00Z`),
      end: new Date(`${addDays(row.end_date, 1)}T00:00:00Z`),
      summary: `${own ? row.absence_type_name : name}${waiting ? ' (?)' : ''}`,
      description: `${name}: ${Number(row.duration)} ${Number(row.duration) === 1 ? 'day' : 'days'}`,
      stamp: row.updated_at,
    });
  }
  return calendar.toString();
}
