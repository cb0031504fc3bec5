import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { HiringCampaignsTable } from '../../db/database.ts';
import type { CampaignStatus, StageKind } from '../../../shared/recruitment.schemas.ts';
import type { PageWindow } from '../../core/paging.ts';
import { searchPatterns } from './recruitment-rules.ts';

/** SQL of hiring campaigns, their hiring team, stages and criteria. */

export type CampaignRow = Selectable<HiringCampaignsTable> & { department_name: string | null };

const campaignColumns = (db: Db) =>
  db
    .selectFrom('hiring_campaigns as c')
    .leftJoin('departments as d', 'd.id', 'c.department_id')
    .selectAll('c')
    .select('d.name as department_name')
    .where('c.deleted_at', 'is', null);

export interface CampaignFilters {
  search?: string;
  status?: readonly CampaignStatus[];
  departmentId?: string;
  /** Only the campaigns whose hiring team has this person (a team member without recruitment permissions). */
  teamMemberId?: string;
}

/** A page of campaigns, newest first (then id: a stable order). */
export async function listCampaigns(db: Db, filters: CampaignFilters, window: PageWindow) {
  let query = campaignColumns(db);
  for (const pattern of searchPatterns(filters.search))
    query = query.where(sql<boolean>`bo_unaccent(lower(c.position)) like bo_unaccent(lower(${pattern}))`);
  if (filters.status?.length) query = query.where('c.status', 'in', filters.status);
  if (filters.departmentId) query = query.where('c.department_id', '=', filters.departmentId);
  if (filters.teamMemberId)
    query = query.where('c.id', 'in', (sub) =>
      sub
        .selectFrom('hiring_team_members')
        .select('campaign_id')
        .where('user_id', '=', filters.teamMemberId!),
    );
  const [rows, count] = await Promise.all([
    query.orderBy('c.created_at', 'desc').orderBy('c.id').offset(window.offset).limit(window.limit).execute(),
    query
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as CampaignRow[], total: count.total };
}

export async function findCampaign(db: Db, id: string, options: { lock?: boolean } = {}) {
  if (options.lock)
    await db.selectFrom('hiring_campaigns').select('id').where('id', '=', id).forUpdate().execute();
  return (await campaignColumns(db).where('c.id', '=', id).executeTakeFirst()) as CampaignRow | undefined;
}

export async function insertCampaign(db: Db, values: Insertable<HiringCampaignsTable>): Promise<string> {
  const row = await db
    .insertInto('hiring_campaigns')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCampaign(db: Db, id: string, values: Updateable<HiringCampaignsTable>) {
  await db
    .updateTable('hiring_campaigns')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export interface TeamMemberRow {
  campaign_id: string;
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

export async function listTeams(db: Db, campaignIds: readonly string[]): Promise<TeamMemberRow[]> {
  if (campaignIds.length === 0) return [];
  return db
    .selectFrom('hiring_team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.campaign_id', 'u.id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('m.campaign_id', 'in', campaignIds)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute() as Promise<TeamMemberRow[]>;
}

export async function setTeam(db: Db, campaignId: string, userIds: readonly string[]) {
  await db.deleteFrom('hiring_team_members').where('campaign_id', '=', campaignId).execute();
  if (userIds.length)
    await db
      .insertInto('hiring_team_members')
      .values(userIds.map((user_id) => ({ campaign_id: campaignId, user_id })))
      .execute();
}

export interface StageRow {
  id: string;
  campaign_id: string;
  name: string;
  kind: StageKind;
  position: number;
  candidate_count: number;
}

export async function listStages(db: Db, campaignIds: readonly string[]): Promise<StageRow[]> {
  if (campaignIds.length === 0) return [];
  return db
    .selectFrom('hiring_stages as s')
    .select(['s.id', 's.campaign_id', 's.name', 's.kind', 's.position'])
    .select((eb) =>
      eb
        .selectFrom('hiring_applications as a')
        .whereRef('a.stage_id', '=', 's.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('candidate_count'),
    )
    .where('s.campaign_id', 'in', campaignIds)
    .orderBy('s.campaign_id')
    .orderBy('s.position')
    .execute() as Promise<StageRow[]>;
}

export interface CriterionRow {
  id: string;
  campaign_id: string;
  name: string;
  scale_max: number;
  position: number;
}

export function listCriteria(db: Db, campaignIds: readonly string[]): Promise<CriterionRow[]> {
  if (campaignIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('hiring_criteria')
    .select(['id', 'campaign_id', 'name', 'scale_max', 'position'])
    .where('campaign_id', 'in', campaignIds)
    .orderBy('campaign_id')
    .orderBy('position')
    .execute();
}

/**
 * Replaces a campaign's stages: kept ones (with an id) are renamed and reordered, new ones inserted,
 * the rest deleted (the service has checked no candidate stands in them).
 */
export async function replaceStages(
  db: Db,
  campaignId: string,
  stages: ReadonlyArray<{ id?: string; name: string; kind: StageKind }>,
) {
  const kept = stages.flatMap((stage) => (stage.id ? [stage.id] : []));
  let removed = db.deleteFrom('hiring_stages').where('campaign_id', '=', campaignId);
  if (kept.length) removed = removed.where('id', 'not in', kept);
  await removed.execute();
  for (const [position, stage] of stages.entries()) {
    if (stage.id)
      await db
        .updateTable('hiring_stages')
        .set({ name: stage.name, kind: stage.kind, position })
        .where('id', '=', stage.id)
        .execute();
    else
      await db
        .insertInto('hiring_stages')
        .values({ campaign_id: campaignId, name: stage.name, kind: stage.kind, position })
        .execute();
  }
}

/** Replaces a campaign's criteria as `replaceStages` does its stages. */
export async function replaceCriteria(
  db: Db,
  campaignId: string,
  criteria: ReadonlyArray<{ id?: string; name: string; scaleMax: number }>,
) {
  const kept = criteria.flatMap((criterion) => (criterion.id ? [criterion.id] : []));
  let removed = db.deleteFrom('hiring_criteria').where('campaign_id', '=', campaignId);
  if (kept.length) removed = removed.where('id', 'not in', kept);
  await removed.execute();
  for (const [position, criterion] of criteria.entries()) {
    const values = { name: criterion.name, scale_max: criterion.scaleMax, position };
    if (criterion.id)
      await db.updateTable('hiring_criteria').set(values).where('id', '=', criterion.id).execute();
    else
      await db
        .insertInto('hiring_criteria')
        .values({ ...values, campaign_id: campaignId })
        .execute();
  }
}

/** The highest score given on each criterion of a campaign (a scale may not shrink below it). */
export async function highestScores(db: Db, campaignId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('hiring_feedback_scores as s')
    .innerJoin('hiring_criteria as c', 'c.id', 's.criterion_id')
    .select(['s.criterion_id', sql<number>`max(s.score)::int`.as('max')])
    .where('c.campaign_id', '=', campaignId)
    .groupBy('s.criterion_id')
    .execute();
  return new Map(rows.map((row) => [row.criterion_id, row.max]));
}

/** Candidates and hires per campaign. */
export async function countApplications(db: Db, campaignIds: readonly string[]) {
  if (campaignIds.length === 0) return new Map<string, { total: number; hired: number }>();
  const rows = await db
    .selectFrom('hiring_applications')
    .select([
      'campaign_id',
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(hired_employee_id)::int`.as('hired'),
    ])
    .where('campaign_id', 'in', campaignIds)
    .groupBy('campaign_id')
    .execute();
  return new Map(rows.map((row) => [row.campaign_id, { total: row.total, hired: row.hired }]));
}

/** Which of these people exist and are active or invited (a hiring team is made of staff). */
export async function findStaff(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'ACTIVE')
    .where('user_type', '=', 'EMPLOYEE')
    .execute();
  return new Set(rows.map((row) => row.id));
}
