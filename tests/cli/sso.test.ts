import t from 'tap';
import { runCli } from '../helpers/cli.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// `backoffice sso rotate-keys`, spawned for real: a new key, encrypted, the oldest retired past two.
t.setTimeout(300_000);

const database = await createTestDatabase();
t.teardown(() => database.drop());
const db = database.db;
const env = { CONNECTIONS_KEY: 'c'.repeat(64) };

t.test('rotate-keys adds an encrypted key and keeps the two newest live', async (t) => {
  const kids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const run = await runCli(database.url, ['sso', 'rotate-keys', '--json'], { env });
    t.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout) as { kid: string; retired: string[] };
    kids.push(result.kid);
    if (i === 2) t.same(result.retired, [kids[0]], 'the third rotation retires the first key');
  }
  const rows = await db.selectFrom('oidc_signing_keys').selectAll().orderBy('created_at').execute();
  t.equal(rows.length, 3);
  t.same(
    rows.filter((r) => !r.retired_at).map((r) => r.kid),
    kids.slice(1),
  );
  t.notOk(
    rows.some((r) => r.key_ciphertext.includes('"d"')),
    'the private keys are not stored in clear',
  );

  const human = await runCli(database.url, ['sso', 'rotate-keys'], { env });
  t.match(human.stdout, /New signing key .+ Restart the servers/);
});
