/**
 * Runs a test command against a real PostgreSQL: the server of DATABASE_URL when it is set,
 * otherwise an embedded one in a temporary folder. It creates a migrated template database once;
 * each test file then clones its own database from it (tests/helpers/test-database.ts).
 *
 *   node --import tsx scripts/with-test-database.ts <command> [args…]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase } from '../server/db/connect.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../server/db/embedded.ts';
import { prepareDatabase } from '../server/db/open.ts';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: with-test-database <command> [args…]');
  process.exit(2);
}

const log = { info: () => {}, warn: (message: string) => console.warn(message) };
const runId = `${process.pid}_${Date.now().toString(36)}`;
const templateName = `bo_tpl_${runId}`;

let embedded: EmbeddedDatabase | null = null;
let tempDir: string | null = null;
let adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  // /tmp is enterable by the postgres user; a folder in root's home would not be.
  tempDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-'));
  embedded = await startEmbeddedPostgres(tempDir, 15432, log);
  adminUrl = embedded.serverUrl;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

let exitCode = 1;
try {
  await admin((c) => c.query(`create database "${templateName}"`));
  const template = connectDatabase(databaseUrl(templateName), 2);
  await prepareDatabase(template, log);
  await template.destroy();

  exitCode = await new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      shell: process.platform === 'win32',
      env: { ...process.env, TEST_PG_ADMIN_URL: adminUrl, TEST_PG_TEMPLATE: templateName, DATABASE_URL: '' },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  });
} catch (error) {
  console.error(error);
} finally {
  // Databases this run made (template and leftovers of crashed test files) are dropped.
  await admin(async (c) => {
    const rows = await c.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [templateName, `bo_test_${runId}%`],
    );
    for (const row of rows.rows) await c.query(`drop database if exists "${row.datname}" with (force)`);
  }).catch(() => {});
  await embedded?.stop();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
process.exit(exitCode);
