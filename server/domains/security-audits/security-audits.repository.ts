import { sql } from 'kysely';
import type {
  AuditFrequency,
  AuditRunResult,
  AuditRunTrigger,
} from '../../../shared/security-audits.schemas.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';

/** The security audits' schedules, runs and findings. */

/** How long each frequency waits between runs (PostgreSQL intervals). */
export const PERIOD: Record<AuditFrequency, string> = {
  DAILY: '1 day',
  WEEKLY: '7 days',
  MONTHLY: '1 month',
};
const periodOf = sql<string>`(case s.frequency when 'DAILY' then interval '${sql.raw(PERIOD.DAILY)}' when 'WEEKLY' then interval '${sql.raw(PERIOD.WEEKLY)}' else interval '${sql.raw(PERIOD.MONTHLY)}' end)`;

export type ScheduleRecord = Awaited<ReturnType<typeof listSchedules>>[number];

/** Every schedule, with when it is next due (null while switched off). */
export function listSchedules(db: Db) {
  return db
    .selectFrom('security_audit_schedules as s')
    .selectAll('s')
    .select(
      sql<Date | null>`case when s.active then coalesce(s.last_started_at + ${periodOf}, now()) end`.as(
        'next_run_at',
      ),
    )
    .orderBy('s.check')
    .execute();
}

export function findSchedule(db: Db, check: string, options: { lock?: boolean } = {}) {
  let query = db.selectFrom('security_audit_schedules').selectAll().where('check', '=', check);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Creates or changes the schedule of a check. */
export async function upsertSchedule(
  db: Db,
  values: { check: string; frequency: AuditFrequency; active: boolean; created_by: string | null },
): Promise<void> {
  await db
    .insertInto('security_audit_schedules')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('check')
        .doUpdateSet({ frequency: values.frequency, active: values.active, updated_at: new Date() }),
    )
    .execute();
}

export async function deleteSchedule(db: Db, check: string): Promise<void> {
  await db.deleteFrom('security_audit_schedules').where('check', '=', check).execute();
}

/**
 * Claims the active schedules whose period has passed (an hour early, so an hourly job never drifts
 * a run to the next day): one statement marks them started, so two workers never both take one.
 */
export function claimDueSchedules(db: Db, now: Date) {
  return db
    .updateTable('security_audit_schedules as s')
    .set({ last_started_at: now })
    .where('s.active', '=', true)
    .where((eb) =>
      eb.or([
        eb('s.last_started_at', 'is', null),
        eb('s.last_started_at', '<=', sql<Date>`${now}::timestamptz - ${periodOf} + interval '1 hour'`),
      ]),
    )
    .returning(['s.check', 's.frequency'])
    .execute();
}

export async function insertRun(
  db: Db,
  values: {
    check: string;
    trigger: AuditRunTrigger;
    result: AuditRunResult;
    finding_count: number;
    error: string | null;
    started_by: string | null;
    started_at: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('security_audit_runs')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertFindings(
  db: Db,
  runId: string,
  findings: ReadonlyArray<{ userId: string | null; summary: string; data: Record<string, unknown> }>,
): Promise<void> {
  for (let start = 0; start < findings.length; start += 500) {
    await db
      .insertInto('security_audit_findings')
      .values(
        findings.slice(start, start + 500).map((finding, index) => ({
          run_id: runId,
          position: start + index,
          user_id: finding.userId,
          summary: finding.summary,
          data: JSON.stringify(finding.data),
        })),
      )
      .execute();
  }
}

const runColumns = (db: Db) =>
  db
    .selectFrom('security_audit_runs as r')
    .leftJoin('users as u', 'u.id', 'r.started_by')
    .selectAll('r')
    .select('u.email as started_by_email');

export type RunRecord = Awaited<ReturnType<typeof findRun>> & {};

export function findRun(db: Db, id: string) {
  return runColumns(db).where('r.id', '=', id).executeTakeFirst();
}

/** A page of runs, newest first, optionally of one check or one result. */
export async function listRuns(
  db: Db,
  filters: { check?: string; result?: AuditRunResult },
  window: PageWindow,
) {
  let query = db.selectFrom('security_audit_runs as r');
  if (filters.check) query = query.where('r.check', '=', filters.check);
  if (filters.result) query = query.where('r.result', '=', filters.result);
  const ids = query.select('r.id');
  const [rows, count] = await Promise.all([
    runColumns(db)
      .where('r.id', 'in', ids)
      .orderBy('r.started_at', 'desc')
      .orderBy('r.id', 'desc')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

/** The newest run of each check. */
export function latestRuns(db: Db) {
  return db
    .selectFrom('security_audit_runs as r')
    .distinctOn('r.check')
    .select(['r.id', 'r.check', 'r.result', 'r.finding_count', 'r.finished_at'])
    .orderBy('r.check')
    .orderBy('r.started_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

/** A page of one run's findings in the order found, with the person each is about. */
export async function listFindings(db: Db, runId: string, window: PageWindow) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('security_audit_findings as f')
      .leftJoin('users as u', 'u.id', 'f.user_id')
      .select(['f.id', 'f.user_id', 'f.summary', 'f.data', 'u.first_name', 'u.last_name', 'u.email'])
      .where('f.run_id', '=', runId)
      .orderBy('f.position')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    db
      .selectFrom('security_audit_findings')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}
