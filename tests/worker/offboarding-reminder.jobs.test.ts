import t from 'tap';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The daily `connections.offboarding-reminder` (server/domains/connections/connections.jobs.ts):
// every holder of accounts.manage is reminded of each checklist with open items, and of no other.

const database = await createTestDatabase();
t.teardown(() => database.drop());
const db = database.db;
const config = testConfig();

const item = (userId: string, label: string, state: 'OPEN' | 'DONE') =>
  db
    .insertInto('offboarding_items')
    .values({
      user_id: userId,
      provider: 'OUTLINE',
      account_label: label,
      action: 'REMOVE_MANUALLY',
      state,
    })
    .execute();

const reminders = () =>
  db
    .selectFrom('notifications')
    .select(['user_id', 'data'])
    .where('type', '=', 'OFFBOARDING_REMINDER')
    .orderBy('user_id')
    .execute();

t.test('reminds the account keepers of each open checklist until it is closed', async (t) => {
  const keeper = await createUser(db, { permissions: ['accounts.manage'] });
  const viewer = await createUser(db, { permissions: ['accounts.view'] });
  const open = await createUser(db, { firstName: 'Lan', lastName: 'Pham', status: 'INACTIVE' });
  const finished = await createUser(db, { firstName: 'Minh', lastName: 'Tran', status: 'INACTIVE' });
  await item(open.id, 'lan (GitHub)', 'OPEN');
  await item(open.id, 'lan (Slack)', 'DONE');
  await item(finished.id, 'minh (GitHub)', 'DONE');

  const result = await runJobHandler(db, config, 'connections.offboarding-reminder');
  t.match(result, { checklists: 1 });
  const sent = await reminders();
  const toKeeper = sent.filter((row) => row.user_id === keeper.id);
  t.match(toKeeper, [{ data: { offboarding: { userId: open.id, name: 'Pham Lan', open: 1 } } }]);
  t.same(
    sent.filter((row) => row.user_id === viewer.id),
    [],
    'who only views accounts is not reminded',
  );
  t.notOk(
    sent.some((row) => (row.data as { offboarding: { userId: string } }).offboarding.userId === finished.id),
    'a finished checklist is not reminded',
  );
  t.match(await auditOfJob(db, 'connections.offboarding-reminder'), [
    { action: 'offboarding.reminded', actor_label: 'system' },
  ]);

  // Once every item is closed, the next run sends nothing.
  await db.updateTable('offboarding_items').set({ state: 'DONE' }).where('user_id', '=', open.id).execute();
  const before = (await reminders()).length;
  t.match(await runJobHandler(db, config, 'connections.offboarding-reminder'), { checklists: 0, sent: 0 });
  t.equal((await reminders()).length, before);
});
