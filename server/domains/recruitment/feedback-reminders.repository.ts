import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** SQL of the daily reminder of overdue interview feedback. */

export interface OverdueApplicationRow {
  id: string;
  campaign_id: string;
  position: string;
  stage_name: string;
  candidate_id: string;
  first_name: string;
  last_name: string;
  due_date: string;
}

/**
 * Applications whose feedback is overdue on `today` and not yet reminded today, locked (skip locked,
 * so two workers share them out): at a SCREENING or INTERVIEW stage of an OPEN campaign, where the
 * due date (the company day the application reached the stage, plus the campaign's
 * `feedback_due_days`, as the first notice said) is before today.
 */
export async function lockOverdueApplications(
  db: Db,
  today: string,
  timeZone: string,
  limit: number,
): Promise<OverdueApplicationRow[]> {
  const { rows } = await sql<OverdueApplicationRow>`
    select a.id, a.campaign_id, c.position, s.name as stage_name, p.id as candidate_id, p.first_name,
      p.last_name, to_char((a.moved_at at time zone ${timeZone})::date + c.feedback_due_days, 'YYYY-MM-DD') as due_date
    from hiring_applications a
    join hiring_campaigns c on c.id = a.campaign_id
    join hiring_stages s on s.id = a.stage_id
    join candidates p on p.id = a.candidate_id
    where s.kind in ('SCREENING', 'INTERVIEW')
      and c.status = 'OPEN' and c.deleted_at is null
      and (a.moved_at at time zone ${timeZone})::date + c.feedback_due_days < ${today}::date
      and (a.feedback_reminded_on is null or a.feedback_reminded_on < ${today}::date)
    order by a.id
    limit ${limit}
    for update of a skip locked`.execute(db);
  return rows;
}

/** Of these applications, each active hiring-team member with no feedback yet at the current stage. */
export async function interviewersWithoutFeedback(
  db: Db,
  applicationIds: readonly string[],
): Promise<Array<{ application_id: string; user_id: string }>> {
  if (applicationIds.length === 0) return [];
  const { rows } = await sql<{ application_id: string; user_id: string }>`
    select a.id as application_id, m.user_id
    from hiring_applications a
    join hiring_team_members m on m.campaign_id = a.campaign_id
    join users u on u.id = m.user_id and u.deleted_at is null and u.status = 'ACTIVE'
    where a.id = any(${sql.val(applicationIds)}::uuid[])
      and not exists (select 1 from hiring_feedback f
        where f.application_id = a.id and f.stage_id = a.stage_id and f.interviewer_id = m.user_id)
    order by a.id, m.user_id`.execute(db);
  return rows;
}

/** Records that these applications' teams were reminded on `today`. */
export async function markReminded(db: Db, applicationIds: readonly string[], today: string): Promise<void> {
  if (applicationIds.length === 0) return;
  await db
    .updateTable('hiring_applications')
    .set({ feedback_reminded_on: today })
    .where('id', 'in', applicationIds)
    .execute();
}
