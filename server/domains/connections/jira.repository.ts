import { sql, type ExpressionBuilder } from 'kysely';
import type { ActiveStatus } from '../../../shared/projects.schemas.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';

/**
 * What Jira syncs brought back, as the screens and other areas read it: Jira projects (and their
 * links to projects) and issues for work logs. Accounts are in jira-accounts.repository.ts; the
 * sync's own bulk writes in providers/jira/jira-sync.repository.ts.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type JiraScope = ExpressionBuilder<Database & { c: Database['connections'] }, 'c'>;
/** The status of the connection's latest run (stale data shows as such). */
const lastRunStatus = (eb: JiraScope) =>
  eb
    .selectFrom('connection_sync_runs as r')
    .select('r.status')
    .whereRef('r.connection_id', '=', 'c.id')
    .orderBy('r.started_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(1)
    .as('last_run_status');

function jiraProjectQuery(db: Db) {
  return db
    .selectFrom('jira_projects as j')
    .innerJoin('connections as c', 'c.id', 'j.connection_id')
    .select([
      'j.id',
      'j.key',
      'j.name',
      'j.total_issues',
      'j.lead_name',
      'j.removed_at',
      'c.id as connection_id',
      'c.name as connection_name',
      'c.last_succeeded_at',
      'c.status as connection_status',
      (eb) => lastRunStatus(eb as unknown as JiraScope),
    ])
    .where('c.deleted_at', 'is', null);
}
export type JiraProjectRow = Awaited<ReturnType<ReturnType<typeof jiraProjectQuery>['execute']>>[number];

/** A page of a connection's Jira projects by name. */
export async function listJiraProjects(
  db: Db,
  filters: { connectionId: string; search?: string; includeRemoved?: boolean },
  window: PageWindow,
) {
  let query = jiraProjectQuery(db).where('j.connection_id', '=', filters.connectionId);
  if (!filters.includeRemoved) query = query.where('j.removed_at', 'is', null);
  if (filters.search) {
    const like = `%${escapeLike(filters.search.trim())}%`;
    query = query.where((eb) => eb.or([eb('j.name', 'ilike', like), eb('j.key', 'ilike', like)]));
  }
  const [rows, count] = await Promise.all([
    query
      .orderBy(sql`lower(j.name)`)
      .orderBy('j.id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export const findJiraProjects = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : jiraProjectQuery(db)
        .where('j.id', 'in', [...ids])
        .execute();

/** What a connection's page counts: its live synced records and the projects linked to them. */
export async function countConnectionData(db: Db, connectionId: string) {
  const { rows } = await sql<{
    jira_projects: number;
    jira_accounts: number;
    jira_issues: number;
    linked_projects: number;
    repositories: number;
    accounts: number;
    channels: number;
  }>`select
      (select count(*)::int from jira_projects where connection_id = ${connectionId} and removed_at is null) as jira_projects,
      (select count(*)::int from jira_accounts where connection_id = ${connectionId} and removed_at is null) as jira_accounts,
      (select count(*)::int from jira_issues where connection_id = ${connectionId} and removed_at is null) as jira_issues,
      (select count(distinct p.project_id)::int from (
        select l.project_id from project_jira_projects l
          join jira_projects j on j.id = l.jira_project_id where j.connection_id = ${connectionId}
        union all
        select l.project_id from project_git_repositories l
          join git_repositories r on r.id = l.git_repository_id where r.connection_id = ${connectionId}
      ) p) as linked_projects,
      (select count(*)::int from git_repositories where connection_id = ${connectionId} and removed_at is null) as repositories,
      (select count(*)::int from provider_accounts where connection_id = ${connectionId} and removed_at is null) as accounts,
      (select count(*)::int from discord_channels where connection_id = ${connectionId} and removed_at is null) as channels`.execute(
    db,
  );
  return rows[0]!;
}

// ---- Links of projects to Jira projects ------------------------------------------------------------

function linkQuery(db: Db) {
  return jiraProjectQuery(db)
    .innerJoin('project_jira_projects as l', 'l.jira_project_id', 'j.id')
    .select(['l.project_id', 'l.status as link_status', 'l.created_at as linked_at']);
}
export type LinkRow = Awaited<ReturnType<ReturnType<typeof linkQuery>['execute']>>[number];

export const listProjectLinks = (db: Db, projectId: string) =>
  linkQuery(db)
    .where('l.project_id', '=', projectId)
    .orderBy(sql`lower(j.name)`)
    .orderBy('j.id')
    .execute();

export const findLink = (db: Db, projectId: string, jiraProjectId: string) =>
  linkQuery(db).where('l.project_id', '=', projectId).where('j.id', '=', jiraProjectId).executeTakeFirst();

export async function insertLinks(
  db: Db,
  projectId: string,
  jiraProjectIds: readonly string[],
  createdBy: string | null,
): Promise<void> {
  await db
    .insertInto('project_jira_projects')
    .values(
      jiraProjectIds.map((id) => ({ project_id: projectId, jira_project_id: id, created_by: createdBy })),
    )
    .execute();
}

export async function updateLinkStatus(
  db: Db,
  projectId: string,
  jiraProjectId: string,
  status: ActiveStatus,
): Promise<void> {
  await db
    .updateTable('project_jira_projects')
    .set({ status, updated_at: new Date() })
    .where('project_id', '=', projectId)
    .where('jira_project_id', '=', jiraProjectId)
    .execute();
}

export async function deleteLink(db: Db, projectId: string, jiraProjectId: string): Promise<void> {
  await db
    .deleteFrom('project_jira_projects')
    .where('project_id', '=', projectId)
    .where('jira_project_id', '=', jiraProjectId)
    .execute();
}

/**
 * The synced Jira projects this project is not linked to, grouped by live connection: at most
 * `perConnection` of each (by name), with how many matched in all.
 */
export async function listUnlinked(
  db: Db,
  projectId: string,
  search: string | undefined,
  perConnection: number,
) {
  let inner = jiraProjectQuery(db)
    .select([
      sql<number>`row_number() over (partition by c.id order by lower(j.name), j.id)`.as('rank'),
      sql<number>`count(*) over (partition by c.id)::int`.as('matching'),
    ])
    .where('j.removed_at', 'is', null)
    .where('c.provider', '=', 'JIRA')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('project_jira_projects as l')
            .select('l.id')
            .whereRef('l.jira_project_id', '=', 'j.id')
            .where('l.project_id', '=', projectId),
        ),
      ),
    );
  if (search?.trim()) {
    const like = `%${escapeLike(search.trim())}%`;
    inner = inner.where((eb) => eb.or([eb('j.name', 'ilike', like), eb('j.key', 'ilike', like)]));
  }
  return db
    .selectFrom(inner.as('x'))
    .selectAll('x')
    .where('x.rank', '<=', perConnection)
    .orderBy(sql`lower(x.connection_name)`)
    .orderBy('x.connection_id')
    .orderBy('x.rank')
    .execute();
}

// ---- Issues, for work logs -------------------------------------------------------------------------

/** Links that give a project Jira tasks: active, to a live Jira project of an active Jira connection. */
function usableLinks(db: Db) {
  return db
    .selectFrom('project_jira_projects as l')
    .innerJoin('jira_projects as j', 'j.id', 'l.jira_project_id')
    .innerJoin('connections as c', 'c.id', 'j.connection_id')
    .where('l.status', '=', 'ACTIVE')
    .where('j.removed_at', 'is', null)
    .where('c.provider', '=', 'JIRA')
    .where('c.status', '=', 'ACTIVE')
    .where('c.deleted_at', 'is', null);
}

/** Of these projects, those with a usable link. */
export async function projectsWithJira(db: Db, projectIds: readonly string[]): Promise<Set<string>> {
  if (projectIds.length === 0) return new Set();
  const rows = await usableLinks(db)
    .select('l.project_id')
    .distinct()
    .where('l.project_id', 'in', [...projectIds])
    .execute();
  return new Set(rows.map((row) => row.project_id));
}

/** The synced, live issues with these keys in the project's usable Jira projects. */
export const findIssues = (db: Db, projectId: string, keys: readonly string[]) =>
  keys.length === 0
    ? Promise.resolve([])
    : usableLinks(db)
        .innerJoin('jira_issues as i', 'i.jira_project_id', 'j.id')
        .select(['i.key', 'i.connection_id'])
        .where('l.project_id', '=', projectId)
        .where('i.removed_at', 'is', null)
        .where('i.key', 'in', [...keys])
        .execute();

/** Issues of the project's usable Jira projects by key (prefix) or summary (words), keys first. */
export function searchIssues(db: Db, projectId: string, search: string, limit: number) {
  const text = search.trim();
  let query = usableLinks(db)
    .innerJoin('jira_issues as i', 'i.jira_project_id', 'j.id')
    .select(['i.key', 'i.summary', 'i.status', 'i.issue_updated_at'])
    .where('l.project_id', '=', projectId)
    .where('i.removed_at', 'is', null);
  if (text) {
    const like = escapeLike(text);
    query = query.where((eb) =>
      eb.or([eb('i.key', 'ilike', `${like}%`), eb('i.summary', 'ilike', `%${like}%`)]),
    );
  }
  return query
    .orderBy(sql`i.key ilike ${`${escapeLike(text)}%`}`, 'desc')
    .orderBy('i.issue_updated_at', (ob) => ob.desc().nullsLast())
    .orderBy('i.key')
    .limit(limit)
    .execute();
}
