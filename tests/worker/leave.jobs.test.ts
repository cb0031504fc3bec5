import { sql } from 'kysely';
import t from 'tap';
import { companyToday } from '../../server/core/company-date.ts';
import { addDays } from '../../shared/rules/periods.ts';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { absenceTypeId } from '../helpers/leave-factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The jobs of server/domains/leave/leave.jobs.ts against a real database: each grants once, however
// often it runs, and catches up what a crash left undone.

const database = await createTestDatabase();
t.teardown(() => database.drop());
const db = database.db;
const config = testConfig();
const today = companyToday(config);
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));

/** An approved (or waiting) request with its days, written directly. */
async function leave(
  userId: string,
  type: string,
  days: string[],
  status: 'APPROVED' | 'WAITING FOR APPROVAL' = 'APPROVED',
  approverId?: string,
) {
  const request = await db
    .insertInto('leave_requests')
    .values({
      user_id: userId,
      absence_type_id: type,
      start_date: days[0]!,
      start_part: 'MORNING',
      end_date: days.at(-1)!,
      end_part: 'AFTERNOON',
      duration: days.length,
      year: Number(days[0]!.slice(0, 4)),
      status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('leave_days')
    .values(days.map((day) => ({ leave_request_id: request.id, user_id: userId, day, amount: 1 })))
    .execute();
  if (approverId)
    await db
      .insertInto('leave_request_approvers')
      .values({ leave_request_id: request.id, approver_id: approverId, status })
      .execute();
  return request.id;
}

const grants = (userId: string, kind: 'ACCRUAL' | 'CARRY_FORWARD' | 'CARRY_EXPIRED') =>
  db
    .selectFrom('leave_balance_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('period')
    .execute();

t.test('leave.accrue grants a twelfth a month, once, and catches up after a crash', async (t) => {
  const compassionate = await absenceTypeId(db, 'Compassionate');
  await db
    .updateTable('absence_types')
    .set({ accrual: 'MONTHLY', total_day: '12' })
    .where('id', '=', compassionate)
    .execute();
  t.teardown(() =>
    db
      .updateTable('absence_types')
      .set({ accrual: 'UPFRONT', total_day: '3' })
      .where('id', '=', compassionate)
      .execute(),
  );
  const person = await createUser(db);
  const joiner = await createUser(db);
  await db
    .updateTable('users')
    .set({ onboard_date: `${year}-${String(month).padStart(2, '0')}-10` })
    .where('id', '=', joiner.id)
    .execute();

  await runJobHandler(db, config, 'leave.accrue');
  await runJobHandler(db, config, 'leave.accrue');
  const rows = (await grants(person.id, 'ACCRUAL')).filter((g) => g.absence_type_id === compassionate);
  t.equal(rows.length, month, 'one grant per month so far');
  t.equal(
    rows.reduce((sum, g) => sum + Number(g.days), 0),
    month,
    'a day a month of twelve a year',
  );
  const joined = (await grants(joiner.id, 'ACCRUAL')).filter((g) => g.absence_type_id === compassionate);
  t.equal(joined.length, 1, 'from the month one joins');

  // A crash half-way: later months lost. The next run grants exactly those again.
  await db
    .deleteFrom('leave_balance_grants')
    .where('user_id', '=', person.id)
    .where('period', '>', `${year}-01`)
    .execute();
  await runJobHandler(db, config, 'leave.accrue');
  t.equal(
    (await grants(person.id, 'ACCRUAL')).filter((g) => g.absence_type_id === compassionate).length,
    month,
  );
  t.ok((await auditOfJob(db, 'leave.accrue')).some((event) => event.action === 'leave.accrued'));
});

t.test('leave.carry-forward carries what is left of last year, up to the cap, once', async (t) => {
  const vacation = await absenceTypeId(db, 'Vacation');
  const light = await createUser(db); // took 4 of 12: 8 left, the cap is 5
  const heavy = await createUser(db); // took 10 of 12: 2 left
  const lastYearDays = (n: number) => Array.from({ length: n }, (_, i) => addDays(`${year - 1}-03-02`, i));
  await leave(light.id, vacation, lastYearDays(4));
  await leave(heavy.id, vacation, lastYearDays(10));
  await runJobHandler(db, config, 'leave.carry-forward');
  await runJobHandler(db, config, 'leave.carry-forward');
  t.same(
    (await grants(light.id, 'CARRY_FORWARD')).map((g) => [g.year, Number(g.days)]),
    [[year, 5]],
  );
  t.same(
    (await grants(heavy.id, 'CARRY_FORWARD')).map((g) => [g.year, Number(g.days)]),
    [[year, 2]],
  );
});

t.test('leave.expire-carried lapses carried days not taken by the expiry day, once', async (t) => {
  const vacation = await absenceTypeId(db, 'Vacation');
  const person = await createUser(db);
  await db
    .insertInto('leave_balance_grants')
    .values({
      user_id: person.id,
      absence_type_id: vacation,
      year,
      kind: 'CARRY_FORWARD',
      period: String(year),
      days: 5,
    })
    .execute();
  // Two days taken in February count against the carried days; one in May (after 31 March) does not.
  await leave(person.id, vacation, [`${year}-02-02`, `${year}-02-03`]);
  await leave(person.id, vacation, [`${year}-05-04`]);
  await runJobHandler(db, config, 'leave.expire-carried');
  await runJobHandler(db, config, 'leave.expire-carried');
  const expired = await grants(person.id, 'CARRY_EXPIRED');
  if (today > `${year}-03-31`)
    t.same(
      expired.map((g) => Number(g.days)),
      [3],
      'five carried, two taken in time: three lapse',
    );
  else t.same(expired, [], 'not before the expiry day');
});

t.test('leave.remind-approvers mails each approver once for requests waiting too long', async (t) => {
  const vacation = await absenceTypeId(db, 'Vacation');
  const approver = await createUser(db, { language: 'vi' });
  const requester = await createUser(db);
  const old = await leave(requester.id, vacation, [addDays(today, 30)], 'WAITING FOR APPROVAL', approver.id);
  await sql`update leave_request_approvers set created_at = now() - interval '8 days' where leave_request_id = ${old}`.execute(
    db,
  );
  const fresh = await leave(
    requester.id,
    vacation,
    [addDays(today, 31)],
    'WAITING FOR APPROVAL',
    approver.id,
  );
  t.ok(fresh);
  await runJobHandler(db, config, 'leave.remind-approvers');
  await runJobHandler(db, config, 'leave.remind-approvers');
  const mails = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_email', '=', approver.email)
    .execute();
  t.equal(mails.length, 1, 'one reminder, not one per run');
  t.match(mails[0]!.subject, /1 đơn nghỉ/, 'in the approver’s language, counting only the old request');
});

t.test(
  'leave.route-to-substitutes hands waiting approvals of people away today to their substitute',
  async (t) => {
    const vacation = await absenceTypeId(db, 'Vacation');
    const away = await createUser(db);
    const deputy = await createUser(db);
    const requester = await createUser(db);
    await db.insertInto('leave_substitutes').values({ user_id: away.id, substitute_id: deputy.id }).execute();
    await leave(away.id, vacation, [today]);
    const request = await leave(
      requester.id,
      vacation,
      [addDays(today, 40)],
      'WAITING FOR APPROVAL',
      away.id,
    );
    await runJobHandler(db, config, 'leave.route-to-substitutes');
    await runJobHandler(db, config, 'leave.route-to-substitutes');
    const approvers = await db
      .selectFrom('leave_request_approvers')
      .selectAll()
      .where('leave_request_id', '=', request)
      .execute();
    t.same(
      approvers.map((a) => [a.approver_id, a.substitute_for]),
      [[deputy.id, away.id]],
    );
    const told = await db
      .selectFrom('mail_outbox')
      .select('to_email')
      .where('template', 'in', ['leave-substituteAssigned', 'leave-substituted'])
      .execute();
    t.same(told.map((m) => m.to_email).sort(), [away.email, deputy.email].sort());
    const notified = await db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', 'NEW_LEAVE_REQUEST')
      .execute();
    t.same(
      notified.map((n) => n.user_id),
      [deputy.id],
    );
  },
);
