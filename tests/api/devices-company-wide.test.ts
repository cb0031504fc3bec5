import pg from 'pg';
import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';
import { dayOffset, declareDevice, saveRules, UA } from '../helpers/device-factories.ts';
import { createUser } from '../helpers/factories.ts';

/**
 * Saving the work-device rules re-evaluates the whole company in one transaction: the number of
 * statements must not grow with the number of people (it did: six per person).
 */

/** Statements sent to PostgreSQL while `fn` runs, by every client of this process. */
async function countStatements(fn: () => Promise<unknown>): Promise<number> {
  const original = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return count;
}

const OLD_CHROME_RULE = {
  gracePeriodDays: 7,
  requirements: [
    { kind: 'BROWSER' as const, name: 'CHROME', latestVersion: '131', releaseDate: dayOffset(-30) },
  ],
};

t.test('saving the rules blocks 3 or 43 people in the same number of statements', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });
  // One person declares through the API (the versions read from the browser); the others get the
  // same device row directly (signing in 43 people would meet the sign-in rate limit).
  const first = await signIn({});
  await declareDevice(first, UA.chrome120Windows);
  const template = await db
    .selectFrom('work_devices')
    .selectAll()
    .where('user_id', '=', first.user.id)
    .executeTakeFirstOrThrow();
  const addPeople = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const person = await createUser(db);
      const { id: _id, created_at: _c, updated_at: _u, versions_read_at: _v, ...device } = template;
      await db
        .insertInto('work_devices')
        .values({ ...device, user_id: person.id })
        .execute();
    }
  };
  const blockedCount = async () =>
    Number(
      (
        await db
          .selectFrom('security_enforcements')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('type', '=', 'OUTDATED_DEVICE')
          .where('blocks_at', '<=', new Date())
          .executeTakeFirstOrThrow()
      ).n,
    );

  await addPeople(2);
  const few = await countStatements(async () => {
    const saved = await saveRules(admin, OLD_CHROME_RULE);
    t.equal(saved.statusCode, 200, saved.body);
  });
  t.equal(await blockedCount(), 3);

  // The rule removed: everyone released (in the same fixed number of statements).
  t.equal((await saveRules(admin, { requirements: [] })).statusCode, 200);
  t.equal(await blockedCount(), 0, 'released');

  await addPeople(40);
  const many = await countStatements(async () => {
    const saved = await saveRules(admin, OLD_CHROME_RULE);
    t.equal(saved.statusCode, 200, saved.body);
  });
  t.equal(await blockedCount(), 43, 'everyone behind is blocked');
  t.equal(many, few, `${many} statements for 43 people, ${few} for 3`);
  const blocked = await first.inject({ method: 'GET', url: '/api/banks' });
  t.equal(blocked.json().code, 'DEVICE_OUTDATED', 'and refused at once');
});
