import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect.ts';

/**
 * A fresh database for one test file, cloned from the migrated template that
 * scripts/with-test-database.ts prepared. Dropped when `drop()` is called.
 */
export interface TestDatabase extends DatabaseHandle {
  name: string;
  drop(): Promise<void>;
}

function settings() {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  const template = process.env.TEST_PG_TEMPLATE;
  if (!adminUrl || !template) {
    throw new Error(
      'Tests need a database: run them with `npm run test:unit` (or `npm run test:unit -- tests/api/x.test.ts`).',
    );
  }
  return { adminUrl, template, runId: template.replace(/^bo_tpl_/, '') };
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database cloned from the migrated template. Tests use a small pool (five connections, many
 * files run at once); benchmarks ask for the production default so the app is measured as it runs.
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const { adminUrl, template, runId } = settings();
  const name = `bo_test_${runId}_${randomBytes(4).toString('hex')}`;
  // Two files cloning the template at the same moment can collide; try again briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdmin(adminUrl, (c) => c.query(`create database "${name}" template "${template}"`));
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), options.poolSize ?? 5);
  return {
    ...handle,
    name,
    async drop() {
      await handle.destroy();
      await withAdmin(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
