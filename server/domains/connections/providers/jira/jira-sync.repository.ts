import { sql } from 'kysely';
import type { Db } from '../../../../db/connect.ts';
import type { JiraIssueData, JiraProjectData, JiraUserData } from './jira-client.ts';

/**
 * The writes of a Jira sync, in bulk: one statement per table for the upserts (rows passed as
 * arrays through unnest), one for what is gone upstream. An upsert changes a row only when a value
 * differs (`is distinct from`), so a second run with the same data writes nothing; a row that came
 * back after being marked removed is live again. Notes and assignees are never touched.
 */

export interface Tally {
  added: number;
  changed: number;
}

const tally = (rows: Array<{ inserted: boolean }>): Tally => ({
  added: rows.filter((row) => row.inserted).length,
  changed: rows.filter((row) => !row.inserted).length,
});

const CHUNK = 5000;
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The keys of this connection's Jira projects that an active link ties to a project (their issues are synced). */
export async function listLinkedProjectKeys(db: Db, connectionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('jira_projects as j')
    .select('j.key')
    .where('j.connection_id', '=', connectionId)
    .where('j.removed_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('project_jira_projects as l')
          .innerJoin('projects as p', 'p.id', 'l.project_id')
          .select('l.id')
          .whereRef('l.jira_project_id', '=', 'j.id')
          .where('l.status', '=', 'ACTIVE')
          .where('p.deleted_at', 'is', null),
      ),
    )
    .orderBy('j.key')
    .execute();
  return rows.map((row) => row.key);
}

export async function upsertProjects(db: Db, connectionId: string, projects: readonly JiraProjectData[]) {
  const result: Tally = { added: 0, changed: 0 };
  for (const part of chunks(projects)) {
    const { rows } = await sql<{ inserted: boolean }>`
      insert into jira_projects as t (connection_id, external_id, key, name, lead_account_id, lead_name, total_issues)
      select ${connectionId}::uuid, u.* from unnest(
        ${part.map((p) => p.externalId)}::text[], ${part.map((p) => p.key)}::text[],
        ${part.map((p) => p.name)}::text[], ${part.map((p) => p.leadAccountId)}::text[],
        ${part.map((p) => p.leadName)}::text[], ${part.map((p) => p.totalIssues)}::int[]) as u
      on conflict (connection_id, external_id) do update set
        key = excluded.key, name = excluded.name, lead_account_id = excluded.lead_account_id,
        lead_name = excluded.lead_name, total_issues = excluded.total_issues, removed_at = null, updated_at = now()
      where (t.key, t.name, t.lead_account_id, t.lead_name, t.total_issues, t.removed_at)
        is distinct from (excluded.key, excluded.name, excluded.lead_account_id, excluded.lead_name, excluded.total_issues, null)
      returning (xmax = 0) as inserted`.execute(db);
    const part_ = tally(rows);
    result.added += part_.added;
    result.changed += part_.changed;
  }
  return result;
}

export async function upsertAccounts(db: Db, connectionId: string, users: readonly JiraUserData[]) {
  const result: Tally = { added: 0, changed: 0 };
  for (const part of chunks(users)) {
    const { rows } = await sql<{ inserted: boolean }>`
      insert into jira_accounts as t (connection_id, account_id, display_name, email, active)
      select ${connectionId}::uuid, u.* from unnest(
        ${part.map((u) => u.accountId)}::text[], ${part.map((u) => u.displayName)}::text[],
        ${part.map((u) => u.email)}::text[], ${part.map((u) => u.active)}::boolean[]) as u
      on conflict (connection_id, account_id) do update set
        display_name = excluded.display_name, email = excluded.email, active = excluded.active,
        removed_at = null, updated_at = now()
      where (t.display_name, t.email, t.active, t.removed_at)
        is distinct from (excluded.display_name, excluded.email, excluded.active, null)
      returning (xmax = 0) as inserted`.execute(db);
    const part_ = tally(rows);
    result.added += part_.added;
    result.changed += part_.changed;
  }
  return result;
}

/** Issues of known projects only (an issue of a project this connection has not synced is skipped). */
export async function upsertIssues(db: Db, connectionId: string, issues: readonly JiraIssueData[]) {
  const result: Tally = { added: 0, changed: 0 };
  for (const part of chunks(issues)) {
    const { rows } = await sql<{ inserted: boolean }>`
      insert into jira_issues as t (connection_id, jira_project_id, external_id, key, summary, status, issue_updated_at)
      select ${connectionId}::uuid, p.id, u.external_id, u.key, u.summary, u.status, u.updated
      from unnest(
        ${part.map((i) => i.externalId)}::text[], ${part.map((i) => i.projectExternalId)}::text[],
        ${part.map((i) => i.key)}::text[], ${part.map((i) => i.summary)}::text[],
        ${part.map((i) => i.status)}::text[], ${part.map((i) => i.updatedAt)}::timestamptz[])
        as u(external_id, project_external_id, key, summary, status, updated)
      join jira_projects p on p.connection_id = ${connectionId}::uuid and p.external_id = u.project_external_id
      on conflict (connection_id, external_id) do update set
        jira_project_id = excluded.jira_project_id, key = excluded.key, summary = excluded.summary,
        status = excluded.status, issue_updated_at = excluded.issue_updated_at, removed_at = null, updated_at = now()
      where (t.jira_project_id, t.key, t.summary, t.status, t.issue_updated_at, t.removed_at)
        is distinct from (excluded.jira_project_id, excluded.key, excluded.summary, excluded.status, excluded.issue_updated_at, null)
      returning (xmax = 0) as inserted`.execute(db);
    const part_ = tally(rows);
    result.added += part_.added;
    result.changed += part_.changed;
  }
  return result;
}

/** Marks the connection's projects that did not come back as removed; answers how many. */
export async function markProjectsRemoved(db: Db, connectionId: string, seen: readonly string[]) {
  const result = await sql`update jira_projects set removed_at = now(), updated_at = now()
    where connection_id = ${connectionId}::uuid and removed_at is null
      and not (external_id = any(${[...seen]}::text[]))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function markAccountsRemoved(db: Db, connectionId: string, seen: readonly string[]) {
  const result = await sql`update jira_accounts set removed_at = now(), updated_at = now()
    where connection_id = ${connectionId}::uuid and removed_at is null
      and not (account_id = any(${[...seen]}::text[]))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Issues of the projects whose issues were read whole this run, that did not come back. */
export async function markIssuesRemoved(
  db: Db,
  connectionId: string,
  projectKeys: readonly string[],
  seen: readonly string[],
) {
  if (projectKeys.length === 0) return 0;
  const result = await sql`update jira_issues i set removed_at = now(), updated_at = now()
    from jira_projects p
    where p.id = i.jira_project_id and p.connection_id = ${connectionId}::uuid
      and p.key = any(${[...projectKeys]}::text[])
      and i.removed_at is null and not (i.external_id = any(${[...seen]}::text[]))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
