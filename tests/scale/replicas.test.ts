import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import t from 'tap';
import { userRoom, type ServerMessage } from '../../shared/realtime.schemas.ts';
import { loadConfig } from '../../server/config.ts';
import { findFreePort } from '../../server/db/embedded.ts';
import { MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { spawnEntry, waitFor, type Spawned } from '../helpers/cli-process.ts';
import { documentForm, PDF } from '../helpers/document-factories.ts';
import { TestSocket } from '../helpers/realtime.ts';

/**
 * Two server replicas and two workers, each its own process as `npm start` / `npm run worker` run
 * them, on one PostgreSQL and one S3-compatible bucket (s3rver, started here). All four start at
 * the same moment on an EMPTY database, so the start-up itself (migrations, permission catalog,
 * first administrator) is proven safe to race. Processes start once; every case below uses them.
 *
 * Files: the replicas get FILE_STORAGE=s3 and the bucket. A build whose configuration knows
 * FILE_STORAGE (the S3 driver) gets two different DATA_DIRs, so a file can only travel between
 * the replicas through the bucket, and the test checks the object is there. A build without the
 * driver ignores those variables; its replicas then share one DATA_DIR, as two containers sharing
 * a volume would, and the test proves the download through the other replica only.
 */
t.setTimeout(420_000);

const ADMIN = { email: 'replicas-admin@example.com', password: 'Replicas-Passw0rd!' };
const BUCKET = 'backoffice-files';
const adminUrl = process.env.TEST_PG_ADMIN_URL;
const template = process.env.TEST_PG_TEMPLATE;
if (!adminUrl || !template) throw new Error('run with scripts/with-test-database.ts (npm run test:unit)');
// Named like the per-file databases, so the runner drops it should this file crash.
const databaseName = `bo_test_${template.replace(/^bo_tpl_/, '')}_replicas`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();

const work = mkdtempSync(path.join(os.tmpdir(), 'bo-replicas-'));
const children: Spawned[] = [];
const sockets: TestSocket[] = [];
let s3: S3rver | null = null;

async function admin<T>(query: (client: pg.Client) => Promise<T>, url = adminUrl!): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await query(client);
  } finally {
    await client.end();
  }
}
const sqlRows = async <T>(text: string, values: unknown[] = []) =>
  admin(async (c) => (await c.query(text, values)).rows as T[], databaseUrl);

t.teardown(async () => {
  for (const socket of sockets) socket.close();
  for (const { child } of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.race([
    Promise.all(children.map((c) => c.finished)),
    new Promise((resolve) => setTimeout(resolve, 20_000)),
  ]);
  for (const { child } of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await s3?.close();
  await admin((c) => c.query(`drop database if exists "${databaseName}" with (force)`)).catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

await admin((c) => c.query(`create database "${databaseName}"`)); // empty: the processes migrate it
s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: path.join(work, 's3rver'),
  configureBuckets: [{ name: BUCKET, configs: [] }],
});
const s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
const storageEnv = {
  FILE_STORAGE: 's3',
  FILE_STORAGE_S3_BUCKET: BUCKET,
  FILE_STORAGE_S3_REGION: 'us-east-1',
  FILE_STORAGE_S3_ENDPOINT: s3Endpoint,
  FILE_STORAGE_S3_FORCE_PATH_STYLE: 'true',
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
};
// Whether this build has the S3 driver: its configuration then keeps FILE_STORAGE.
const s3Driver = (loadConfig(storageEnv) as unknown as Record<string, unknown>).FILE_STORAGE === 's3';
const sharedEnv = {
  DATABASE_URL: databaseUrl,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  RUN_WORKER: 'false',
  DATABASE_POOL_SIZE: '4',
  JWT_SECRET: 'replicas-secret-that-is-long-enough-for-hs256',
  BACKOFFICE_ADMIN_EMAIL: ADMIN.email,
  BACKOFFICE_ADMIN_PASSWORD: ADMIN.password,
  ...storageEnv,
};

const [portA, portB] = [await findFreePort(), await findFreePort()];
const dataDir = (name: string) => path.join(work, s3Driver ? name : 'shared-data');
function start(entry: string, env: Record<string, string>) {
  const spawned = spawnEntry(entry, [], { ...sharedEnv, ...env });
  children.push(spawned);
  return spawned;
}
// All four at once, on the empty database.
const serverA = start('server/main.ts', { PORT: String(portA), DATA_DIR: dataDir('a'), LOG_LEVEL: 'warn' });
const serverB = start('server/main.ts', { PORT: String(portB), DATA_DIR: dataDir('b'), LOG_LEVEL: 'warn' });
// The workers log each job they finish ("job done"): the count of handler runs.
const workers = [
  start('worker/run.ts', { DATA_DIR: dataDir('w1'), LOG_LEVEL: 'info' }),
  start('worker/run.ts', { DATA_DIR: dataDir('w2'), LOG_LEVEL: 'info' }),
];

const urlA = (route: string) => `http://127.0.0.1:${portA}${route}`;
const urlB = (route: string) => `http://127.0.0.1:${portB}${route}`;
async function ready(server: Spawned, url: (route: string) => string) {
  await waitFor(
    `the server on ${url('')} to be ready`,
    async () => {
      if (server.child.exitCode !== null) throw new Error(`a server ended: ${server.output().stderr}`);
      return (await fetch(url('/readyz')).catch(() => null))?.status === 200;
    },
    240_000,
    250,
  );
}
await Promise.all([ready(serverA, urlA), ready(serverB, urlB)]);
for (const worker of workers) {
  await waitFor(
    'a worker to start',
    () => {
      if (worker.child.exitCode !== null) throw new Error(`a worker ended: ${worker.output().stderr}`);
      return worker.output().stdout.includes('worker started');
    },
    240_000,
    250,
  );
}

async function json<T>(response: Response | Promise<Response>, status: number): Promise<T> {
  const answered = await response;
  const body = await answered.text();
  if (answered.status !== status) throw new Error(`expected ${status}, got ${answered.status}: ${body}`);
  return (body ? JSON.parse(body) : null) as T;
}
const signIn = (url: (route: string) => string) =>
  json<{ accessToken: string; user: { id: string } }>(
    fetch(url('/api/auth/sign-in'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }),
    200,
  );
const session = await signIn(urlA);
const auth = { authorization: `Bearer ${session.accessToken}` };

t.test('four processes starting together on an empty database migrate it once', async (t) => {
  const files = readdirSync(MIGRATIONS_DIR).filter(
    (name) => /\.(ts|js)$/.test(name) && !name.endsWith('.d.ts'),
  );
  const applied = await sqlRows<{ name: string }>('select name from kysely_migration');
  t.equal(applied.length, files.length, 'every migration applied');
  t.equal(new Set(applied.map((row) => row.name)).size, applied.length, 'each one once');
  const admins = await sqlRows<{ email: string }>(`select email from users`);
  t.same(admins, [{ email: ADMIN.email }], 'one first administrator, not one per replica');
});

t.test('signed in on one replica, the person works on the other', async (t) => {
  const me = await json<{ id: string; email: string }>(fetch(urlB('/api/auth/me'), { headers: auth }), 200);
  t.match(me, { email: ADMIN.email });
  const departments = await fetch(urlB('/api/departments'), { headers: auth });
  t.equal(departments.status, 200, 'an authorized call answered by the other replica');
  const signedOut = await fetch(urlB('/api/auth/me'), { headers: { authorization: 'Bearer nonsense' } });
  t.equal(signedOut.status, 401, 'and a bad token is refused there');
});

t.test('a file uploaded through one replica is downloaded through the other', async (t) => {
  const form = documentForm({
    title: 'Replicated handbook',
    category: 'POLICY',
    visibility: 'EVERYONE',
    requiresAcknowledgement: 'false',
  });
  const created = await json<{ id: string }>(
    fetch(urlA('/api/documents'), {
      method: 'POST',
      headers: { ...auth, ...form.headers },
      body: form.payload,
    }),
    201,
  );
  const download = await fetch(urlB(`/api/documents/${created.id}/file?download=true`), { headers: auth });
  t.equal(download.status, 200);
  t.same(Buffer.from(await download.arrayBuffer()), PDF, 'the same bytes');

  const client = new S3Client({
    endpoint: s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const objects = (await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [];
  client.destroy();
  if (s3Driver) {
    t.ok(objects.length > 0, 'the file is in the bucket');
    t.not(dataDir('a'), dataDir('b'), 'the replicas share no folder: only the bucket');
  } else {
    t.comment('no S3 driver in this build: the replicas share one DATA_DIR for files');
    t.equal(objects.length, 0, 'nothing went to the bucket');
  }
});

t.test('an announcement made on one replica reaches sockets on both', async (t) => {
  const socketUrl = (port: number) =>
    `ws://127.0.0.1:${port}/api/realtime?token=${encodeURIComponent(session.accessToken)}`;
  const onA = await TestSocket.connect(socketUrl(portA));
  const onB = await TestSocket.connect(socketUrl(portB));
  sockets.push(onA, onB);
  await onA.join(userRoom(session.user.id));
  await onB.join(userRoom(session.user.id));
  await json(
    fetch(urlA('/api/notifications/announcements'), {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Deploy at 6 pm', toAll: true }),
    }),
    201,
  );
  const pushed = (m: ServerMessage) => m.event === 'activity-notification';
  t.match(await onA.next(pushed), { data: { type: 'ANNOUNCEMENT', data: { message: 'Deploy at 6 pm' } } });
  t.match(await onB.next(pushed), { data: { type: 'ANNOUNCEMENT', data: { message: 'Deploy at 6 pm' } } });
});

t.test('a scheduled job runs once per occurrence, not once per worker', async (t) => {
  // mail.deliver is scheduled every minute; both workers run the cron pass.
  const ranIds = () =>
    workers.flatMap((worker) =>
      worker
        .output()
        .stdout.split('\n')
        .filter((line) => line.includes('"job done"') && line.includes('"mail.deliver"'))
        .map((line) => (JSON.parse(line) as { id: string }).id),
    );
  await waitFor('mail.deliver to run', () => ranIds().length >= 1, 150_000, 500);
  const ids = ranIds();
  t.equal(new Set(ids).size, ids.length, `each job ran in one worker (${ids.length} run)`);
  // Read before the occurrences, which only grow: a later job has its occurrence counted.
  const jobs = await sqlRows<{ id: string }>(`select id from pgboss.job where name = 'mail.deliver'`);
  // Each cron pass forwards an occurrence through pg-boss's send-it queue, filed by its slot.
  const forwarded = await sqlRows<{ name: string; slot: string; jobs: number }>(
    `select data->>'name' as name, data->>'slot' as slot, count(*)::int as jobs from pgboss.job
      where name = '__pgboss__send-it' group by 1, 2`,
  );
  const occurrences = forwarded.filter((row) => row.name === 'mail.deliver').length;
  t.ok(occurrences >= 1, `${occurrences} occurrence(s) of mail.deliver forwarded`);
  const doubled = forwarded.filter((row) => row.jobs > 1);
  t.ok(jobs.length <= occurrences, `${jobs.length} mail.deliver job(s): at most one per occurrence`);
  t.ok(ids.length <= jobs.length, 'each run was one of those jobs');
  t.same(doubled, [], 'no scheduled occurrence was sent twice, for any job');
});

t.test('a replica killed mid-request loses no committed write; the other keeps serving', async (t) => {
  const acknowledged: string[] = [];
  const unanswered: string[] = [];
  let next = 0;
  let killed = false;
  async function writer() {
    while (!killed || next < 12) {
      const name = `Kill test ${next++}`;
      try {
        await json(
          fetch(urlA('/api/departments'), {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ name }),
          }),
          201,
        );
        acknowledged.push(name);
      } catch {
        unanswered.push(name);
        return; // the replica is gone
      }
    }
  }
  const writers = Array.from({ length: 6 }, () => writer());
  await waitFor('some writes to be answered', () => acknowledged.length >= 6, 60_000, 5);
  serverA.child.kill('SIGKILL');
  killed = true;
  await Promise.all(writers);
  t.ok(unanswered.length > 0, `${unanswered.length} requests lost their answer with the replica`);

  const stored = await sqlRows<{ name: string; audited: boolean }>(
    `select d.name, exists (select 1 from audit_events a
       where a.action = 'department.created' and a.entity_id = d.id::text) as audited
       from departments d where d.name like 'Kill test %'`,
  );
  const names = stored.map((row) => row.name);
  for (const name of acknowledged) t.ok(names.includes(name), `answered write "${name}" is stored`);
  t.equal(new Set(names).size, names.length, 'no write stored twice');
  t.ok(
    stored.every((row) => row.audited),
    'every stored write has its audit event (committed whole or not at all)',
  );

  const listed = await json<{ items: Array<{ name: string }> }>(
    fetch(urlB('/api/departments?search=Kill%20test&perPage=100'), { headers: auth }),
    200,
  );
  t.same(listed.items.map((d) => d.name).sort(), [...names].sort(), 'the other replica serves them');
  await json(
    fetch(urlB('/api/departments'), {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Written after the kill' }),
    }),
    201,
  );
  t.equal((await fetch(urlB('/readyz'))).status, 200, 'the other replica is ready');
});
