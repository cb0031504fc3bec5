import t from 'tap';
import { addDays } from '../../shared/rules/periods.ts';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { absenceTypeId, createDepartment, leaveState, workWeek } from '../helpers/leave-factories.ts';
import { companyToday } from '../../server/core/company-date.ts';

/**
 * Leave requests and approvals through the API (issue 11): durations, the rules a request must
 * follow, the rule for several approvers, notifications and mails, edits, deletes and cancels, and
 * the races that must end in one consistent state.
 */

const EMPLOYEE = ['leave.request'] as const;
const APPROVER = ['leave.request', 'leave.approve'] as const;

/** A requester and two approvers, each with only what they need. */
async function world(app: TestApp) {
  const employee = await app.signIn({ permissions: [...EMPLOYEE], firstName: 'An', lastName: 'Nguyen' });
  const boss = await app.signIn({ permissions: [...APPROVER], firstName: 'Binh', lastName: 'Tran' });
  const lead = await app.signIn({
    permissions: [...APPROVER],
    firstName: 'Chi',
    lastName: 'Le',
    language: 'vi',
  });
  const vacation = await absenceTypeId(app.db, 'Vacation');
  return { employee, boss, lead, vacation };
}

function body(
  type: string,
  approverIds: string[],
  span: Partial<Record<'startDate' | 'endDate' | 'startPart' | 'endPart', string>>,
) {
  return {
    absenceTypeId: type,
    startPart: 'MORNING',
    endPart: 'AFTERNOON',
    reason: 'Family trip',
    approverIds,
    ...span,
  };
}

t.test(
  'an employee requests leave: half days count, approvers hear of it, the balance holds it',
  async (t) => {
    const app = await buildTestApp(t);
    const { employee, boss, lead, vacation } = await world(app);
    const week = workWeek();

    // Monday afternoon to Wednesday noon: 0.5 + 1 + 0.5 = 2 days. Over a weekend: Friday to Monday is 2.
    const response = await employee.inject({
      method: 'POST',
      url: '/api/leave-requests',
      payload: body(vacation, [boss.user.id, lead.user.id], {
        startDate: week.monday,
        startPart: 'AFTERNOON',
        endDate: week.wednesday,
        endPart: 'MORNING',
      }),
    });
    t.equal(response.statusCode, 201, response.body);
    const created = response.json();
    t.equal(created.duration, 2);
    t.equal(created.status, 'WAITING FOR APPROVAL');
    t.same(
      created.approvers.map((a: { status: string }) => a.status),
      ['WAITING FOR APPROVAL', 'WAITING FOR APPROVAL'],
    );
    t.same(created.abilities, { edit: true, delete: true, cancel: false, decide: false });

    const notes = await app.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'NEW_LEAVE_REQUEST')
      .execute();
    t.same(
      notes.map((n) => n.user_id).sort(),
      [boss.user.id, lead.user.id].sort(),
      'each approver is notified',
    );
    t.match(notes[0]!.data, {
      leaveRequest: { id: created.id, duration: 2, firstName: 'An', lastName: 'Nguyen' },
      actor: { firstName: 'An' },
    });
    const mails = await app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', 'leave-newRequest')
      .execute();
    t.equal(mails.length, 2);
    t.match(
      mails.find((m) => m.to_email === lead.user.email)!.subject,
      /xin nghỉ/,
      'mail in the approver’s language',
    );
    t.match(mails.find((m) => m.to_email === boss.user.email)!.text_body, /\(2 days\)/);

    const balances = (await employee.inject({ method: 'GET', url: '/api/leave-requests/balances' })).json();
    const vacationBalance = balances.items.find(
      (b: { absenceType: { id: string } }) => b.absenceType.id === vacation,
    );
    t.match(vacationBalance, { entitled: 12, pending: 2, used: 0, remaining: 10 });

    const mine = (await employee.inject({ method: 'GET', url: '/api/leave-requests/me' })).json();
    t.equal(mine.total, 1);
    t.equal(mine.items[0].id, created.id);

    const queue = (await boss.inject({ method: 'GET', url: '/api/leave-request-approvers' })).json();
    t.equal(queue.total, 1);
    t.equal(queue.items[0].request.id, created.id);
    t.equal(queue.items[0].request.abilities.decide, true);
    t.same((await boss.inject({ method: 'GET', url: '/api/leave-request-approvers/total' })).json(), {
      total: 1,
    });
    t.same((await employee.inject({ method: 'GET', url: '/api/leave-request-approvers/total' })).json(), {
      total: 0,
    });

    const weekend = await employee.inject({
      method: 'POST',
      url: '/api/leave-requests',
      payload: body(vacation, [boss.user.id], { startDate: week.friday, endDate: week.nextMonday }),
    });
    t.equal(weekend.statusCode, 201, weekend.body);
    t.equal(weekend.json().duration, 2, 'Saturday and Sunday do not count');
  },
);

t.test('every approver must approve; one rejection rejects; the requester is told', async (t) => {
  const app = await buildTestApp(t);
  const { employee, boss, lead, vacation } = await world(app);
  const week = workWeek();
  const created = (
    await employee.inject({
      method: 'POST',
      url: '/api/leave-requests',
      payload: body(vacation, [boss.user.id, lead.user.id], {
        startDate: week.monday,
        endDate: week.tuesday,
      }),
    })
  ).json();
  const approvalOf = (id: string) =>
    created.approvers.find((a: { approverId: string }) => a.approverId === id).id;

  const first = await boss.inject({
    method: 'PUT',
    url: `/api/leave-request-approvers/${approvalOf(boss.user.id)}/action`,
    payload: { status: 'APPROVED' },
  });
  t.equal(first.statusCode, 200, first.body);
  t.equal(first.json().status, 'WAITING FOR APPROVAL', 'one of two approvals is not enough');
  const again = await boss.inject({
    method: 'PUT',
    url: `/api/leave-request-approvers/${approvalOf(boss.user.id)}/action`,
    payload: { status: 'REJECTED', reason: 'No' },
  });
  t.equal(again.statusCode, 409);
  t.equal(again.json().code, 'APPROVAL_CLOSED');

  const second = await lead.inject({
    method: 'PUT',
    url: `/api/leave-request-approvers/${approvalOf(lead.user.id)}/action`,
    payload: { status: 'APPROVED' },
  });
  t.equal(second.json().status, 'APPROVED');
  const told = await app.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', employee.user.id)
    .execute();
  t.same(
    told.map((n) => n.type),
    ['LEAVE_REQUEST_APPROVED'],
  );
  const balance = (await employee.inject({ method: 'GET', url: '/api/leave-requests/balances' })).json();
  t.match(
    balance.items.find((b: { absenceType: { id: string } }) => b.absenceType.id === vacation),
    { used: 2, pending: 0, remaining: 10 },
  );

  // A second request: a rejection needs a reason, then rejects at once.
  const next = (
    await employee.inject({
      method: 'POST',
      url: '/api/leave-requests',
      payload: body(vacation, [boss.user.id, lead.user.id], { startDate: week.friday, endDate: week.friday }),
    })
  ).json();
  const bossApproval = next.approvers.find((a: { approverId: string }) => a.approverId === boss.user.id).id;
  const before = await leaveState(app.db);
  const noReason = await boss.inject({
    method: 'PUT',
    url: `/api/leave-request-approvers/${bossApproval}/action`,
    payload: { status: 'REJECTED', reason: '' },
  });
  t.equal(noReason.statusCode, 422);
  t.equal(noReason.json().details[0].message, 'Give a reason for the rejection');
  t.same(await leaveState(app.db), before, 'nothing changed');
  const rejected = await boss.inject({
    method: 'PUT',
    url: `/api/leave-request-approvers/${bossApproval}/action`,
    payload: { status: 'REJECTED', reason: 'Release week' },
  });
  t.equal(rejected.json().status, 'REJECTED');
  t.equal(rejected.json().decisionReason, 'Release week');
  const leadApproval = next.approvers.find((a: { approverId: string }) => a.approverId === lead.user.id).id;
  const late = await lead.inject({
    method: 'PUT',
    url: `/api/leave-request-approvers/${leadApproval}/action`,
    payload: { status: 'APPROVED' },
  });
  t.equal(late.statusCode, 409);
  t.equal(late.json().code, 'LEAVE_REQUEST_CLOSED');
  const mail = await app.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('template', '=', 'leave-rejected')
    .executeTakeFirstOrThrow();
  t.match(mail.text_body, /Release week/);
  t.same(
    (await lead.inject({ method: 'GET', url: '/api/leave-request-approvers/total' })).json(),
    { total: 0 },
    'a rejected request no longer waits for the others',
  );
});

t.test('each rule refuses with a clear, translated message and changes nothing', async (t) => {
  const app = await buildTestApp(t);
  const { employee, boss, vacation } = await world(app);
  const week = workWeek();
  const noApprove = await app.signIn({ permissions: ['leave.request'], firstName: 'Dung', lastName: 'Pham' });
  const inactive = await app.signIn({ permissions: [...APPROVER], firstName: 'Em', lastName: 'Vo' });
  await app.db.updateTable('users').set({ status: 'INACTIVE' }).where('id', '=', inactive.user.id).execute();
  const hr = await app.signIn({ permissions: ['leave.manage', 'leave.request'] });
  const holiday = await hr.inject({
    method: 'POST',
    url: '/api/holidays',
    payload: { name: 'Founders day', startDate: week.wednesday, endDate: week.wednesday },
  });
  t.equal(holiday.statusCode, 201);
  await employee.inject({
    method: 'POST',
    url: '/api/leave-requests',
    payload: body(vacation, [boss.user.id], { startDate: week.friday, endDate: week.friday }),
  });
  const sickness = await absenceTypeId(app.db, 'Sickness');
  const maternity = await absenceTypeId(app.db, 'Maternity / paternity');
  const compassionate = await absenceTypeId(app.db, 'Compassionate');

  const cases: Array<[string, Record<string, unknown>, string, string, Record<string, unknown>?]> = [
    [
      'end before start',
      body(vacation, [boss.user.id], { startDate: week.tuesday, endDate: week.monday }),
      'endDate',
      'End date must be after start date',
    ],
    [
      'a holiday inside',
      body(vacation, [boss.user.id], { startDate: week.monday, endDate: week.wednesday }),
      'startDate',
      'Leave time is not allowed to include holidays (Founders day)',
    ],
    [
      'only a weekend',
      body(vacation, [boss.user.id], { startDate: week.saturday, endDate: week.sunday }),
      'startDate',
      'These dates include no working day',
    ],
    [
      'overlap with own request',
      body(vacation, [boss.user.id], { startDate: week.friday, endDate: week.friday }),
      'startDate',
      `You already have leave on these days (${week.friday})`,
    ],
    [
      'more than the balance',
      body(compassionate, [boss.user.id], { startDate: workWeek(4).monday, endDate: workWeek(4).friday }),
      'endDate',
      'Only 3 days of Compassionate remain; this request takes 5',
    ],
    [
      'approver is the requester',
      body(vacation, [employee.user.id], { startDate: week.monday, endDate: week.monday }),
      'approverIds',
      'You cannot approve your own request',
    ],
    [
      'approver is inactive',
      body(vacation, [inactive.user.id], { startDate: week.monday, endDate: week.monday }),
      'approverIds',
      'Em Vo is not an active employee',
    ],
    [
      'approver cannot approve',
      body(vacation, [noApprove.user.id], { startDate: week.monday, endDate: week.monday }),
      'approverIds',
      'Dung Pham cannot approve leave requests',
    ],
    [
      'half day where not allowed',
      body(maternity, [boss.user.id], { startDate: week.monday, endDate: week.tuesday, endPart: 'MORNING' }),
      'endPart',
      'Maternity / paternity cannot be taken in half days',
    ],
    [
      'sick leave without certificate',
      body(sickness, [boss.user.id], { startDate: week.monday, endDate: week.tuesday, startPart: 'MORNING' }),
      'startDate',
      '',
    ],
    [
      'afternoon to noon of one day',
      body(vacation, [boss.user.id], {
        startDate: week.monday,
        endDate: week.monday,
        startPart: 'AFTERNOON',
        endPart: 'MORNING',
      }),
      'endPart',
      'A one-day request cannot start in the afternoon and end at noon',
    ],
    [
      'unknown absence type',
      body('00000000-0000-4000-8000-000000000000', [boss.user.id], {
        startDate: week.monday,
        endDate: week.monday,
      }),
      'absenceTypeId',
      'The selected absence type does not exist',
    ],
  ];
  // Sick leave: over 2 days needs the certificate; make it 3 days.
  cases[9] = [
    'sick leave without certificate',
    body(sickness, [boss.user.id], { startDate: workWeek(4).monday, endDate: workWeek(4).friday }),
    'attachment',
    'Sickness longer than 2 days needs an attachment (PDF, PNG or JPG)',
  ];
  for (const [name, payload, field, message] of cases) {
    const before = await leaveState(app.db);
    const response = await employee.inject({ method: 'POST', url: '/api/leave-requests', payload });
    t.equal(response.statusCode, 422, `${name}: 422`);
    const detail = response.json().details?.find((d: { field: string }) => d.field === field);
    t.equal(detail?.message, message, `${name}: ${message}`);
    t.same(await leaveState(app.db), before, `${name}: nothing changed`);
  }

  const vi = await employee.inject({
    method: 'POST',
    url: '/api/leave-requests',
    headers: { 'accept-language': 'vi' },
    payload: body(vacation, [boss.user.id], { startDate: week.monday, endDate: week.wednesday }),
  });
  t.equal(
    vi.json().details[0].message,
    'Thời gian nghỉ không được bao gồm ngày lễ (Founders day)',
    'in Vietnamese too',
  );

  const notice = await employee.inject({
    method: 'POST',
    url: '/api/leave-requests',
    payload: body(vacation, [boss.user.id], {
      startDate: companyToday(app.config),
      endDate: companyToday(app.config),
    }),
  });
  t.equal(notice.statusCode, 422);
  t.ok(
    notice
      .json()
      .details.some(
        (d: { message: string }) => d.message === 'Vacation must be requested at least 3 working days ahead',
      ),
  );

  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const form = new FormData();
  for (const [key, value] of Object.entries(
    body(sickness, [boss.user.id], { startDate: week.monday, endDate: week.tuesday }),
  )) {
    if (Array.isArray(value)) for (const item of value) form.append(key, item);
    else form.append(key, String(value));
  }
  const shortSick = await employee.inject({
    method: 'POST',
    url: '/api/leave-requests',
    payload: form as never,
  });
  t.equal(shortSick.statusCode, 201, 'two sick days need no certificate: ' + shortSick.body);
  const withFile = new FormData();
  for (const [key, value] of Object.entries(
    body(sickness, [boss.user.id], { startDate: workWeek(4).monday, endDate: workWeek(4).friday }),
  )) {
    if (Array.isArray(value)) for (const item of value) withFile.append(key, item);
    else withFile.append(key, String(value));
  }
  withFile.append('attachment', new Blob([pdf], { type: 'application/pdf' }), 'certificate.pdf');
  const longSick = await employee.inject({
    method: 'POST',
    url: '/api/leave-requests',
    payload: withFile as never,
  });
  t.equal(longSick.statusCode, 201, longSick.body);
  t.match(longSick.json().attachment, { name: 'certificate.pdf', type: 'application/pdf' });
  const download = await boss.inject({
    method: 'GET',
    url: `/api/leave-requests/${longSick.json().id}/attachment`,
  });
  t.equal(download.statusCode, 200);
  t.equal(download.rawPayload.subarray(0, 5).toString(), '%PDF-');
});

t.test(
  'edits need the current version; decided requests are closed; cancel gives the days back',
  async (t) => {
    const app = await buildTestApp(t);
    const { employee, boss, vacation } = await world(app);
    const week = workWeek();
    const created = (
      await employee.inject({
        method: 'POST',
        url: '/api/leave-requests',
        payload: body(vacation, [boss.user.id], { startDate: week.monday, endDate: week.tuesday }),
      })
    ).json();

    const edit = (version: number, endDate = week.wednesday) =>
      employee.inject({
        method: 'PUT',
        url: `/api/leave-requests/${created.id}`,
        payload: { ...body(vacation, [boss.user.id], { startDate: week.monday, endDate }), version },
      });
    const changed = await edit(created.version);
    t.equal(changed.statusCode, 200, changed.body);
    t.equal(changed.json().duration, 3);
    const stale = await edit(created.version, week.friday);
    t.equal(stale.statusCode, 412, 'an edit made on an older version is refused');

    const stranger = await app.signIn({ permissions: [...EMPLOYEE] });
    t.equal(
      (await stranger.inject({ method: 'GET', url: `/api/leave-requests/${created.id}` })).statusCode,
      404,
      'others do not see it',
    );
    t.equal(
      (await stranger.inject({ method: 'DELETE', url: `/api/leave-requests/${created.id}` })).statusCode,
      404,
    );

    const approval = changed.json().approvers[0].id;
    await boss.inject({
      method: 'PUT',
      url: `/api/leave-request-approvers/${approval}/action`,
      payload: { status: 'APPROVED' },
    });
    const closed = await edit(changed.json().version + 1);
    t.equal(closed.statusCode, 409);
    t.equal(closed.json().code, 'LEAVE_REQUEST_CLOSED');
    t.equal(
      (await employee.inject({ method: 'DELETE', url: `/api/leave-requests/${created.id}` })).statusCode,
      409,
    );

    const approved = (
      await employee.inject({ method: 'GET', url: `/api/leave-requests/${created.id}` })
    ).json();
    t.equal(approved.abilities.cancel, true);
    const cancelled = await employee.inject({
      method: 'POST',
      url: `/api/leave-requests/${created.id}/cancel`,
    });
    t.equal(cancelled.json().status, 'CANCELLED');
    const balance = (await employee.inject({ method: 'GET', url: '/api/leave-requests/balances' })).json();
    t.match(
      balance.items.find((b: { absenceType: { id: string } }) => b.absenceType.id === vacation),
      { used: 0, remaining: 12 },
      'the days came back',
    );
    const twice = await employee.inject({ method: 'POST', url: `/api/leave-requests/${created.id}/cancel` });
    t.equal(twice.statusCode, 409);
    t.equal(twice.json().code, 'LEAVE_NOT_CANCELLABLE');

    const waiting = (
      await employee.inject({
        method: 'POST',
        url: '/api/leave-requests',
        payload: body(vacation, [boss.user.id], { startDate: week.friday, endDate: week.friday }),
      })
    ).json();
    t.equal(
      (await employee.inject({ method: 'DELETE', url: `/api/leave-requests/${waiting.id}` })).statusCode,
      204,
    );
    t.equal(
      (await app.db.selectFrom('leave_requests').select('id').where('id', '=', waiting.id).execute()).length,
      0,
    );
  },
);

t.test('races end in one consistent state', async (t) => {
  const app = await buildTestApp(t);
  const { employee, boss, lead, vacation } = await world(app);
  const week = workWeek();

  // Two approvers answering at once: approved once, the requester told once.
  const created = (
    await employee.inject({
      method: 'POST',
      url: '/api/leave-requests',
      payload: body(vacation, [boss.user.id, lead.user.id], { startDate: week.monday, endDate: week.monday }),
    })
  ).json();
  const answers = await Promise.all(
    [boss, lead].map((who) =>
      who.inject({
        method: 'PUT',
        url: `/api/leave-request-approvers/${created.approvers.find((a: { approverId: string }) => a.approverId === who.user.id).id}/action`,
        payload: { status: 'APPROVED' },
      }),
    ),
  );
  t.same(
    answers.map((r) => r.statusCode),
    [200, 200],
  );
  const row = await app.db
    .selectFrom('leave_requests')
    .select('status')
    .where('id', '=', created.id)
    .executeTakeFirstOrThrow();
  t.equal(row.status, 'APPROVED');
  const told = await app.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', employee.user.id)
    .execute();
  t.equal(told.length, 1, 'the requester is told once');

  // An edit racing an approval: one of them wins, the other is refused; the row is consistent.
  const next = (
    await employee.inject({
      method: 'POST',
      url: '/api/leave-requests',
      payload: body(vacation, [boss.user.id], { startDate: week.wednesday, endDate: week.wednesday }),
    })
  ).json();
  const [editResult, approveResult] = await Promise.all([
    employee.inject({
      method: 'PUT',
      url: `/api/leave-requests/${next.id}`,
      payload: {
        ...body(vacation, [boss.user.id], { startDate: week.wednesday, endDate: week.friday }),
        version: next.version,
      },
    }),
    boss.inject({
      method: 'PUT',
      url: `/api/leave-request-approvers/${next.approvers[0].id}/action`,
      payload: { status: 'APPROVED' },
    }),
  ]);
  const final = await app.db
    .selectFrom('leave_requests')
    .selectAll()
    .where('id', '=', next.id)
    .executeTakeFirstOrThrow();
  if (editResult.statusCode === 200) {
    // The edit came first: the approval was of the old version and may have been refused or asked again.
    t.ok(
      [200, 404, 409].includes(approveResult.statusCode),
      `approval after edit: ${approveResult.statusCode}`,
    );
  } else {
    t.equal(editResult.statusCode, 409, 'the approval came first: the edit is refused');
    t.equal(final.status, 'APPROVED');
    t.equal(Number(final.duration), 1);
  }

  // Parallel requests from one person cannot overdraw the balance: 3 compassionate days, five asked at once.
  const other = await app.signIn({ permissions: [...EMPLOYEE] });
  const compassionate = await absenceTypeId(app.db, 'Compassionate');
  const w = workWeek(4);
  const days = [w.monday, w.tuesday, w.wednesday, addDays(w.monday, 3), w.friday];
  const parallel = await Promise.all(
    days.map((day) =>
      other.inject({
        method: 'POST',
        url: '/api/leave-requests',
        payload: body(compassionate, [boss.user.id], { startDate: day, endDate: day }),
      }),
    ),
  );
  t.equal(parallel.filter((r) => r.statusCode === 201).length, 3, 'three fit in three days');
  t.equal(parallel.filter((r) => r.statusCode === 422).length, 2, 'the others are refused');
  const held = await app.db
    .selectFrom('leave_requests')
    .select((eb) => eb.fn.sum<string>('duration').as('days'))
    .where('user_id', '=', other.user.id)
    .executeTakeFirstOrThrow();
  t.equal(Number(held.days), 3);
});

t.test('HR sees every request, filters, acts for an approver who is away, files for others', async (t) => {
  const app = await buildTestApp(t);
  const { employee, boss, vacation } = await world(app);
  const hr = await app.signIn({ builtInRoles: ['hr'] });
  const department = await createDepartment(app.db, 'Delivery', [employee.user.id]);
  const week = workWeek();
  const created = (
    await employee.inject({
      method: 'POST',
      url: '/api/leave-requests',
      payload: body(vacation, [boss.user.id], { startDate: week.monday, endDate: week.monday }),
    })
  ).json();
  t.equal(
    (await employee.inject({ method: 'GET', url: '/api/leave-requests' })).statusCode,
    403,
    'an employee cannot list everyone’s',
  );
  const list = (
    await hr.inject({
      method: 'GET',
      url: `/api/leave-requests?departmentId=${department}&status=WAITING%20FOR%20APPROVAL`,
    })
  ).json();
  t.same(
    list.items.map((r: { id: string }) => r.id),
    [created.id],
  );
  t.equal(
    (await hr.inject({ method: 'GET', url: `/api/leave-requests?personId=${boss.user.id}` })).json().total,
    0,
  );
  t.equal(
    (await hr.inject({ method: 'GET', url: `/api/leave-requests?from=${week.friday}&to=${week.monday}` }))
      .statusCode,
    422,
  );

  const acted = await hr.inject({
    method: 'PUT',
    url: `/api/leave-request-approvers/${created.approvers[0].id}/action`,
    payload: { status: 'APPROVED' },
  });
  t.equal(acted.statusCode, 200, acted.body);
  t.equal(acted.json().status, 'APPROVED');
  t.ok(acted.json().approvers[0].actedByName, 'the approval says who acted for the approver');

  const stranger = await app.signIn({ permissions: [...APPROVER] });
  const otherRequest = (
    await employee.inject({
      method: 'POST',
      url: '/api/leave-requests',
      payload: body(vacation, [boss.user.id], { startDate: week.wednesday, endDate: week.wednesday }),
    })
  ).json();
  const refused = await stranger.inject({
    method: 'PUT',
    url: `/api/leave-request-approvers/${otherRequest.approvers[0].id}/action`,
    payload: { status: 'APPROVED' },
  });
  t.equal(refused.statusCode, 404, 'an approver not on the request cannot act on it');

  const filed = await hr.inject({
    method: 'POST',
    url: '/api/leave-requests',
    payload: {
      ...body(vacation, [boss.user.id], {
        startDate: companyToday(app.config).replace(/\d\d$/, '01'),
        endDate: companyToday(app.config).replace(/\d\d$/, '01'),
      }),
      personId: employee.user.id,
    },
  });
  t.ok([201, 422].includes(filed.statusCode), 'HR may file after the fact (no notice rule)');
  if (filed.statusCode === 422)
    t.notOk(filed.json().details.some((d: { code: string }) => d.code === 'leaveNotice'));
  const forbidden = await stranger.inject({
    method: 'POST',
    url: '/api/leave-requests',
    payload: {
      ...body(vacation, [boss.user.id], { startDate: week.friday, endDate: week.friday }),
      personId: employee.user.id,
    },
  });
  t.equal(forbidden.statusCode, 403, 'only HR files for someone else');
  t.equal(
    (
      await stranger.inject({
        method: 'GET',
        url: `/api/leave-requests/balances?personId=${employee.user.id}`,
      })
    ).statusCode,
    403,
  );
  t.equal(
    (await hr.inject({ method: 'GET', url: `/api/leave-requests/balances?personId=${employee.user.id}` }))
      .statusCode,
    200,
  );
});
