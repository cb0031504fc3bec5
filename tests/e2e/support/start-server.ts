/**
 * The server the end-to-end tests drive (started by playwright.config.ts as its webServer).
 * It clones the e2e database from the migrated template when it does not exist yet, then runs
 * server/main.ts in this process, exactly as `npm start` does, with a production configuration.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase } from '../../../server/db/connect.ts';
import { createUser } from '../../helpers/factories.ts';

const adminUrl = process.env.TEST_PG_ADMIN_URL;
const template = process.env.TEST_PG_TEMPLATE;
const name = process.env.E2E_DATABASE_NAME;
const url = process.env.E2E_DATABASE_URL;
if (!adminUrl || !template || !name || !url) {
  console.error('start-server: run the end-to-end tests with `npm run test:e2e`.');
  process.exit(2);
}

const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
let created = false;
try {
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) {
    await client.query(`create database "${name}" template "${template}"`);
    created = true;
  }
} finally {
  await client.end();
}
if (created) {
  // An administrator exists already, so the server does not make (and announce) a first one.
  const handle = connectDatabase(url, 1);
  await createUser(handle.db, { email: 'first-admin@e2e.test', builtInRoles: ['admin'] });
  await handle.destroy();
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-e2e-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

Object.assign(process.env, {
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
  HOST: '127.0.0.1',
  PORT: process.env.E2E_PORT || '3210',
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
  // Production keeps connection tokens only under a key of its own (32 bytes, hex).
  CONNECTIONS_KEY: 'e2e0000000000000000000000000000000000000000000000000000000000000',
  // Production checks passcodes only under a pepper from the environment (32 bytes, hex).
  SECRETS_PEPPER: 'e2e1111111111111111111111111111111111111111111111111111111111111',
  RUN_WORKER: 'false',
  // Every spec signs in from 127.0.0.1; the per-address limits are for the real world.
  RATE_LIMIT_PER_MINUTE: '100000',
});
delete process.env.PUBLIC_URL;
delete process.env.SMTP_URL;
delete process.env.BACKOFFICE_ADMIN_EMAIL;
delete process.env.BACKOFFICE_ADMIN_PASSWORD;

await import('../../../server/main.ts');
