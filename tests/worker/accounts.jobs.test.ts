import { sql } from 'kysely';
import t from 'tap';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The jobs of server/domains/accounts/accounts.jobs.ts, each run once against a real database.

const database = await createTestDatabase();
t.teardown(() => database.drop());
const db = database.db;
const config = testConfig();

const ago = (minutes: number) => sql<Date>`now() - make_interval(mins => ${minutes})`;
const DAY = 24 * 60;

t.test('auth.purge-expired-sessions deletes ended sessions and old sign-in failures', async (t) => {
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
        token_hash: `purge-${label}`,
        expires_at: expiresAt,
        revoked_at: revokedAt,
        last_used_at: new Date(),
      })
      .execute();
  await session('expired-long-ago', ago(3 * DAY), null);
  await session('revoked-long-ago', ago(-10 * DAY), ago(2 * DAY));
  await session('expired-recently', ago(120), null);
  await session('live', ago(-10 * DAY), null);
  await db
    .insertInto('sign_in_failures')
    .values([
      { email: 'old@example.com', ip: null, occurred_at: ago(3 * 60) },
      { email: 'recent@example.com', ip: null, occurred_at: ago(1) },
    ])
    .execute();

  const result = await runJobHandler(db, config, 'auth.purge-expired-sessions');
  t.same(result, { sessions: 2, failures: 1 });

  const left = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('token_hash', 'like', 'purge-%')
    .orderBy('token_hash')
    .execute();
  t.same(
    left.map((s) => s.token_hash),
    ['purge-expired-recently', 'purge-live'],
  );
  const failures = await db.selectFrom('sign_in_failures').select('email').execute();
  t.same(
    failures.map((f) => f.email),
    ['recent@example.com'],
  );
  const audit = await auditOfJob(db, 'auth.purge-expired-sessions');
  t.match(audit, [
    {
      action: 'auth.sessions_purged',
      actor_id: null,
      actor_label: 'system',
      after: { sessions: 2, failures: 1 },
    },
  ]);

  t.same(await runJobHandler(db, config, 'auth.purge-expired-sessions'), { sessions: 0, failures: 0 });
  t.equal((await auditOfJob(db, 'auth.purge-expired-sessions')).length, 1, 'nothing purged, nothing audited');
});

t.test('two-factor.purge-challenges deletes challenges that ended over an hour ago', async (t) => {
  const user = await createUser(db);
  await db
    .insertInto('two_factor_challenges')
    .values([
      { user_id: user.id, token_hash: 'challenge-old', expires_at: ago(2 * 60) },
      { user_id: user.id, token_hash: 'challenge-recent', expires_at: ago(30) },
      { user_id: user.id, token_hash: 'challenge-live', expires_at: ago(-5) },
    ])
    .execute();

  t.same(await runJobHandler(db, config, 'two-factor.purge-challenges'), { challenges: 1 });

  const left = await db
    .selectFrom('two_factor_challenges')
    .select('token_hash')
    .where('user_id', '=', user.id)
    .orderBy('token_hash')
    .execute();
  t.same(
    left.map((c) => c.token_hash),
    ['challenge-live', 'challenge-recent'],
  );
  t.match(await auditOfJob(db, 'two-factor.purge-challenges'), [
    { action: 'two-factor.challenges_purged', actor_label: 'system', after: { challenges: 1 } },
  ]);
});

t.test('passwords.expiry-reminders reminds once per password, by mail and in the bell', async (t) => {
  // The policy this test relies on, whatever another test left: 90 days, reminded 14 days ahead.
  await db
    .deleteFrom('app_settings')
    .where('key', 'in', ['password.max_age_days', 'password.reminder_days'])
    .execute();
  const expiring = await createUser(db, { language: 'vi' });
  const fresh = await createUser(db);
  const expired = await createUser(db);
  const age = (id: string, days: number) =>
    db
      .updateTable('users')
      .set({ password_changed_at: ago(days * DAY) })
      .where('id', '=', id)
      .execute();
  await age(expiring.id, 85);
  await age(expired.id, 120);

  t.same(await runJobHandler(db, config, 'passwords.expiry-reminders'), { reminded: 1 });

  const mails = await db
    .selectFrom('mail_outbox')
    .select(['to_email', 'template', 'subject'])
    .where('to_email', 'in', [expiring.email, fresh.email, expired.email])
    .execute();
  t.same(mails, [
    {
      to_email: expiring.email,
      template: 'password-expiring',
      subject: 'Mật khẩu Backoffice của bạn sẽ hết hạn sau 5 ngày',
    },
  ]);
  const bell = await db.selectFrom('notifications').select(['user_id', 'type']).execute();
  t.same(bell, [{ user_id: expiring.id, type: 'PASSWORD_EXPIRING' }]);
  const reminded = await db
    .selectFrom('users')
    .select('password_expiry_reminded_at')
    .where('id', '=', expiring.id)
    .executeTakeFirstOrThrow();
  t.ok(reminded.password_expiry_reminded_at, 'the reminder is marked on the account');
  t.match(await auditOfJob(db, 'passwords.expiry-reminders'), [
    {
      action: 'password.expiry_reminded',
      actor_label: 'system',
      entity_id: expiring.id,
      subject_id: expiring.id,
      subject_label: expiring.email,
    },
  ]);

  t.same(await runJobHandler(db, config, 'passwords.expiry-reminders'), { reminded: 0 }, 'not twice');
});

t.test('passwords.expiry-reminders does nothing while passwords never expire', async (t) => {
  await db
    .insertInto('app_settings')
    .values({ key: 'password.max_age_days', value: JSON.stringify(0) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(0) }))
    .execute();
  t.teardown(() => db.deleteFrom('app_settings').where('key', '=', 'password.max_age_days').execute());
  const user = await createUser(db);
  await db
    .updateTable('users')
    .set({ password_changed_at: ago(85 * DAY) })
    .where('id', '=', user.id)
    .execute();
  t.same(await runJobHandler(db, config, 'passwords.expiry-reminders'), { reminded: 0 });
  const mails = await db.selectFrom('mail_outbox').select('id').where('to_email', '=', user.email).execute();
  t.equal(mails.length, 0);
});
