import t from 'tap';
import { insertMany } from '../../server/db/insert-many.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * insertMany carries bulk rows as one JSON parameter per statement (imports write 10,000 people, their
 * audit events and role grants this way). What must hold: every column keeps its type, a column a row
 * leaves out takes its DEFAULT (not NULL), jsonb keeps objects, and a failure rolls back with the
 * caller's transaction.
 */
t.test('insertMany', async (t) => {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  const { db } = database;
  const [department] = await db
    .insertInto('departments')
    .values({ name: 'Phòng Một', description: null, created_by: null })
    .returning('id')
    .execute();

  t.test('a left-out column takes its default, a set one keeps its type', async (t) => {
    const rows = await insertMany(
      db,
      'users',
      [
        { email: 'a@bulk.example', first_name: 'Ánh', last_name: 'Nguyễn', status: 'PENDING' },
        {
          email: 'b@bulk.example',
          first_name: 'Bình',
          last_name: 'Trần',
          status: 'ACTIVE',
          department_id: department!.id,
          onboard_date: '2024-02-29',
          language: 'en',
        },
      ],
      { returning: ['id', 'email', 'language', 'onboard_date', 'department_id', 'search_text'] },
    );
    t.equal(rows.length, 2);
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    const defaults = await db
      .selectFrom('users')
      .select(['language', 'user_type', 'created_at'])
      .where('email', '=', 'a@bulk.example')
      .executeTakeFirstOrThrow();
    const column = await db
      .selectFrom('information_schema.columns' as never)
      .select('column_default' as never)
      .where('table_name' as never, '=', 'users' as never)
      .where('column_name' as never, '=', 'language' as never)
      .executeTakeFirstOrThrow();
    t.ok((column as { column_default: string | null }).column_default, 'users.language has a default');
    t.not(defaults.language, null, 'the row that left language out got the default, not NULL');
    t.equal(defaults.user_type, 'EMPLOYEE', 'and the default user type');
    t.ok(defaults.created_at instanceof Date, 'and a creation time');
    t.equal(byEmail.get('b@bulk.example')!.language, 'en');
    t.equal(byEmail.get('b@bulk.example')!.onboard_date, '2024-02-29', 'a date stays that date');
    t.equal(byEmail.get('b@bulk.example')!.department_id, department!.id);
    t.match(byEmail.get('a@bulk.example')!.search_text, /anh nguyen/, 'generated columns run');
  });

  t.test('jsonb columns keep objects; Dates arrive as ISO text', async (t) => {
    const at = new Date('2026-11-26T08:30:00.000Z');
    await insertMany(db, 'audit_events', [
      {
        actor_id: null,
        actor_label: 'bulk',
        action: 'bulk.tested',
        entity_type: 'test',
        entity_id: '1',
        before: null,
        after: { name: 'Nguyễn', nested: { at }, list: [1, 'two'] } as never,
      },
    ]);
    const stored = await db
      .selectFrom('audit_events')
      .select(['after', 'before'])
      .where('action', '=', 'bulk.tested')
      .executeTakeFirstOrThrow();
    t.same(stored.after, { name: 'Nguyễn', nested: { at: at.toISOString() }, list: [1, 'two'] });
    t.equal(stored.before, null);
  });

  t.test(
    'on conflict do nothing keeps what exists; a failure rolls back the whole transaction',
    async (t) => {
      const [user] = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'a@bulk.example')
        .execute();
      const [role] = await db.selectFrom('roles').select('id').limit(1).execute();
      const grant = { user_id: user!.id, role_id: role!.id, project_id: null, created_by: null };
      await insertMany(db, 'user_roles', [grant], { onConflictDoNothing: true });
      await insertMany(db, 'user_roles', [grant], { onConflictDoNothing: true });
      const count = await db
        .selectFrom('user_roles')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', user!.id)
        .executeTakeFirstOrThrow();
      t.equal(Number(count.n), 1, 'a second insert of the same grant is ignored');

      await t.rejects(
        db.transaction().execute(async (tx) => {
          await insertMany(tx, 'users', [
            { email: 'c@bulk.example', first_name: 'C', last_name: 'D', status: 'PENDING' },
          ]);
          // The second statement breaks a check constraint: the first must not survive.
          await insertMany(tx, 'users', [
            { email: 'd@bulk.example', first_name: 'D', last_name: 'E', status: 'NOT_A_STATUS' as never },
          ]);
        }),
      );
      const left = await db
        .selectFrom('users')
        .select('email')
        .where('email', 'in', ['c@bulk.example', 'd@bulk.example'])
        .execute();
      t.same(left, [], 'nothing of the failed transaction is kept');
    },
  );

  t.test('values JSON cannot carry are refused before anything is sent', async (t) => {
    await t.rejects(
      insertMany(db, 'audit_events', [
        { actor_label: 'x', action: 'x', entity_type: 'x', entity_id: 1n as never },
      ]),
      /cannot travel as JSON/,
    );
  });
});
