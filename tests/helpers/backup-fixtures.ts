import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../../server/db/connect.ts';

/** Empty databases on the test server (restore targets), dropped by the returned function. */
export async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL!;
  const runId = process.env.TEST_PG_TEMPLATE!.replace(/^bo_tpl_/, '');
  const name = `bo_test_${runId}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/**
 * Every row of every table of the public schema, as text, sorted: two databases with the same state
 * give the same value. `skip` filters rows out (the audit events a backup or restore itself writes).
 */
export async function databaseState(url: string, skipAuditActions: RegExp = /^backup\./) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'
        and relname not like 'kysely_migration%' order by relname`,
    );
    const state: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const where = name === 'audit_events' ? `where not (action ~ '${skipAuditActions.source}')` : '';
      const rows = await client.query<{ row: string }>(
        `select t::text as row from public."${name}" t ${where} order by 1`,
      );
      state[name] = rows.rows.map((r) => r.row);
    }
    const migrations = await client.query<{ name: string }>(
      'select name from kysely_migration order by name',
    );
    return { state, migrations: migrations.rows.map((r) => r.name) };
  } finally {
    await client.end();
  }
}

/** Every file under a folder, with its content's hex digest stand-in (the bytes themselves, base64). */
export function folderState(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  let names: string[];
  try {
    names = readdirSync(root, { recursive: true }) as string[];
  } catch {
    return files;
  }
  for (const name of names.sort()) {
    const full = path.join(root, name);
    if (statSync(full).isFile())
      files[name.split(path.sep).join('/')] = readFileSync(full).toString('base64');
  }
  return files;
}

/** Uploaded files in a data folder's `files`, as the storage lays them out. */
export function writeUploads(dataDir: string, count: number, bytes = 4096): void {
  for (let i = 0; i < count; i++) {
    const folder = path.join(dataDir, 'files', 'users', `u${i % 3}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${randomBytes(8).toString('hex')}.pdf`), randomBytes(bytes));
  }
}

/** A few rows with awkward values (quotes, tabs, newlines, backslashes, Vietnamese) that COPY must keep. */
export async function awkwardRows(db: Db): Promise<void> {
  await sql`update users set address = ${'Số 1, "Đường"\tTab\nNew line \\ backslash'} where id = (select id from users order by id limit 1)`.execute(
    db,
  );
}
