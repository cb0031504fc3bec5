import t from 'tap';
import nodeIcal from 'node-ical';
import { addDays } from '../../shared/rules/periods.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { absenceTypeId, createDepartment, leaveState, workWeek } from '../helpers/leave-factories.ts';
import { companyToday } from '../../server/core/company-date.ts';

/**
 * HR's side of leave (issue 11): absence types and rules, holidays, the team calendar with the
 * clash warning, substitutes for approvers who are away, and private calendar feeds.
 */

t.test('HR replaces the absence types; a used type is kept inactive; duplicates are refused', async (t) => {
  const app = await buildTestApp(t);
  const hr = await app.signIn({ builtInRoles: ['hr'] });
  const employee = await app.signIn({ permissions: ['leave.request'] });
  const approver = await app.signIn({ permissions: ['leave.approve'] });
  const types = (await employee.inject({ method: 'GET', url: '/api/absence-types' })).json().items;
  t.same(
    types.map((type: { name: string }) => type.name),
    ['Vacation', 'Sickness', 'Maternity / paternity', 'Compassionate', 'Without pay'],
  );
  const vacation = types[0];
  t.match(vacation, {
    totalDay: null,
    countsAgainstBalance: true,
    seniorityBonus: true,
    carryForwardMaxDays: 5,
    carryForwardExpires: '03-31',
  });

  const week = workWeek();
  const withoutPay = types[4];
  const used = await employee.inject({
    method: 'POST',
    url: '/api/leave-requests',
    payload: {
      absenceTypeId: withoutPay.id,
      startDate: week.monday,
      startPart: 'MORNING',
      endDate: week.monday,
      endPart: 'AFTERNOON',
      approverIds: [approver.user.id],
    },
  });
  t.equal(used.statusCode, 201, used.body);

  const strip = ({ inUse: _inUse, ...rest }: Record<string, unknown>) => rest;
  const refused = await employee.inject({
    method: 'PUT',
    url: '/api/absence-types',
    payload: { items: types.map(strip) },
  });
  t.equal(refused.statusCode, 403, 'only HR changes the types');

  const before = await leaveState(app.db);
  const duplicate = await hr.inject({
    method: 'PUT',
    url: '/api/absence-types',
    payload: { items: [...types.map(strip), { ...strip(types[1]), id: undefined, name: ' vacation ' }] },
  });
  t.equal(duplicate.statusCode, 422);
  t.equal(duplicate.json().details[0].message, 'The name vacation appears more than once');
  t.same(await leaveState(app.db), before, 'nothing changed');

  // Keep Vacation (renamed), drop Sickness (unused: deleted) and Without pay (used: deactivated), add Study leave.
  const replaced = await hr.inject({
    method: 'PUT',
    url: '/api/absence-types',
    payload: {
      items: [
        { ...strip(vacation), name: 'Annual leave', totalDay: 14 },
        strip(types[2]),
        strip(types[3]),
        { ...strip(types[3]), id: undefined, name: 'Study leave', totalDay: 5 },
      ],
    },
  });
  t.equal(replaced.statusCode, 200, replaced.body);
  const names = replaced
    .json()
    .items.map((type: { name: string; active: boolean }) => `${type.name}:${type.active}`);
  t.same(names, [
    'Annual leave:true',
    'Maternity / paternity:true',
    'Compassionate:true',
    'Study leave:true',
    'Without pay:false',
  ]);
  const audit = await app.db
    .selectFrom('audit_events')
    .select('action')
    .where('action', '=', 'absence_types.replaced')
    .execute();
  t.equal(audit.length, 1);
  const balances = (await employee.inject({ method: 'GET', url: '/api/leave-requests/balances' })).json();
  t.match(
    balances.items.find((b: { absenceType: { name: string } }) => b.absenceType.name === 'Annual leave'),
    { entitled: 14 },
  );

  const inactiveType = await employee.inject({
    method: 'POST',
    url: '/api/leave-requests',
    payload: {
      absenceTypeId: withoutPay.id,
      startDate: week.tuesday,
      startPart: 'MORNING',
      endDate: week.tuesday,
      endPart: 'AFTERNOON',
      approverIds: [approver.user.id],
    },
  });
  t.equal(inactiveType.json().details[0].message, 'This absence type is no longer offered');
});

t.test('absence rules: defaults, seniority, a change applies to balances at once', async (t) => {
  const app = await buildTestApp(t);
  const hr = await app.signIn({ builtInRoles: ['hr'] });
  const veteran = await app.signIn({ permissions: ['leave.request'] });
  const year = new Date().getUTCFullYear();
  // Eleven full years on 1 January: two steps of seniority (+1 day per 5 years).
  await app.db
    .updateTable('users')
    .set({ onboard_date: `${year - 11}-01-01` })
    .where('id', '=', veteran.user.id)
    .execute();
  const rules = (await veteran.inject({ method: 'GET', url: '/api/absence-rules' })).json();
  t.same(rules, {
    defaultAnnualLeaveDays: 12,
    seniorityYears: 5,
    seniorityBonusDays: 1,
    clashThresholdPercent: 30,
    reminderAfterWorkingDays: 2,
  });
  let vacation = (await veteran.inject({ method: 'GET', url: '/api/leave-requests/balances' })).json()
    .items[0];
  t.match(vacation, { entitled: 14, seniorityBonus: 2 });

  const bad = await hr.inject({
    method: 'PUT',
    url: '/api/absence-rules',
    payload: { ...rules, clashThresholdPercent: 150 },
  });
  t.equal(bad.statusCode, 422);
  const changed = await hr.inject({
    method: 'PUT',
    url: '/api/absence-rules',
    payload: { ...rules, defaultAnnualLeaveDays: 15 },
  });
  t.equal(changed.statusCode, 200);
  vacation = (await veteran.inject({ method: 'GET', url: '/api/leave-requests/balances' })).json().items[0];
  t.match(vacation, { entitled: 17 });

  // Someone who joins in July gets half of the year (whole months, rounded down to half days).
  const newcomer = await app.signIn({ permissions: ['leave.request'] });
  await app.db
    .updateTable('users')
    .set({ onboard_date: `${year}-07-15` })
    .where('id', '=', newcomer.user.id)
    .execute();
  t.match((await newcomer.inject({ method: 'GET', url: '/api/leave-requests/balances' })).json().items[0], {
    entitled: 7.5,
  });
});

t.test('holidays: HR adds, changes and deletes them; bad dates are refused', async (t) => {
  const app = await buildTestApp(t);
  const hr = await app.signIn({ builtInRoles: ['hr'] });
  const employee = await app.signIn({ permissions: ['leave.request'] });
  const year = new Date().getUTCFullYear();
  const created = await hr.inject({
    method: 'POST',
    url: '/api/holidays',
    payload: {
      name: 'Lunar New Year',
      startDate: `${year}-02-16`,
      endDate: `${year}-02-20`,
      description: 'Tết',
    },
  });
  t.equal(created.statusCode, 201);
  t.equal(
    (
      await employee.inject({
        method: 'POST',
        url: '/api/holidays',
        payload: { name: 'Mine', startDate: `${year}-03-01`, endDate: `${year}-03-01` },
      })
    ).statusCode,
    403,
  );
  const before = await leaveState(app.db);
  const backwards = await hr.inject({
    method: 'POST',
    url: '/api/holidays',
    payload: { name: 'Backwards', startDate: `${year}-05-02`, endDate: `${year}-05-01` },
  });
  t.equal(backwards.statusCode, 422);
  t.equal(backwards.json().details[0].message, 'End date must be after start date');
  const blank = await hr.inject({
    method: 'POST',
    url: '/api/holidays',
    payload: { name: '   ', startDate: `${year}-05-01`, endDate: `${year}-05-01` },
  });
  t.equal(blank.statusCode, 422);
  t.same(await leaveState(app.db), before, 'nothing changed');
  const id = created.json().id;
  const renamed = await hr.inject({
    method: 'PUT',
    url: `/api/holidays/${id}`,
    payload: { name: 'Tết', startDate: `${year}-02-16`, endDate: `${year}-02-22` },
  });
  t.match(renamed.json(), { name: 'Tết', endDate: `${year}-02-22`, description: null });
  const list = (await employee.inject({ method: 'GET', url: `/api/holidays?year=${year}` })).json();
  t.same(
    list.items.map((h: { name: string }) => h.name),
    ['Tết'],
  );
  t.equal((await hr.inject({ method: 'DELETE', url: `/api/holidays/${id}` })).statusCode, 204);
  t.equal((await hr.inject({ method: 'DELETE', url: `/api/holidays/${id}` })).statusCode, 404);
});

t.test('the team calendar shows who is off; the request form warns of a clash', async (t) => {
  const app = await buildTestApp(t);
  const [a, b, c] = await Promise.all(
    [1, 2, 3].map((n) =>
      app.signIn({ permissions: ['leave.request'], firstName: `Person${n}`, lastName: 'Dev' }),
    ),
  );
  const approver = await app.signIn({ permissions: ['leave.approve'] });
  await createDepartment(app.db, 'Platform', [a!.user.id, b!.user.id, c!.user.id]);
  const sickness = await absenceTypeId(app.db, 'Sickness');
  const week = workWeek();
  const ask = (who: typeof a, day: string) =>
    who!.inject({
      method: 'POST',
      url: '/api/leave-requests',
      payload: {
        absenceTypeId: sickness,
        startDate: day,
        startPart: 'MORNING',
        endDate: day,
        endPart: 'AFTERNOON',
        approverIds: [approver.user.id],
      },
    });
  t.equal((await ask(a, week.monday)).statusCode, 201);

  const preview = await c!.inject({
    method: 'GET',
    url: `/api/leave-requests/preview?absenceTypeId=${sickness}&startDate=${week.monday}&startPart=MORNING&endDate=${week.tuesday}&endPart=MORNING`,
  });
  t.equal(preview.statusCode, 200, preview.body);
  t.match(preview.json(), {
    duration: 1.5,
    remaining: null,
    clash: {
      departmentName: 'Platform',
      departmentSize: 3,
      peopleOff: 1,
      names: ['Person1 Dev'],
      sharePercent: 67,
      thresholdPercent: 30,
      warn: true,
    },
  });

  const calendar = (
    await c!.inject({
      method: 'GET',
      url: `/api/leave-requests/calendar?from=${week.monday}&to=${week.sunday}`,
    })
  ).json();
  t.equal(calendar.items.length, 1);
  t.equal(calendar.items[0].person.firstName, 'Person1');
  t.equal(calendar.items[0].absenceTypeName, '', 'colleagues do not see that it is sick leave');
  const own = (
    await a!.inject({
      method: 'GET',
      url: `/api/leave-requests/calendar?from=${week.monday}&to=${week.sunday}`,
    })
  ).json();
  t.equal(own.items[0].absenceTypeName, 'Sickness', 'the person sees their own type');
  const tooWide = await c!.inject({
    method: 'GET',
    url: `/api/leave-requests/calendar?from=${week.monday}&to=${workWeek(20).monday}`,
  });
  t.equal(tooWide.statusCode, 422);
});

t.test('an approver away on leave hands new requests to their substitute; both are told', async (t) => {
  const app = await buildTestApp(t);
  const hr = await app.signIn({ builtInRoles: ['hr'] });
  const boss = await app.signIn({ permissions: ['leave.request', 'leave.approve'], firstName: 'Boss' });
  const deputy = await app.signIn({ permissions: ['leave.approve'], firstName: 'Deputy' });
  const employee = await app.signIn({ permissions: ['leave.request'] });
  t.equal(
    (
      await boss.inject({
        method: 'PUT',
        url: '/api/leave-substitute',
        payload: { substituteId: boss.user.id },
      })
    ).json().details[0].message,
    'You cannot be your own substitute',
  );
  const named = await boss.inject({
    method: 'PUT',
    url: '/api/leave-substitute',
    payload: { substituteId: deputy.user.id },
  });
  t.equal(named.json().substitute.firstName, 'Deputy');
  t.equal(
    (await boss.inject({ method: 'GET', url: '/api/leave-substitute' })).json().substitute.id,
    deputy.user.id,
  );

  // The boss is on approved leave today (HR files it, so no notice rule applies): today in the
  // company's calendar, which the server uses (from 17:00 UTC it is already tomorrow in Vietnam).
  const today = companyToday(app.config);
  const sickness = await absenceTypeId(app.db, 'Sickness');
  const bossLeave = await hr.inject({
    method: 'POST',
    url: '/api/leave-requests',
    payload: {
      absenceTypeId: sickness,
      startDate: today,
      startPart: 'MORNING',
      endDate: today,
      endPart: 'AFTERNOON',
      approverIds: [deputy.user.id],
      personId: boss.user.id,
    },
  });
  if (bossLeave.statusCode !== 201) {
    t.match(
      bossLeave.json().details[0].code,
      /leaveNoWorkingDays|leaveIncludesHoliday/,
      'today is not a working day: nothing to test',
    );
    return;
  }
  await deputy.inject({
    method: 'PUT',
    url: `/api/leave-request-approvers/${bossLeave.json().approvers[0].id}/action`,
    payload: { status: 'APPROVED' },
  });
  const week = workWeek();
  const request = await employee.inject({
    method: 'POST',
    url: '/api/leave-requests',
    payload: {
      absenceTypeId: sickness,
      startDate: week.monday,
      startPart: 'MORNING',
      endDate: week.monday,
      endPart: 'AFTERNOON',
      approverIds: [boss.user.id],
    },
  });
  t.equal(request.statusCode, 201, request.body);
  const approvers = request.json().approvers;
  t.equal(approvers[0].approverId, deputy.user.id, 'routed to the substitute');
  t.ok(approvers[0].substituteForName, 'and says for whom');
  const mails = await app.db
    .selectFrom('mail_outbox')
    .select(['to_email', 'template'])
    .where('template', 'in', ['leave-substituteAssigned', 'leave-substituted'])
    .execute();
  t.same(mails.map((m) => m.to_email).sort(), [boss.user.email, deputy.user.email].sort(), 'both are told');
  t.same((await deputy.inject({ method: 'GET', url: '/api/leave-request-approvers/total' })).json(), {
    total: 1,
  });
});

t.test('a private calendar feed is valid iCalendar and stops when revoked', async (t) => {
  const app = await buildTestApp(t);
  const employee = await app.signIn({ permissions: ['leave.request'], firstName: 'Feed', lastName: 'Owner' });
  const approver = await app.signIn({ permissions: ['leave.approve'] });
  const department = await createDepartment(app.db, 'Design', [employee.user.id]);
  const vacation = await absenceTypeId(app.db, 'Vacation');
  const week = workWeek();
  const created = await employee.inject({
    method: 'POST',
    url: '/api/leave-requests',
    payload: {
      absenceTypeId: vacation,
      startDate: week.monday,
      startPart: 'MORNING',
      endDate: week.wednesday,
      endPart: 'AFTERNOON',
      approverIds: [approver.user.id],
    },
  });
  t.equal(created.statusCode, 201);
  const feed = await employee.inject({
    method: 'POST',
    url: '/api/leave-calendar-feeds',
    payload: { scope: 'PERSON' },
  });
  t.equal(feed.statusCode, 201, feed.body);
  const url = new URL(feed.json().url);
  t.match(url.pathname, /^\/api\/leave-calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
  const ics = await app.inject({ method: 'GET', url: url.pathname });
  t.equal(ics.statusCode, 200);
  t.match(ics.headers['content-type'], /text\/calendar/);
  const parsed = nodeIcal.sync.parseICS(ics.body);
  const events = Object.values(parsed).filter((item) => item?.type === 'VEVENT') as Array<{
    summary: string;
    start: Date;
    end: Date;
    datetype?: string;
  }>;
  t.equal(events.length, 1);
  t.match(events[0]!.summary, /Vacation/);
  t.equal(events[0]!.start.toISOString().slice(0, 10), week.monday);
  t.equal(events[0]!.end.toISOString().slice(0, 10), addDays(week.wednesday, 1), 'the end is exclusive');

  const department_feed = await employee.inject({
    method: 'POST',
    url: '/api/leave-calendar-feeds',
    payload: { scope: 'DEPARTMENT' },
  });
  t.equal(department_feed.json().departmentName, 'Design');
  const other = await employee.inject({
    method: 'POST',
    url: '/api/leave-calendar-feeds',
    payload: { scope: 'DEPARTMENT', departmentId: await createDepartment(app.db, 'Sales') },
  });
  t.equal(other.statusCode, 403, 'another department’s feed needs leave.manage');
  t.ok(department);

  const list = (await employee.inject({ method: 'GET', url: '/api/leave-calendar-feeds' })).json().items;
  t.equal(list.length, 2);
  t.notOk(list[0].url, 'the address is not shown again');
  t.equal(
    (await employee.inject({ method: 'DELETE', url: `/api/leave-calendar-feeds/${feed.json().id}` }))
      .statusCode,
    204,
  );
  t.equal(
    (await app.inject({ method: 'GET', url: url.pathname })).statusCode,
    404,
    'a revoked feed answers nothing',
  );
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/leave-calendar/not-a-real-token-but-long-enough.ics' }))
      .statusCode,
    404,
  );
});
