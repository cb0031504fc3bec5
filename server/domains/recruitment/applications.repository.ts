import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { CandidateResumesTable } from '../../db/database.ts';
import type { CandidateSource, Recommendation, StageKind } from '../../../shared/recruitment.schemas.ts';
import type { PageWindow } from '../../core/paging.ts';
import { searchPatterns } from './recruitment-rules.ts';

/** SQL of candidates, resumes, applications, stage moves and feedback. */

export interface ApplicationRow {
  id: string;
  campaign_id: string;
  candidate_id: string;
  stage_id: string;
  resume_id: string | null;
  applied_at: Date;
  moved_at: Date;
  hired_employee_id: string | null;
  version: number;
  stage_name: string;
  stage_kind: StageKind;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  source: CandidateSource;
  links: string[];
  resume_file_name: string | null;
  resume_size_bytes: number | null;
  resume_page_count: number | null;
  resume_has_text: boolean | null;
  resume_created_at: Date | null;
  feedback_count: number;
}

const applications = (db: Db) =>
  db
    .selectFrom('hiring_applications as a')
    .innerJoin('candidates as p', 'p.id', 'a.candidate_id')
    .innerJoin('hiring_stages as s', 's.id', 'a.stage_id')
    .leftJoin('candidate_resumes as r', 'r.id', 'a.resume_id')
    .select([
      'a.id',
      'a.campaign_id',
      'a.candidate_id',
      'a.stage_id',
      'a.resume_id',
      'a.applied_at',
      'a.moved_at',
      'a.hired_employee_id',
      'a.version',
      's.name as stage_name',
      's.kind as stage_kind',
      'p.first_name',
      'p.last_name',
      'p.email',
      'p.phone',
      'p.source',
      'p.links',
      'r.file_name as resume_file_name',
      'r.size_bytes as resume_size_bytes',
      'r.page_count as resume_page_count',
      sql<boolean | null>`case when r.id is null then null else r.text <> '' end`.as('resume_has_text'),
      'r.created_at as resume_created_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('hiring_feedback as f')
        .whereRef('f.application_id', '=', 'a.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('feedback_count'),
    );

/** A campaign's candidates for its board: by stage order, then by when they reached it. */
export async function listApplications(
  db: Db,
  filters: { campaignId: string; stageId?: string; search?: string },
  window: PageWindow,
) {
  let query = applications(db).where('a.campaign_id', '=', filters.campaignId);
  if (filters.stageId) query = query.where('a.stage_id', '=', filters.stageId);
  for (const pattern of searchPatterns(filters.search))
    query = query.where(sql<boolean>`p.search_text like bo_unaccent(lower(${pattern}))`);
  const [rows, count] = await Promise.all([
    query
      .orderBy('s.position')
      .orderBy('a.moved_at')
      .orderBy('a.id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ApplicationRow[], total: count.total };
}

export async function findApplication(db: Db, id: string, options: { lock?: boolean } = {}) {
  if (options.lock)
    await db.selectFrom('hiring_applications').select('id').where('id', '=', id).forUpdate().execute();
  return (await applications(db).where('a.id', '=', id).executeTakeFirst()) as ApplicationRow | undefined;
}

export async function findApplicationsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return (await applications(db).where('a.id', 'in', ids).execute()) as ApplicationRow[];
}

export function findCandidateByEmail(db: Db, email: string) {
  return db.selectFrom('candidates').selectAll().where('email', '=', email).forUpdate().executeTakeFirst();
}

export async function insertCandidate(
  db: Db,
  values: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
    source: CandidateSource;
    links: string[];
    created_by: string | null;
  },
): Promise<string> {
  const row = await db.insertInto('candidates').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCandidate(
  db: Db,
  id: string,
  values: {
    first_name: string;
    last_name: string;
    phone: string | null;
    source: CandidateSource;
    links: string[];
  },
) {
  await db
    .updateTable('candidates')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function insertResume(db: Db, values: Insertable<CandidateResumesTable>): Promise<string> {
  const row = await db
    .insertInto('candidate_resumes')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The candidate's latest resume, used when they apply to another campaign without a new one. */
export function findLatestResume(db: Db, candidateId: string) {
  return db
    .selectFrom('candidate_resumes')
    .select(['id'])
    .where('candidate_id', '=', candidateId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export function findResume(db: Db, id: string) {
  return db
    .selectFrom('candidate_resumes')
    .select([
      'id',
      'candidate_id',
      'storage_key',
      'file_name',
      'size_bytes',
      'page_count',
      'text',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findResumeTexts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('candidate_resumes')
    .select(['id', 'text', 'page_count'])
    .where('id', 'in', ids)
    .execute();
}

/** Campaigns whose hiring team has this person and where this resume was sent. */
export async function resumeCampaigns(db: Db, resumeId: string) {
  const rows = await db
    .selectFrom('hiring_applications')
    .select('campaign_id')
    .where('resume_id', '=', resumeId)
    .execute();
  return rows.map((row) => row.campaign_id);
}

export async function insertApplication(
  db: Db,
  values: {
    campaign_id: string;
    candidate_id: string;
    stage_id: string;
    resume_id: string | null;
    created_by: string | null;
  },
): Promise<string> {
  const row = await db
    .insertInto('hiring_applications')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function moveApplication(
  db: Db,
  id: string,
  values: { stage_id: string; hired_employee_id?: string },
) {
  await db
    .updateTable('hiring_applications')
    .set({ ...values, moved_at: new Date(), updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

export async function insertMove(
  db: Db,
  values: {
    application_id: string;
    from_stage_id: string | null;
    to_stage_id: string;
    from_name: string | null;
    to_name: string;
    reason: string;
    moved_by: string | null;
  },
) {
  await db.insertInto('hiring_stage_moves').values(values).execute();
}

export function listMoves(db: Db, applicationId: string) {
  return db
    .selectFrom('hiring_stage_moves as m')
    .leftJoin('users as u', 'u.id', 'm.moved_by')
    .select([
      'm.id',
      'm.from_name',
      'm.to_name',
      'm.reason',
      'm.moved_at',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('m.application_id', '=', applicationId)
    .orderBy('m.moved_at')
    .orderBy('m.id')
    .execute();
}

export interface FeedbackRow {
  id: string;
  application_id: string;
  stage_id: string;
  stage_name: string;
  interviewer_id: string;
  first_name: string;
  last_name: string;
  email: string;
  recommendation: Recommendation;
  comment: string | null;
  updated_at: Date;
  scores: Array<{ criterionId: string; score: number }>;
}

export async function listFeedback(db: Db, applicationIds: readonly string[]): Promise<FeedbackRow[]> {
  if (applicationIds.length === 0) return [];
  return (await db
    .selectFrom('hiring_feedback as f')
    .innerJoin('hiring_stages as s', 's.id', 'f.stage_id')
    .innerJoin('users as u', 'u.id', 'f.interviewer_id')
    .select([
      'f.id',
      'f.application_id',
      'f.stage_id',
      's.name as stage_name',
      'f.interviewer_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'f.recommendation',
      'f.comment',
      'f.updated_at',
    ])
    .select(
      sql<Array<{ criterionId: string; score: number }>>`coalesce((
        select json_agg(json_build_object('criterionId', sc.criterion_id, 'score', sc.score) order by c.position)
        from hiring_feedback_scores sc join hiring_criteria c on c.id = sc.criterion_id
        where sc.feedback_id = f.id), '[]'::json)`.as('scores'),
    )
    .where('f.application_id', 'in', applicationIds)
    .orderBy('s.position')
    .orderBy('u.last_name')
    .orderBy('f.id')
    .execute()) as FeedbackRow[];
}

/** Writes (or replaces) one interviewer's feedback on one stage, with its scores. */
export async function saveFeedback(
  db: Db,
  values: {
    application_id: string;
    stage_id: string;
    interviewer_id: string;
    recommendation: Recommendation;
    comment: string | null;
  },
  scores: ReadonlyArray<{ criterionId: string; score: number }>,
): Promise<string> {
  const row = await db
    .insertInto('hiring_feedback')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['application_id', 'stage_id', 'interviewer_id']).doUpdateSet({
        recommendation: values.recommendation,
        comment: values.comment,
        updated_at: new Date(),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('hiring_feedback_scores').where('feedback_id', '=', row.id).execute();
  if (scores.length)
    await db
      .insertInto('hiring_feedback_scores')
      .values(scores.map((s) => ({ feedback_id: row.id, criterion_id: s.criterionId, score: s.score })))
      .execute();
  return row.id;
}

/** The applications each resume was sent with (for the all-resume list). */
export function listResumeApplications(db: Db, resumeIds: readonly string[]) {
  if (resumeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('hiring_applications as a')
    .innerJoin('hiring_campaigns as c', 'c.id', 'a.campaign_id')
    .innerJoin('hiring_stages as s', 's.id', 'a.stage_id')
    .select(['a.id', 'a.resume_id', 'a.campaign_id', 'c.position', 's.name as stage_name'])
    .where('a.resume_id', 'in', resumeIds)
    .where('c.deleted_at', 'is', null)
    .orderBy('a.applied_at')
    .execute();
}

/** The storage keys of a candidate's resumes (deleted from storage once the rows are gone). */
export async function listResumeKeys(db: Db, candidateId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('candidate_resumes')
    .select('storage_key')
    .where('candidate_id', '=', candidateId)
    .execute();
  return rows.map((row) => row.storage_key);
}

export function findCandidate(db: Db, id: string) {
  return db
    .selectFrom('candidates')
    .select(['id', 'email'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Deletes a candidate; their resumes, applications, moves and feedback go with them (cascades). */
export async function deleteCandidate(db: Db, id: string) {
  const counts = await db
    .selectFrom('hiring_applications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('candidate_id', '=', id)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('candidates').where('id', '=', id).execute();
  return counts.n;
}
