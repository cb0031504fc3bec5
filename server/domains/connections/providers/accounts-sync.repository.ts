import { sql } from 'kysely';
import type { Db } from '../../../db/connect.ts';
import type { AccountData, ChannelData, RepositoryData } from './accounts-snapshot.ts';

/**
 * The writes of the account-and-repository syncs, in bulk as the Jira sync does: rows passed as
 * arrays through unnest, one statement per few thousand rows; a row is updated only when a value
 * differs (`is distinct from`), and a row that came back after being removed is live again.
 * Notes and assignees are not columns of these statements: a sync cannot touch them.
 */

export interface Tally {
  added: number;
  changed: number;
}

const CHUNK = 5000;
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

async function tallyOf(parts: Array<Promise<{ rows: Array<{ inserted: boolean }> }>>): Promise<Tally> {
  const result: Tally = { added: 0, changed: 0 };
  for (const { rows } of await Promise.all(parts))
    for (const row of rows) result[row.inserted ? 'added' : 'changed']++;
  return result;
}

export function upsertAccounts(db: Db, connectionId: string, accounts: readonly AccountData[]) {
  return tallyOf(
    chunks(accounts).map((part) =>
      sql<{ inserted: boolean }>`
      insert into provider_accounts as t (connection_id, external_id, username, display_name, email, role, active)
      select ${connectionId}::uuid, u.* from unnest(
        ${part.map((a) => a.externalId)}::text[], ${part.map((a) => a.username)}::text[],
        ${part.map((a) => a.displayName)}::text[], ${part.map((a) => a.email)}::text[],
        ${part.map((a) => a.role)}::text[], ${part.map((a) => a.active)}::boolean[]) as u
      on conflict (connection_id, external_id) do update set
        username = excluded.username, display_name = excluded.display_name, email = excluded.email,
        role = excluded.role, active = excluded.active, removed_at = null, updated_at = now()
      where (t.username, t.display_name, t.email, t.role, t.active, t.removed_at)
        is distinct from (excluded.username, excluded.display_name, excluded.email, excluded.role, excluded.active, null)
      returning (xmax = 0) as inserted`.execute(db),
    ),
  );
}

export function upsertRepositories(db: Db, connectionId: string, repositories: readonly RepositoryData[]) {
  return tallyOf(
    chunks(repositories).map((part) =>
      sql<{ inserted: boolean }>`
      insert into git_repositories as t (connection_id, external_id, vcs_type, name, full_name, url, description, owner, upstream_created_at, collaborators)
      select ${connectionId}::uuid, u.external_id, u.vcs_type, u.name, u.full_name, u.url, u.description, u.owner, u.created, u.collaborators::jsonb
      from unnest(
        ${part.map((r) => r.externalId)}::text[], ${part.map((r) => r.vcsType)}::text[],
        ${part.map((r) => r.name)}::text[], ${part.map((r) => r.fullName)}::text[],
        ${part.map((r) => r.url)}::text[], ${part.map((r) => r.description)}::text[],
        ${part.map((r) => r.owner)}::text[], ${part.map((r) => r.createdAt)}::timestamptz[],
        ${part.map((r) => JSON.stringify(r.collaborators))}::text[])
        as u(external_id, vcs_type, name, full_name, url, description, owner, created, collaborators)
      on conflict (connection_id, external_id) do update set
        vcs_type = excluded.vcs_type, name = excluded.name, full_name = excluded.full_name, url = excluded.url,
        description = excluded.description, owner = excluded.owner, upstream_created_at = excluded.upstream_created_at,
        collaborators = excluded.collaborators, removed_at = null, updated_at = now()
      where (t.vcs_type, t.name, t.full_name, t.url, t.description, t.owner, t.upstream_created_at, t.collaborators, t.removed_at)
        is distinct from (excluded.vcs_type, excluded.name, excluded.full_name, excluded.url, excluded.description,
          excluded.owner, excluded.upstream_created_at, excluded.collaborators, null)
      returning (xmax = 0) as inserted`.execute(db),
    ),
  );
}

export function upsertChannels(db: Db, connectionId: string, channels: readonly ChannelData[]) {
  return tallyOf(
    chunks(channels).map((part) =>
      sql<{ inserted: boolean }>`
      insert into discord_channels as t (connection_id, external_id, name, channel_type, position)
      select ${connectionId}::uuid, u.* from unnest(
        ${part.map((c) => c.externalId)}::text[], ${part.map((c) => c.name)}::text[],
        ${part.map((c) => c.type)}::int[], ${part.map((c) => c.position)}::int[]) as u
      on conflict (connection_id, external_id) do update set
        name = excluded.name, channel_type = excluded.channel_type, position = excluded.position,
        removed_at = null, updated_at = now()
      where (t.name, t.channel_type, t.position, t.removed_at)
        is distinct from (excluded.name, excluded.channel_type, excluded.position, null)
      returning (xmax = 0) as inserted`.execute(db),
    ),
  );
}

/** Marks the connection's rows that did not come back as removed; answers how many. */
export async function markRemoved(
  db: Db,
  table: 'provider_accounts' | 'git_repositories' | 'discord_channels',
  connectionId: string,
  seen: readonly string[],
): Promise<number> {
  const result = await sql`update ${sql.table(table)} set removed_at = now(), updated_at = now()
    where connection_id = ${connectionId}::uuid and removed_at is null
      and not (external_id = any(${[...seen]}::text[]))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
