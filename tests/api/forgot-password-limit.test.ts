import t from 'tap';
import { buildApp } from '../../server/app.ts';
import { RESET_MAILS_PER_EMAIL } from '../../server/domains/accounts/forgot-password.service.ts';
import { FORGOT_PASSWORD_LIMIT } from '../../server/domains/accounts/passwords.routes.ts';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { mailsTo } from './account-helpers.ts';

/**
 * Forgot-password mails someone, so its per-address bound is counted in PostgreSQL: two app
 * instances on one database (two replicas behind a load balancer) share the count, where the
 * in-memory limit of each would let the address through twice as often.
 */
t.test('two replicas share the forgot-password count of an address', async (t) => {
  const database = await createTestDatabase();
  const config = testConfig();
  const replicas = [
    await buildApp({ db: database.db, config, logger: false }),
    await buildApp({ db: database.db, config, logger: false }),
  ];
  t.teardown(async () => {
    for (const app of replicas) await app.close();
    await database.drop();
  });
  const known = await createUser(database.db);
  const ask = (replica: number, remoteAddress = '10.20.30.40') =>
    replicas[replica]!.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress,
      payload: { email: known.email },
    });

  const answers: number[] = [];
  // Alternating replicas: each one alone sees at most half the limit.
  for (let i = 0; i < FORGOT_PASSWORD_LIMIT.max; i++) answers.push((await ask(i % 2)).statusCode);
  t.same(answers, Array(FORGOT_PASSWORD_LIMIT.max).fill(202), 'up to the limit, across both');
  for (const replica of [0, 1]) {
    const refused = await ask(replica);
    t.equal(refused.statusCode, 429, `then refused by replica ${replica}`);
    t.match(refused.json(), { code: 'TOO_MANY_REQUESTS' });
    t.ok(Number(refused.headers['retry-after']) >= 1, 'with when to try again');
  }
  t.equal((await mailsTo(database.db, known.email)).length, FORGOT_PASSWORD_LIMIT.max, 'no mail past it');

  t.equal((await ask(1, '10.20.30.41')).statusCode, 202, 'another address has its own count');

  // A window that has passed starts the count again.
  await database.db
    .updateTable('rate_limit_counters')
    .set({ window_started_at: new Date(Date.now() - (FORGOT_PASSWORD_LIMIT.windowSeconds + 1) * 1000) })
    .execute();
  t.equal((await ask(0)).statusCode, 202, 'the next window');
});

t.test('one inbox gets at most the per-email number of reset mails, whoever asks', async (t) => {
  const database = await createTestDatabase();
  const app = await buildApp({ db: database.db, config: testConfig(), logger: false });
  t.teardown(async () => {
    await app.close();
    await database.drop();
  });
  const known = await createUser(database.db);
  const answers: number[] = [];
  // Each request from another address: the per-address limit never applies.
  for (let i = 0; i < RESET_MAILS_PER_EMAIL.max + 2; i++) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: `10.30.0.${i + 1}`,
      payload: { email: known.email.toUpperCase() },
    });
    answers.push(response.statusCode);
  }
  t.same(answers, Array(RESET_MAILS_PER_EMAIL.max + 2).fill(202), 'the same answer every time');
  t.equal((await mailsTo(database.db, known.email)).length, RESET_MAILS_PER_EMAIL.max, 'no mail past it');
  const refusals = await database.db
    .selectFrom('audit_events')
    .select('after')
    .where('action', '=', 'password.reset_refused')
    .execute();
  t.same(
    refusals.map((row) => row.after),
    [{ reason: 'too_many_for_this_email' }, { reason: 'too_many_for_this_email' }],
    'and each refusal is audited',
  );

  // Another inbox is not affected.
  const other = await createUser(database.db);
  await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress: '10.30.1.1',
    payload: { email: other.email },
  });
  t.equal((await mailsTo(database.db, other.email)).length, 1);
});
