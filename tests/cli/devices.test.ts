import t from 'tap';
import { jsonError, runCli } from '../helpers/cli.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The break-glass, spawned for real: `backoffice devices exempt EMAIL` releases a locked-out
// administrator at once; `devices unexempt EMAIL` puts the rules back on them.
t.setTimeout(300_000);

const database = await createTestDatabase();
t.teardown(() => database.drop());
const db = database.db;

t.test('devices exempt releases a blocked administrator; unexempt evaluates them again', async (t) => {
  const admin = await createUser(db, { email: 'admin.locked@example.com', builtInRoles: ['admin'] });
  await db
    .insertInto('work_devices')
    .values({
      user_id: admin.id,
      name: 'Laptop',
      browser: 'CHROME',
      browser_version: '100.0',
      firewall: true,
      disk_encryption: true,
      auto_lock_minutes: 5,
    })
    .execute();
  await db
    .insertInto('device_version_requirements')
    .values({ kind: 'BROWSER', name: 'CHROME', latest_version: '200', release_date: '2026-01-01' })
    .execute();
  await db
    .insertInto('security_enforcements')
    .values({ user_id: admin.id, type: 'OUTDATED_DEVICE', blocks_at: new Date('2026-01-15'), data: '{}' })
    .execute();

  const run = await runCli(database.url, [
    '--json',
    'devices',
    'exempt',
    'Admin.Locked@example.com',
    '--reason',
    'locked out',
  ]);
  t.equal(run.code, 0, run.stderr);
  t.match(JSON.parse(run.stdout), { userId: admin.id, changed: true });
  t.same(
    await db.selectFrom('security_enforcements').selectAll().where('user_id', '=', admin.id).execute(),
    [],
  );
  const audit = await db
    .selectFrom('audit_events')
    .select(['action', 'actor_label'])
    .where('action', '=', 'security_exemption.granted')
    .execute();
  t.equal(audit.length, 1, 'the exemption is audited');

  const again = await runCli(database.url, ['devices', 'exempt', 'admin.locked@example.com']);
  t.equal(again.code, 0);
  t.match(again.stdout, /already exempt/);

  const unknown = await runCli(database.url, ['--json', 'devices', 'exempt', 'nobody@example.com']);
  t.equal(unknown.code, 1);
  t.equal(jsonError(unknown).code, 'NOT_FOUND');

  const removed = await runCli(database.url, ['--json', 'devices', 'unexempt', 'admin.locked@example.com']);
  t.equal(removed.code, 0, removed.stderr);
  const back = await db
    .selectFrom('security_enforcements')
    .selectAll()
    .where('user_id', '=', admin.id)
    .execute();
  t.equal(back.length, 1, 'evaluated again: the outdated device blocks once more');
  t.equal(back[0]!.type, 'OUTDATED_DEVICE');
});

t.test('devices discord-check runs the chat-account check and says what it did', async (t) => {
  const off = await runCli(database.url, ['--json', 'devices', 'discord-check']);
  t.equal(off.code, 0, off.stderr);
  t.match(JSON.parse(off.stdout), { enabled: false, mfaUnverifiable: true });
  await db.updateTable('device_update_settings').set({ discord_check: true }).execute();
  t.teardown(() => db.updateTable('device_update_settings').set({ discord_check: false }).execute());
  const human = await runCli(database.url, ['devices', 'discord-check']);
  t.equal(human.code, 0, human.stderr);
  t.match(human.stdout, /No active Discord connection/);
  const audit = await db
    .selectFrom('audit_events')
    .select('action')
    .where('action', '=', 'discord_check.ran')
    .execute();
  t.equal(audit.length, 2, 'each run is audited');
});
