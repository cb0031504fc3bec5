import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { jsonError, runCli } from '../helpers/cli.ts';
import { createUser } from '../helpers/factories.ts';
import { formerEmployee, readZip, yearsAgo } from '../helpers/privacy-factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The personal data commands, spawned for real: `backoffice people export-data EMAIL -o FILE` and
// `backoffice privacy retention [--run]`.
t.setTimeout(300_000);

const database = await createTestDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-privacy-cli-'));
t.teardown(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});
const db = database.db;

t.test(
  'people export-data writes the person’s ZIP; an unknown email or a stranger writes no file',
  async (t) => {
    const person = await createUser(db, { email: 'lan.pham@example.com', firstName: 'Lan' });
    await db
      .insertInto('consent_records')
      .values({ user_id: person.id, kind: 'TERMS', source: 'SIGN_UP', agreed_at: new Date() })
      .execute();
    const file = path.join(dir, 'lan.zip');
    const run = await runCli(database.url, [
      '--json',
      'people',
      'export-data',
      'Lan.Pham@example.com',
      '-o',
      file,
    ]);
    t.equal(run.code, 0, run.stderr);
    t.match(JSON.parse(run.stdout), { file, email: 'Lan.Pham@example.com' });
    const entries = await readZip(readFileSync(file));
    t.equal(JSON.parse(entries.get('profile.json')!.toString()).id, person.id);
    t.equal(JSON.parse(entries.get('consent-records.json')!.toString()).length, 1);

    const missing = path.join(dir, 'nobody.zip');
    const unknown = await runCli(database.url, [
      '--json',
      'people',
      'export-data',
      'nobody@example.com',
      '-o',
      missing,
    ]);
    t.equal(unknown.code, 1);
    t.equal(jsonError(unknown).code, 'NOT_FOUND');
    t.notOk(existsSync(missing), 'no file for nobody');

    const stranger = await createUser(db, { email: 'stranger@example.com' });
    const refused = await runCli(database.url, [
      '--json',
      '--as',
      stranger.email,
      'people',
      'export-data',
      person.email,
      '-o',
      missing,
    ]);
    t.equal(refused.code, 1);
    t.equal(jsonError(refused).code, 'FORBIDDEN');
    t.notOk(existsSync(missing));
  },
);

t.test('privacy retention: a dry run first, then --run, then nothing more', async (t) => {
  const due = await formerEmployee(db, yearsAgo(3), 'Due');
  const dry = await runCli(database.url, ['privacy', 'retention']);
  t.equal(dry.code, 0, dry.stderr);
  t.match(dry.stdout, /1 former employees due/);
  t.match(dry.stdout, new RegExp(due.email));
  const untouched = await db
    .selectFrom('users')
    .select('phone_number')
    .where('id', '=', due.id)
    .executeTakeFirstOrThrow();
  t.equal(untouched.phone_number, '0901234567', 'the dry run changes nothing');

  const run = await runCli(database.url, ['--json', 'privacy', 'retention', '--run']);
  t.equal(run.code, 0, run.stderr);
  t.same(JSON.parse(run.stdout), { anonymisedCount: 1, userIds: [due.id] });
  const again = await runCli(database.url, ['--json', 'privacy', 'retention', '--run']);
  t.same(JSON.parse(again.stdout), { anonymisedCount: 0, userIds: [] });
});
