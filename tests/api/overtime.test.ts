import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { absenceTypeId, workWeek } from '../helpers/leave-factories.ts';

/**
 * Overtime through the API (issue 12): durations across midnight, limits per day, month and year at
 * submission and again at approval, the remaining hours, races, summaries and the report.
 */

async function world(app: TestApp) {
  const employee = await app.signIn({ permissions: ['overtime.request'], firstName: 'Tuan', lastName: 'Ly' });
  const lead = await app.signIn({ permissions: ['overtime.approve'], firstName: 'Ha', lastName: 'Vu' });
  const manager = await app.signIn({ permissions: ['overtime.manage', 'overtime.report'] });
  return { employee, lead, manager };
}

const ask = (
  who: { inject: TestApp['inject'] },
  approverId: string,
  workDate: string,
  startTime: string,
  endTime: string,
  extra: object = {},
) =>
  who.inject({
    method: 'POST',
    url: '/api/ot-requests/me',
    payload: { workDate, startTime, endTime, reason: 'Release', approverIds: [approverId], ...extra },
  });

async function overtimeState(app: TestApp) {
  const [requests, segments, approvers, audit] = await Promise.all([
    app.db.selectFrom('ot_requests').selectAll().orderBy('id').execute(),
    app.db.selectFrom('ot_segments').selectAll().orderBy('ot_request_id').orderBy('day').execute(),
    app.db.selectFrom('ot_request_approvers').selectAll().orderBy('id').execute(),
    app.db.selectFrom('audit_events').select('id').execute(),
  ]);
  return { requests, segments, approvers, audit: audit.length };
}

t.test('overtime across midnight counts on both days, with night and weekend rates', async (t) => {
  const app = await buildTestApp(t);
  const { employee, lead } = await world(app);
  await employee.inject({ method: 'GET', url: '/api/ot-requests/me' });
  const week = workWeek();
  await app.db
    .insertInto('ot_limits')
    .values({
      effective_from: '2001-01-01',
      daily_minutes: 600,
      monthly_minutes: 2400,
      yearly_minutes: 12000,
    })
    .execute();
  const response = await ask(employee, lead.user.id, week.friday, '22:00', '02:00');
  t.equal(response.statusCode, 201, response.body);
  const created = response.json();
  t.equal(created.duration, 4);
  t.same(created.segments, [
    { day: week.friday, hours: 2, nightHours: 2, dayType: 'WORKDAY' },
    { day: week.saturday, hours: 2, nightHours: 2, dayType: 'WEEKEND' },
  ]);
  t.equal(created.payEquivalentHours, 8.2, '2 h × 150 % + 2 h × 200 % + 4 night hours × 30 %');
  t.equal(created.status, 'WAITING FOR APPROVAL');

  const remaining = (
    await employee.inject({ method: 'GET', url: `/api/ot-requests/remaining-overtimes?date=${week.friday}` })
  ).json();
  t.match(remaining, {
    day: { limit: 10, waiting: 2, remaining: 8 },
    month: { limit: 40 },
    year: { limit: 200 },
  });

  const decided = await lead.inject({
    method: 'PATCH',
    url: `/api/ot-requests/${created.id}/status`,
    payload: { status: 'APPROVED' },
  });
  t.equal(decided.statusCode, 200, decided.body);
  t.equal(decided.json().status, 'APPROVED');
  const told = await app.db
    .selectFrom('notifications')
    .select(['user_id', 'type', 'data'])
    .orderBy('created_at')
    .execute();
  t.same(
    told.map((n) => [n.user_id, n.type]),
    [
      [lead.user.id, 'NEW_OVERTIME_REQUEST'],
      [employee.user.id, 'OVERTIME_REQUEST_APPROVED'],
    ],
    'the approver, then the requester, are told live',
  );
  t.match(told[1]!.data, { overtimeRequest: { id: created.id, hours: 4, workDate: week.friday } });
  const mail = await app.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('template', '=', 'overtime-approved')
    .executeTakeFirstOrThrow();
  t.equal(mail.to_email, employee.user.email);
  t.match(mail.text_body, /\(4 hours\)/);
});

t.test(
  'limits: checked at submission with waiting hours, and again at approval with approved ones',
  async (t) => {
    const app = await buildTestApp(t);
    const { employee, lead, manager } = await world(app);
    const week = workWeek();
    const before = await overtimeState(app);
    const tooLong = await ask(employee, lead.user.id, week.monday, '18:00', '23:00');
    t.equal(tooLong.statusCode, 422);
    t.equal(
      tooLong.json().details[0].message,
      `This passes the daily limit of 4 hours on ${week.monday.replaceAll('-', '/')}: 0 hours are already taken, 4 left`,
    );
    t.same(await overtimeState(app), before, 'nothing changed');

    // A month of 6 hours: two requests of 3 hours fit together, a third does not.
    const set = await manager.inject({
      method: 'PUT',
      url: '/api/ot-settings',
      payload: { dailyHours: 4, monthlyHours: 6, yearlyHours: 200 },
    });
    t.equal(set.statusCode, 200, set.body);
    const a = (await ask(employee, lead.user.id, week.monday, '18:00', '21:00')).json();
    const b = (await ask(employee, lead.user.id, week.tuesday, '18:00', '21:00')).json();
    const third = await ask(employee, lead.user.id, week.wednesday, '18:00', '19:00');
    t.equal(third.statusCode, 422);
    t.match(third.json().details[0].message, /monthly limit of 6 hours.*6 hours are already taken, 0 left/);
    t.equal(
      (
        await lead.inject({
          method: 'PATCH',
          url: `/api/ot-requests/${a.id}/status`,
          payload: { status: 'APPROVED' },
        })
      ).statusCode,
      200,
    );

    // The limit drops to 5 from today: B no longer fits once A is approved, and the list says so.
    await manager.inject({
      method: 'PUT',
      url: '/api/ot-settings',
      payload: { dailyHours: 4, monthlyHours: 5, yearlyHours: 200 },
    });
    const listed = (
      await lead.inject({ method: 'GET', url: '/api/ot-requests?status=WAITING%20FOR%20APPROVAL' })
    ).json();
    t.equal(
      listed.items.find((r: { id: string }) => r.id === b.id).fitsLimits,
      false,
      'flagged for the approver',
    );
    const refused = await lead.inject({
      method: 'PATCH',
      url: `/api/ot-requests/${b.id}/status`,
      payload: { status: 'APPROVED' },
    });
    t.equal(refused.statusCode, 422);
    t.match(refused.json().details[0].message, /monthly limit of 5 hours.*3 hours are already taken, 2 left/);
    t.equal(
      (
        await app.db
          .selectFrom('ot_requests')
          .select('status')
          .where('id', '=', b.id)
          .executeTakeFirstOrThrow()
      ).status,
      'WAITING FOR APPROVAL',
    );
    const approvedA = (await employee.inject({ method: 'GET', url: `/api/ot-requests/${a.id}/me` })).json();
    t.equal(approvedA.status, 'APPROVED', 'approved history stays as it was');

    const noReason = await lead.inject({
      method: 'PATCH',
      url: `/api/ot-requests/${b.id}/status`,
      payload: { status: 'REJECTED' },
    });
    t.equal(noReason.json().details[0].message, 'Give a reason for the rejection');
    const rejected = await lead.inject({
      method: 'PATCH',
      url: `/api/ot-requests/${b.id}/status`,
      payload: { status: 'REJECTED', reason: 'Over the limit' },
    });
    t.equal(rejected.json().status, 'REJECTED');
    const counts = (await manager.inject({ method: 'GET', url: '/api/ot-requests/counts' })).json();
    t.same(counts, { 'WAITING FOR APPROVAL': 0, APPROVED: 1, REJECTED: 1, total: 2 });
  },
);

t.test('parallel submissions by one person cannot pass a limit', async (t) => {
  const app = await buildTestApp(t);
  const { employee, lead } = await world(app);
  const week = workWeek();
  const answers = await Promise.all(
    ['17:00', '18:00', '19:00', '20:00', '21:00'].map((start) =>
      ask(
        employee,
        lead.user.id,
        week.monday,
        start,
        `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
      ),
    ),
  );
  t.equal(answers.filter((r) => r.statusCode === 201).length, 4, 'four hours fit in the daily four');
  t.equal(answers.filter((r) => r.statusCode === 422).length, 1);
});

t.test('each rule refuses with a clear message and changes nothing', async (t) => {
  const app = await buildTestApp(t);
  const { employee, lead } = await world(app);
  const week = workWeek();
  const noApprove = await app.signIn({ permissions: ['overtime.request'], firstName: 'Kim', lastName: 'Do' });
  t.equal((await ask(employee, lead.user.id, week.monday, '18:00', '20:00')).statusCode, 201);
  // The employee is on approved leave on Wednesday.
  const vacation = await absenceTypeId(app.db, 'Vacation');
  const leave = await app.db
    .insertInto('leave_requests')
    .values({
      user_id: employee.user.id,
      absence_type_id: vacation,
      start_date: week.wednesday,
      start_part: 'MORNING',
      end_date: week.wednesday,
      end_part: 'AFTERNOON',
      duration: 1,
      year: Number(week.wednesday.slice(0, 4)),
      status: 'APPROVED',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('leave_days')
    .values({ leave_request_id: leave.id, user_id: employee.user.id, day: week.wednesday, amount: 1 })
    .execute();
  const cases: Array<[string, Record<string, unknown>, string]> = [
    [
      'overlap',
      { workDate: week.monday, startTime: '19:00', endTime: '21:00' },
      'You already have overtime at these hours',
    ],
    [
      'on leave',
      { workDate: week.wednesday, startTime: '18:00', endTime: '19:00' },
      `You are on approved leave then (${week.wednesday})`,
    ],
    [
      'approver cannot approve',
      { workDate: week.tuesday, startTime: '18:00', endTime: '19:00', approverIds: [noApprove.user.id] },
      'Kim Do cannot approve overtime',
    ],
    [
      'not a project member',
      {
        workDate: week.tuesday,
        startTime: '18:00',
        endTime: '19:00',
        projectId: '00000000-0000-4000-8000-000000000000',
      },
      'You are not an active member of this project',
    ],
    [
      'sixteen hours at most',
      { workDate: week.tuesday, startTime: '18:00', endTime: '18:00' },
      'Overtime may last at most 16 hours',
    ],
  ];
  for (const [name, payload, message] of cases) {
    const before = await overtimeState(app);
    const response = await employee.inject({
      method: 'POST',
      url: '/api/ot-requests/me',
      payload: { reason: null, approverIds: [lead.user.id], ...payload },
    });
    t.equal(response.statusCode, 422, name);
    t.ok(
      response.json().details.some((d: { message: string }) => d.message === message),
      `${name}: ${message} (${response.body})`,
    );
    t.same(await overtimeState(app), before, `${name}: nothing changed`);
  }
  const quarter = await employee.inject({
    method: 'POST',
    url: '/api/ot-requests/me',
    payload: { workDate: week.tuesday, startTime: '18:15', endTime: '19:00', approverIds: [lead.user.id] },
  });
  t.equal(quarter.statusCode, 422, 'half-hour steps only');
});

t.test(
  'my requests, edits with a version, deletes; managers file for others and see everything',
  async (t) => {
    const app = await buildTestApp(t);
    const { employee, lead, manager } = await world(app);
    const week = workWeek();
    const created = (await ask(employee, lead.user.id, week.monday, '18:00', '20:00')).json();
    const edit = (version: number) =>
      employee.inject({
        method: 'PUT',
        url: `/api/ot-requests/${created.id}/me`,
        payload: {
          workDate: week.monday,
          startTime: '18:00',
          endTime: '21:00',
          approverIds: [lead.user.id],
          version,
        },
      });
    t.equal((await edit(created.version)).json().duration, 3);
    t.equal((await edit(created.version)).statusCode, 412);
    const stranger = await app.signIn({ permissions: ['overtime.request', 'overtime.approve'] });
    t.equal(
      (await stranger.inject({ method: 'GET', url: `/api/ot-requests/${created.id}` })).statusCode,
      404,
    );
    t.equal(
      (await stranger.inject({ method: 'GET', url: '/api/ot-requests' })).json().total,
      0,
      'an approver sees the requests naming them',
    );
    t.equal((await lead.inject({ method: 'GET', url: '/api/ot-requests' })).json().total, 1);
    const mine = (
      await employee.inject({ method: 'GET', url: `/api/ot-requests/me?month=${week.monday.slice(0, 7)}` })
    ).json();
    t.equal(mine.total, 1);
    const filed = await manager.inject({
      method: 'POST',
      url: '/api/ot-requests',
      payload: {
        workDate: week.tuesday,
        startTime: '18:00',
        endTime: '19:00',
        approverIds: [lead.user.id],
        personId: employee.user.id,
      },
    });
    t.equal(filed.statusCode, 201, filed.body);
    t.equal(filed.json().person.id, employee.user.id);
    t.equal(
      (
        await employee.inject({
          method: 'POST',
          url: '/api/ot-requests',
          payload: {
            workDate: week.tuesday,
            startTime: '18:00',
            endTime: '19:00',
            approverIds: [lead.user.id],
            personId: lead.user.id,
          },
        })
      ).statusCode,
      403,
    );
    t.equal(
      (await employee.inject({ method: 'DELETE', url: `/api/ot-requests/${created.id}/me` })).statusCode,
      204,
    );
    t.equal(
      (await manager.inject({ method: 'DELETE', url: `/api/ot-requests/${filed.json().id}` })).statusCode,
      204,
    );
  },
);

t.test('regulations, summaries and the report with its export', async (t) => {
  const app = await buildTestApp(t);
  const { employee, lead, manager } = await world(app);
  const regulations = (await employee.inject({ method: 'GET', url: '/api/ot-regulations' })).json();
  t.same(regulations, {
    content: '',
    workdayPercent: 150,
    weekendPercent: 200,
    holidayPercent: 300,
    nightBonusPercent: 30,
  });
  t.equal(
    (await employee.inject({ method: 'PUT', url: '/api/ot-regulations', payload: regulations })).statusCode,
    403,
  );
  const saved = await manager.inject({
    method: 'PUT',
    url: '/api/ot-regulations',
    payload: { ...regulations, content: 'Ask your lead first.' },
  });
  t.equal(saved.json().content, 'Ask your lead first.');

  const week = workWeek();
  for (const [date, start, end] of [
    [week.monday, '18:00', '20:00'],
    [week.saturday, '09:00', '12:00'],
  ] as const) {
    const created = (await ask(employee, lead.user.id, date, start, end)).json();
    await lead.inject({
      method: 'PATCH',
      url: `/api/ot-requests/${created.id}/status`,
      payload: { status: 'APPROVED' },
    });
  }
  const month = week.monday.slice(0, 7) === week.saturday.slice(0, 7) ? week.monday.slice(0, 7) : null;
  if (month) {
    const summary = (await manager.inject({ method: 'GET', url: `/api/ot-summaries?month=${month}` })).json();
    t.match(summary.items[0], {
      workdayHours: 2,
      weekendHours: 3,
      holidayHours: 0,
      totalHours: 5,
      payEquivalentHours: 9,
    });
  }
  const year = week.monday.slice(0, 4);
  const report = (
    await manager.inject({
      method: 'GET',
      url: `/api/ot-summaries/reports?period=quarter&from=${year}-01-01&to=${year}-12-31`,
    })
  ).json();
  t.equal(report.total, 5);
  t.match(report.rows[0], { total: 5, payEquivalentHours: 9 });
  t.equal((await employee.inject({ method: 'GET', url: '/api/ot-summaries/reports' })).statusCode, 403);
  const csv = await manager.inject({
    method: 'GET',
    url: `/api/ot-summaries/export-files?format=csv&period=year&from=${year}-01-01&to=${year}-12-31`,
  });
  t.equal(csv.statusCode, 200);
  const lines = csv.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  t.equal(lines[0], `Person,${year},Total,Pay-equivalent hours`);
  t.match(lines[1], /^Tuan Ly <.*>,5,5,9$/);
});
