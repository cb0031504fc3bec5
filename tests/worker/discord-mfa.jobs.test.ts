import t from 'tap';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { createConnection } from '../../server/domains/connections/connections.service.ts';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { startProviderTestServer } from '../helpers/provider-test-servers.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The daily `devices.discord-check` (server/domains/devices/devices.jobs.ts) against a real database
// and a local Discord answering its documented shapes (guild with mfa_level, members by pages).

const database = await createTestDatabase();
const discord = await startProviderTestServer('DISCORD');
discord.seed({ members: 3 });
t.teardown(async () => {
  await discord.close();
  await database.drop();
});
const db = database.db;
const config = testConfig();
const system = createContext({ db, config }, SYSTEM_ACTOR);

const discordRows = () =>
  db
    .selectFrom('security_enforcements')
    .selectAll()
    .where('type', '=', 'DISCORD')
    .orderBy('user_id')
    .execute();
const setCheck = (values: { discord_check: boolean; grace_period_days: number }) =>
  db.updateTable('device_update_settings').set(values).execute();
const link = (userId: string, discordId: string | null) =>
  db.updateTable('users').set({ discord_account_id: discordId }).where('id', '=', userId).execute();

t.test('the chat-account check: linked members pass, the others get the DISCORD enforcement', async (t) => {
  // Everyone else in this database is linked to a member, so only the people below are counted as not.
  const linked = await createUser(db, { email: 'linked@example.com' });
  await link(linked.id, discord.members[0]!.id);

  // Off: nothing is asked of Discord and nothing changes.
  const before = discord.requests.length;
  const off = await runJobHandler(db, config, 'devices.discord-check');
  t.equal(off, undefined);
  t.equal(discord.requests.length, before, 'Discord was not asked');
  t.same(await discordRows(), []);

  await setCheck({ discord_check: true, grace_period_days: 0 });
  // No connection yet: nothing is checked or changed.
  await runJobHandler(db, config, 'devices.discord-check');
  t.same(await discordRows(), []);

  await createConnection(system, {
    name: 'Acme Discord',
    provider: 'DISCORD',
    baseUrl: discord.baseUrl,
    path: discord.path,
    apiToken: discord.token,
  });
  const notLinked = await createUser(db, { email: 'not-linked@example.com' });
  const stranger = await createUser(db, { email: 'stranger@example.com' });
  await link(stranger.id, '999999999999999999');
  // Other active people of the test database are linked to the last member, so the counts are exact.
  await db
    .updateTable('users')
    .set({ discord_account_id: discord.members[2]!.id })
    .where('id', 'not in', [linked.id, notLinked.id, stranger.id])
    .execute();

  await runJobHandler(db, config, 'devices.discord-check');
  const rows = await discordRows();
  t.same(
    rows.map((row) => [row.user_id, (row.data as { status: string }).status]).sort(),
    [
      [notLinked.id, 'NOT_LINKED'],
      [stranger.id, 'NOT_MEMBER'],
    ].sort(),
  );
  t.ok(
    rows.every((row) => row.blocks_at <= new Date()),
    'no grace period: in force at once',
  );
  const audit = (await auditOfJob(db, 'devices.discord-check')).find(
    (event) => (event.after as { connected?: boolean } | null)?.connected,
  );
  t.match(audit, { action: 'discord_check.ran', actor_label: 'system' });
  t.match(audit!.after, {
    enabled: true,
    connected: true,
    guildMfaLevel: 1,
    notLinked: 1,
    notMember: 1,
    mfaUnverifiable: true,
  });
  t.ok(
    discord.requests.some(
      (r) =>
        r.path.endsWith(`/v10/guilds/${discord.path}/members`) && r.authorization === `Bot ${discord.token}`,
    ),
    'the members are read with the bot token',
  );

  // Linking the account lifts it at the next run.
  await link(notLinked.id, discord.members[1]!.id);
  await runJobHandler(db, config, 'devices.discord-check');
  t.same(
    (await discordRows()).map((row) => row.user_id),
    [stranger.id],
  );

  // With a grace period, someone found now is warned first: the block starts later.
  await setCheck({ discord_check: true, grace_period_days: 7 });
  const newcomer = await createUser(db, { email: 'newcomer@example.com' });
  await runJobHandler(db, config, 'devices.discord-check');
  const warned = (await discordRows()).find((row) => row.user_id === newcomer.id);
  t.ok(warned && warned.blocks_at > new Date(Date.now() + 6 * 86_400_000), 'blocks after the grace period');

  // Turned off: every DISCORD enforcement is lifted.
  await setCheck({ discord_check: false, grace_period_days: 7 });
  await runJobHandler(db, config, 'devices.discord-check');
  t.same(await discordRows(), []);
});

t.test('Discord failing changes nothing', async (t) => {
  await setCheck({ discord_check: true, grace_period_days: 0 });
  t.teardown(() => setCheck({ discord_check: false, grace_period_days: 14 }));
  const before = await discordRows();
  discord.failNext(`/v10/guilds/${discord.path}/members`, { status: 500 }, 5);
  await t.rejects(runJobHandler(db, config, 'devices.discord-check'), { code: 'SERVICE_UNAVAILABLE' });
  t.same(await discordRows(), before);
});
