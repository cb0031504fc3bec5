import { sql } from 'kysely';
import t from 'tap';
import type { PgBoss } from 'pg-boss';
import { insertMail } from '../../server/domains/mail/mail.repository.ts';
import { startWorker, type RunningWorker } from '../../worker/main.ts';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const database = await createTestDatabase();
const db = database.db;
const errors: unknown[] = [];
const quiet = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => void errors.push(args) };

t.teardown(() => database.drop());
const worker: RunningWorker = await startWorker({
  db,
  databaseUrl: database.url,
  config: testConfig(),
  log: quiet,
});
// Teardowns run last-registered first: the worker stops before its database is dropped.
t.teardown(() => worker.stop());
const boss: PgBoss = worker.boss;

/** Sends a job to the running worker and waits (at most about 20 s) until it has finished. */
async function runJob(name: string): Promise<string> {
  const id = await boss.send(name);
  if (!id) throw new Error(`${name} was not queued`);
  for (let waited = 0; waited < 20_000; waited += 200) {
    const job = await boss.getJobById(name, id);
    if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job.state;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return 'still running';
}

const ago = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;
const ahead = (days: number) => sql<Date>`now() + make_interval(days => ${days})`;

t.test('auth.purge-expired-sessions deletes sessions ended over a day ago, keeps the others', async (t) => {
  const user = await createUser(db);
  const session = (
    label: string,
    expiresAt: ReturnType<typeof ago>,
    revokedAt: ReturnType<typeof ago> | null,
  ) =>
    db
      .insertInto('sessions')
      .values({
        user_id: user.id,
        token_hash: `hash-${label}`,
        expires_at: expiresAt,
        revoked_at: revokedAt,
        last_used_at: new Date(),
      })
      .returning('token_hash')
      .executeTakeFirstOrThrow();
  await session('expired-long-ago', ago(3), null);
  await session('revoked-long-ago', ahead(10), ago(2));
  await session('expired-recently', sql<Date>`now() - interval '2 hours'`, null);
  await session('live', ahead(10), null);

  t.equal(await runJob('auth.purge-expired-sessions'), 'completed');

  const left = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('user_id', '=', user.id)
    .orderBy('token_hash')
    .execute();
  t.same(
    left.map((s) => s.token_hash),
    ['hash-expired-recently', 'hash-live'],
  );
  const audit = await db
    .selectFrom('audit_events')
    .select(['actor_label', 'after'])
    .where('action', '=', 'auth.sessions_purged')
    .execute();
  t.equal(audit.length, 1, 'the purge is audited');
  t.equal(audit[0]?.actor_label, 'system');
});

t.test('mail.deliver keeps queued mail in the outbox when SMTP_URL is unset', async (t) => {
  const id = await insertMail(db, {
    to_email: 'someone@example.com',
    subject: 'Hello',
    text_body: 'Hello',
    html_body: null,
    template: 'test',
    language: 'en',
  });
  t.equal(await runJob('mail.deliver'), 'completed');
  const mail = await db
    .selectFrom('mail_outbox')
    .select(['status', 'attempts', 'sent_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  t.same(mail, { status: 'KEPT', attempts: 1, sent_at: null });
});

t.test('no job reported an error', async (t) => {
  t.same(errors, []);
});
