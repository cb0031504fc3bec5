import t from 'tap';
import { testConfig } from '../helpers/build-app.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The job of server/domains/sso/sso.jobs.ts, run against a real database.

const database = await createTestDatabase();
t.teardown(() => database.drop());
const db = database.db;

t.test('sso.purge-expired deletes the provider rows past their expiry, nothing else', async (t) => {
  const row = (id: string, expiresAt: Date | null) => ({
    model: 'AccessToken',
    id,
    payload: JSON.stringify({ jti: id }),
    grant_id: null,
    uid: null,
    user_code: null,
    account_id: null,
    client_id: null,
    expires_at: expiresAt,
    consumed_at: null,
  });
  await db
    .insertInto('oidc_payloads')
    .values([
      row('expired', new Date(Date.now() - 60_000)),
      row('live', new Date(Date.now() + 60_000)),
      row('forever', null),
    ])
    .execute();

  t.same(await runJobHandler(db, testConfig(), 'sso.purge-expired'), { deleted: 1 });
  const left = await db.selectFrom('oidc_payloads').select('id').orderBy('id').execute();
  t.same(
    left.map((r) => r.id),
    ['forever', 'live'],
  );
  const audit = await auditOfJob(db, 'sso.purge-expired');
  t.same(
    audit.map((a) => [a.action, a.actor_label]),
    [['oidc_payload.purged', 'system']],
  );
  t.same(
    await runJobHandler(db, testConfig(), 'sso.purge-expired'),
    { deleted: 0 },
    'a second run finds nothing',
  );
});
