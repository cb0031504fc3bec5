import t from 'tap';
import { RESET_MAILS_PER_EMAIL } from '../../server/domains/accounts/forgot-password.service.ts';
import { FORGOT_PASSWORD_ANSWER_MS } from '../../server/domains/accounts/passwords.routes.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { mailsTo } from './account-helpers.ts';

/**
 * Forgot-password takes the same time for a known and an unknown address, so timing it tells nobody
 * who has an account. Loose on purpose (a busy machine adds noise to both): every answer within a
 * band above the fixed duration, and the medians of the two kinds close together.
 */
t.test('known and unknown addresses are answered after the same time', async (t) => {
  const { db, inject } = await buildTestApp(t);
  const known = await createUser(db);
  let address = 0;
  const timed = async (email: string) => {
    const started = performance.now();
    const response = await inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      // 5 calls a minute per address: each call from its own.
      remoteAddress: `10.9.${Math.floor(address / 250)}.${address++ % 250}`,
      payload: { email },
    });
    t.equal(response.statusCode, 202);
    return performance.now() - started;
  };

  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  for (let i = 0; i < 6; i++) {
    knownTimes.push(await timed(known.email));
    unknownTimes.push(await timed(`nobody-${i}@example.com`));
  }
  for (const ms of [...knownTimes, ...unknownTimes]) {
    t.ok(ms >= FORGOT_PASSWORD_ANSWER_MS - 5, `answered after ${Math.round(ms)} ms, not sooner`);
    t.ok(ms < FORGOT_PASSWORD_ANSWER_MS + 1_500, `answered after ${Math.round(ms)} ms, not much later`);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const difference = Math.abs(median(knownTimes) - median(unknownTimes));
  t.ok(
    difference < 60,
    `medians ${Math.round(median(knownTimes))} and ${Math.round(median(unknownTimes))} ms`,
  );
  // Six asks, five mails: the sixth is past the per-inbox limit, answered after the same time too.
  t.equal(
    (await mailsTo(db, known.email)).length,
    RESET_MAILS_PER_EMAIL.max,
    'the known address got its mails, up to its limit',
  );
});
