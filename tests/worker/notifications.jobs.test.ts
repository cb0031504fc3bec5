import { sql } from 'kysely';
import t from 'tap';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The job of server/domains/notifications/notifications.jobs.ts, run against a real database.

const database = await createTestDatabase();
t.teardown(() => database.drop());
const db = database.db;

t.test('notifications.purge-read deletes read notifications past the retention, nothing else', async (t) => {
  const config = testConfig({ NOTIFICATION_RETENTION_DAYS: '30' });
  const user = await createUser(db);
  const daysAgo = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;
  const insert = (label: string, isRead: boolean, days: number) =>
    db
      .insertInto('notifications')
      .values({
        user_id: user.id,
        type: 'ANNOUNCEMENT',
        data: JSON.stringify({ message: label, actor: null }),
        is_read: isRead,
        created_at: daysAgo(days),
      })
      .execute();
  await insert('read-old', true, 40);
  await insert('unread-old', false, 40);
  await insert('read-recent', true, 5);

  t.same(await runJobHandler(db, config, 'notifications.purge-read'), { deleted: 1, days: 30 });

  const left = await db
    .selectFrom('notifications')
    .select(sql<string>`data->>'message'`.as('label'))
    .where('user_id', '=', user.id)
    .orderBy('label')
    .execute();
  t.same(
    left.map((n) => n.label),
    ['read-recent', 'unread-old'],
    'unread ones stay however old; recent read ones stay',
  );
  t.match(await auditOfJob(db, 'notifications.purge-read'), [
    { action: 'notification.purged', actor_label: 'system', after: { deleted: 1, olderThanDays: 30 } },
  ]);
});
