import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ActiveStatus, Database, ProjectStage } from '../../db/database.ts';
import {
  PROJECT_STAGES,
  type ProjectFilters,
  type ProjectSortField,
  type StageCounts,
} from '../../../shared/projects.schemas.ts';
import { searchPatterns } from './clients.repository.ts';

/** A project with its client's name and its number of active members. */
export interface ProjectRow {
  id: string;
  client_id: string;
  client_name: string;
  name: string;
  description: string | null;
  start_date: string | null;
  end_date: string | null;
  stage: ProjectStage;
  status: ActiveStatus;
  created_at: Date;
  updated_at: Date;
  total_members: number;
}

/** The list's filters, plus the projects the caller may see ('all', or these ids). */
export interface ProjectQueryFilter extends Omit<ProjectFilters, 'sortField' | 'sortOrder'> {
  visible: 'all' | readonly string[];
}

type ProjectsQuery = SelectQueryBuilder<
  Database & { p: Database['projects']; c: Database['clients'] },
  'p' | 'c',
  object
>;

const totalMembers = sql<number>`(select count(*)::int from project_members m
  where m.project_id = p.id and m.status = 'ACTIVE' and m.deleted_at is null)`;
const stageOrder = sql<number>`array_position(array[${sql.join(PROJECT_STAGES.map((s) => sql.lit(s)))}]::text[], p.stage)`;

function base(db: Db): ProjectsQuery {
  return db
    .selectFrom('projects as p')
    .innerJoin('clients as c', 'c.id', 'p.client_id')
    .where('p.deleted_at', 'is', null) as unknown as ProjectsQuery;
}

function applyFilters(query: ProjectsQuery, filter: ProjectQueryFilter, withStage = true): ProjectsQuery {
  let q = query;
  if (filter.visible !== 'all') {
    // Nobody sees a project outside their scope; an empty scope matches nothing.
    q = filter.visible.length ? q.where('p.id', 'in', [...filter.visible]) : q.where(sql<boolean>`false`);
  }
  for (const pattern of searchPatterns(filter.search)) {
    q = q.where(sql<boolean>`p.search_text like bo_unaccent(lower(${pattern}))`);
  }
  if (filter.clientId?.length) q = q.where('p.client_id', 'in', filter.clientId);
  if (withStage && filter.stage?.length) q = q.where('p.stage', 'in', filter.stage);
  if (filter.status?.length) q = q.where('p.status', 'in', filter.status);
  if (filter.memberId?.length) {
    const memberIds = filter.memberId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('project_members as fm')
          .select(sql`1`.as('one'))
          .whereRef('fm.project_id', '=', 'p.id')
          .where('fm.user_id', 'in', memberIds)
          .where('fm.status', '=', 'ACTIVE')
          .where('fm.deleted_at', 'is', null),
      ),
    );
  }
  return q;
}

function withColumns(query: ProjectsQuery) {
  return query.select([
    'p.id',
    'p.client_id',
    'c.name as client_name',
    'p.name',
    'p.description',
    'p.start_date',
    'p.end_date',
    'p.stage',
    'p.status',
    'p.created_at',
    'p.updated_at',
    totalMembers.as('total_members'),
  ]);
}

const SORT_EXPRESSIONS: Record<ProjectSortField, ReturnType<typeof sql>> = {
  name: sql`p.search_text`,
  client: sql`bo_unaccent(lower(c.name))`,
  stage: stageOrder,
  status: sql`p.status`,
  startDate: sql`p.start_date`,
  endDate: sql`p.end_date`,
  totalMembers: totalMembers,
  createdAt: sql`p.created_at`,
};

export interface ProjectListOptions {
  sortField: ProjectSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

function pageQuery(db: Db, filter: ProjectQueryFilter, options: ProjectListOptions) {
  const direction = options.sortOrder === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  // Names sort without their accents; the name, the client's, then the id break ties: pages never
  // repeat or skip a project.
  return withColumns(applyFilters(base(db), filter))
    .orderBy(sql`${SORT_EXPRESSIONS[options.sortField]} ${direction}`)
    .orderBy('p.search_text')
    .orderBy(sql`bo_unaccent(lower(c.name))`)
    .orderBy('p.id')
    .offset(options.offset)
    .limit(options.limit);
}

/** How many projects of each stage match the filter, the stage filter left aside (the stage tabs). */
function stageCountQuery(db: Db, filter: ProjectQueryFilter) {
  return applyFilters(base(db), filter, false)
    .select(['p.stage', sql<number>`count(*)::int`.as('count')])
    .groupBy('p.stage');
}

function toStageCounts(rows: Array<{ stage: ProjectStage; count: number }>): StageCounts {
  const counts = Object.fromEntries(PROJECT_STAGES.map((stage) => [stage, 0])) as StageCounts;
  for (const row of rows) counts[row.stage] = row.count;
  return counts;
}

/**
 * A page of projects, the number matching, and the counts per stage. The total is the sum of the
 * counts of the stages asked for, so the list needs two statements, not three.
 */
export async function listProjects(
  db: Db,
  filter: ProjectQueryFilter,
  options: ProjectListOptions,
): Promise<{ rows: ProjectRow[]; total: number; stageCounts: StageCounts }> {
  const [rows, counts] = await Promise.all([
    pageQuery(db, filter, options).execute(),
    stageCountQuery(db, filter).execute(),
  ]);
  const stageCounts = toStageCounts(counts);
  const stages = filter.stage?.length ? filter.stage : PROJECT_STAGES;
  const total = [...new Set(stages)].reduce((sum, stage) => sum + stageCounts[stage], 0);
  return { rows: rows as ProjectRow[], total, stageCounts };
}

/** The list's two statements as SQL and parameters (the benchmark runs them on a bare pool). */
export function compileProjectListQuery(db: Db, filter: ProjectQueryFilter, options: ProjectListOptions) {
  return { page: pageQuery(db, filter, options).compile(), counts: stageCountQuery(db, filter).compile() };
}

/** Every project matching the filter in the list's order (exports), a batch at a time. */
export function listProjectRows(db: Db, filter: ProjectQueryFilter, options: ProjectListOptions) {
  return pageQuery(db, filter, options).execute() as Promise<ProjectRow[]>;
}

export async function findProject(
  db: Db,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ProjectRow | undefined> {
  if (options.lock) {
    await db
      .selectFrom('projects')
      .select('id')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .execute();
  }
  return (await withColumns(base(db)).where('p.id', '=', id).executeTakeFirst()) as ProjectRow | undefined;
}

/** The live project of a client with this name (any case), other than `exceptId`. */
export async function findProjectByName(db: Db, clientId: string, name: string, exceptId?: string) {
  let query = db
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('deleted_at', 'is', null)
    .where('client_id', '=', clientId)
    .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** Live projects of these clients (import files name projects by client and name). */
export async function findProjectsOfClients(db: Db, clientIds: readonly string[]): Promise<ProjectRow[]> {
  if (clientIds.length === 0) return [];
  return (await withColumns(base(db))
    .where('p.client_id', 'in', [...clientIds])
    .execute()) as ProjectRow[];
}

export async function insertProject(
  db: Db,
  values: {
    client_id: string;
    name: string;
    description: string | null;
    start_date: string | null;
    end_date: string | null;
    stage: ProjectStage;
    status?: ActiveStatus;
    created_by: string | null;
  },
): Promise<string> {
  const row = await db.insertInto('projects').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProject(
  db: Db,
  id: string,
  values: {
    name?: string;
    description?: string | null;
    start_date?: string | null;
    end_date?: string | null;
    stage?: ProjectStage;
    status?: ActiveStatus;
    deleted_at?: Date;
  },
): Promise<void> {
  await db
    .updateTable('projects')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function insertStageChange(
  db: Db,
  values: {
    project_id: string;
    from_stage: ProjectStage | null;
    to_stage: ProjectStage;
    changed_by: string | null;
    changed_by_label: string;
  },
): Promise<void> {
  await db.insertInto('project_stage_changes').values(values).execute();
}

/** A project's stage history, oldest first. */
export function listStageChanges(db: Db, projectId: string) {
  return db
    .selectFrom('project_stage_changes')
    .select(['id', 'from_stage', 'to_stage', 'changed_at', 'changed_by', 'changed_by_label'])
    .where('project_id', '=', projectId)
    .orderBy('changed_at')
    .orderBy('id')
    .execute();
}

/** Stage histories of several projects (the CLI export), oldest first. */
export function listStageChangesOf(db: Db, projectIds: readonly string[]) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('project_stage_changes')
    .select(['id', 'project_id', 'from_stage', 'to_stage', 'changed_at', 'changed_by_label'])
    .where('project_id', 'in', [...projectIds])
    .orderBy('project_id')
    .orderBy('changed_at')
    .orderBy('id')
    .execute();
}

/** How many live projects a client has (a client with any cannot be deleted). */
export async function countClientProjects(db: Db, clientId: string): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}
