import t from 'tap';
import { buildTestApp, type SignedInUser, type TestApp } from '../helpers/build-app.ts';
import { days, insertInvoice, invoiceState } from '../helpers/invoice-factories.ts';
import { userRoom } from '../../shared/realtime.schemas.ts';
import { startRealtimeServer, TestSocket } from '../helpers/realtime.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * Paying, rejecting and reopening invoices (issue 17): only PENDING → PAID or REJECTED, the payment
 * date's rules, a reason for a rejection, payers never deciding their own, the explicit way back,
 * 412 on a stale version, the notifications (live and by mail), and bulk decisions with a result per
 * invoice.
 */

async function world(t: Parameters<typeof buildTestApp>[0]) {
  const app = await buildTestApp(t);
  const employee = await app.signIn({ permissions: ['invoices.submit'], firstName: 'Lan', lastName: 'Pham' });
  // Payers submit their own expenses too (which another payer must pay).
  const payer = await app.signIn({
    permissions: ['invoices.pay', 'invoices.submit'],
    firstName: 'Hoa',
    lastName: 'Vu',
  });
  return { app, employee, payer };
}

async function submitted(app: TestApp, who: SignedInUser, extra: object = {}) {
  const response = await who.inject({
    method: 'POST',
    url: '/api/invoices',
    payload: {
      name: 'Team dinner',
      date: days().lastWeek,
      amount: '3.400.000',
      category: 'TEAM_BUILDING',
      kind: 'PERSONAL',
      ...extra,
    },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ id: string; version: number }>();
}

const status = (who: SignedInUser, id: string, payload: object, language = 'en') =>
  who.inject({
    method: 'PATCH',
    url: `/api/invoices/${id}/status`,
    headers: { 'accept-language': language },
    payload,
  });

t.test('a payer pays an invoice: PAYMENT_MADE to its submitter, live and by mail', async (t) => {
  const { app, employee, payer } = await world(t);
  const invoice = await submitted(app, employee);
  const paid = await status(payer, invoice.id, { status: 'PAID', version: 1, paymentDate: days().yesterday });
  t.equal(paid.statusCode, 200, paid.body);
  t.match(paid.json(), {
    status: 'PAID',
    paymentDate: days().yesterday,
    decidedBy: { id: payer.user.id, firstName: 'Hoa' },
    version: 2,
  });
  const notes = await app.db
    .selectFrom('notifications')
    .select(['user_id', 'type'])
    .where('type', '=', 'PAYMENT_MADE')
    .execute();
  t.same(notes, [{ user_id: employee.user.id, type: 'PAYMENT_MADE' }]);
  const mail = await app.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('template', '=', 'invoice-paid')
    .executeTakeFirstOrThrow();
  t.equal(mail.to_email, employee.user.email);
  t.match(mail.text_body, /Your invoice Team dinner \(3\.400\.000 VND, .*\) was paid on/);
  const actions = await app.db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_id', '=', invoice.id)
    .orderBy('occurred_at')
    .execute();
  t.same(
    actions.map((a) => a.action),
    ['invoice.created', 'invoice.paid'],
  );
});

t.test('the payment date and the state machine: refusals are clear and change nothing', async (t) => {
  const { app, employee, payer } = await world(t);
  const invoice = await submitted(app, employee);
  const before = await invoiceState(app.db);
  const refusal = async (payload: object, expected: [number, string], language = 'en') => {
    const response = await status(payer, invoice.id, payload, language);
    t.equal(response.statusCode, expected[0], response.body);
    const body = response.json();
    t.equal(body.details?.[0]?.message ?? body.message, expected[1]);
  };
  await refusal({ status: 'PAID', version: 1 }, [422, 'This field is required']);
  await refusal({ status: 'PAID', version: 1, paymentDate: days().lastMonth }, [
    422,
    `The payment date cannot be before the invoice date (${days().lastWeek.replaceAll('-', '/')})`,
  ]);
  await refusal({ status: 'PAID', version: 1, paymentDate: days().tomorrow }, [
    422,
    'The payment date cannot be after today',
  ]);
  await refusal(
    { status: 'PAID', version: 1, paymentDate: days().tomorrow },
    [422, 'Ngày thanh toán không được sau hôm nay'],
    'vi',
  );
  await refusal({ status: 'REJECTED', version: 1 }, [422, 'Give a reason for the rejection']);
  await refusal({ status: 'REJECTED', version: 1, reason: '' }, [422, 'Give a reason for the rejection']);
  await refusal({ status: 'REJECTED', version: 1, reason: '   ' }, [
    422,
    'This field cannot contain only spaces',
  ]);
  await refusal({ status: 'PAID', version: 7, paymentDate: days().yesterday }, [
    412,
    'The record changed since you loaded it. Reload and try again.',
  ]);
  await refusal({ status: 'PENDING', version: 1 }, [409, 'This invoice is already pending.']);
  t.same(await invoiceState(app.db), before, 'nothing changed');

  // The submitter may not pay; a payer may not pay their own.
  const own = await submitted(app, payer);
  t.equal(
    (await status(employee, invoice.id, { status: 'PAID', version: 1, paymentDate: days().today }))
      .statusCode,
    403,
  );
  const selfPay = await status(payer, own.id, { status: 'PAID', version: 1, paymentDate: days().today });
  t.equal(selfPay.statusCode, 403);
  t.equal(selfPay.json().message, 'You cannot pay or reject your own invoice: another payer must.');

  // Paid once: only a pending invoice is paid or rejected.
  t.equal(
    (await status(payer, invoice.id, { status: 'PAID', version: 1, paymentDate: days().lastWeek }))
      .statusCode,
    200,
  );
  const again = await status(payer, invoice.id, { status: 'REJECTED', version: 2, reason: 'Duplicate' });
  t.equal(again.statusCode, 409);
  t.equal(
    again.json().message,
    'This invoice is Paid: only a pending invoice can be changed, deleted, paid or rejected.',
  );
  const twice = await status(payer, invoice.id, { status: 'PAID', version: 2, paymentDate: days().today });
  t.equal(twice.statusCode, 409);
  // The submitter cannot take back a payment; nobody else sees it.
  t.equal((await status(employee, invoice.id, { status: 'PENDING', version: 2 })).statusCode, 403);
  const stranger = await app.signIn({ permissions: ['invoices.submit'] });
  t.equal((await status(stranger, invoice.id, { status: 'PENDING', version: 2 })).statusCode, 404);
});

t.test(
  'a rejection with its reason, sent back by the submitter; a payment taken back by a payer',
  async (t) => {
    const { app, employee, payer } = await world(t);
    const otherPayer = await app.signIn({ permissions: ['invoices.pay'] });
    const invoice = await submitted(app, employee);
    const rejected = await status(payer, invoice.id, {
      status: 'REJECTED',
      version: 1,
      reason: ' No receipt attached ',
    });
    t.equal(rejected.statusCode, 200, rejected.body);
    t.match(rejected.json(), { status: 'REJECTED', rejectionReason: 'No receipt attached', version: 2 });
    t.same(rejected.json().abilities, {
      edit: false,
      delete: false,
      pay: false,
      reject: false,
      reopen: true,
    });
    const told = await app.db
      .selectFrom('notifications')
      .select(['user_id', 'type'])
      .where('type', '=', 'PAYMENT_REJECTED')
      .execute();
    t.same(
      told,
      [{ user_id: employee.user.id, type: 'PAYMENT_REJECTED' }],
      'the constraint allows PAYMENT_REJECTED',
    );
    const mail = await app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', 'invoice-rejected')
      .executeTakeFirstOrThrow();
    t.match(mail.text_body, /Reason: No receipt attached/);
    const mine = (await employee.inject({ method: 'GET', url: `/api/invoices/${invoice.id}` })).json();
    t.match(mine, {
      status: 'REJECTED',
      rejectionReason: 'No receipt attached',
      abilities: { reopen: true },
    });

    // Sent back: pending again, the payers are asked again.
    const requestsBefore = await app.db
      .selectFrom('notifications')
      .select('id')
      .where('type', '=', 'PAYMENT_REQUEST')
      .execute();
    const reopened = await status(employee, invoice.id, {
      status: 'PENDING',
      version: 2,
      reason: 'Receipt added',
    });
    t.equal(reopened.statusCode, 200, reopened.body);
    t.match(reopened.json(), { status: 'PENDING', rejectionReason: null, decidedBy: null, version: 3 });
    const requestsAfter = await app.db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', 'PAYMENT_REQUEST')
      .execute();
    t.equal(requestsAfter.length - requestsBefore.length, 2, 'both payers are told again');

    // Paid by mistake, taken back by another payer.
    t.equal(
      (await status(payer, invoice.id, { status: 'PAID', version: 3, paymentDate: days().today })).statusCode,
      200,
    );
    const undone = await status(otherPayer, invoice.id, {
      status: 'PENDING',
      version: 4,
      reason: 'Paid the wrong invoice',
    });
    t.equal(undone.statusCode, 200, undone.body);
    t.match(undone.json(), { status: 'PENDING', paymentDate: null });
    const events = await app.db
      .selectFrom('audit_events')
      .select(['action', 'after'])
      .where('entity_id', '=', invoice.id)
      .orderBy('occurred_at')
      .orderBy('id')
      .execute();
    t.same(
      events.map((e) => e.action),
      ['invoice.created', 'invoice.rejected', 'invoice.reopened', 'invoice.paid', 'invoice.reopened'],
    );
    t.match(events.at(-1)!.after, { reopenReason: 'Paid the wrong invoice' });
  },
);

t.test('bulk: pay many with one date; each is its own decision, a failure undoes nothing', async (t) => {
  const { app, employee, payer } = await world(t);
  const a = await submitted(app, employee, { name: 'Taxi A' });
  const b = await submitted(app, employee, { name: 'Taxi B' });
  const stale = await submitted(app, employee, { name: 'Taxi C' });
  const own = await submitted(app, payer, { name: 'My own' });
  const early = await insertInvoice(app.db, { userId: employee.user.id, name: 'Later', date: days().today });
  const response = await payer.inject({
    method: 'POST',
    url: '/api/invoices/bulk-status',
    payload: {
      status: 'PAID',
      paymentDate: days().yesterday,
      items: [
        { id: a.id, version: 1 },
        { id: b.id, version: 1 },
        { id: stale.id, version: 5 },
        { id: own.id, version: 1 },
        { id: early.id, version: early.version },
        { id: '00000000-0000-4000-8000-000000000000', version: 1 },
      ],
    },
  });
  t.equal(response.statusCode, 200, response.body);
  const body = response.json();
  t.equal(body.succeeded, 2);
  t.equal(body.failed, 4);
  t.same(
    body.results.map((r: { id: string; ok: boolean; code?: string }) => [r.id, r.ok, r.code ?? null]),
    [
      [a.id, true, null],
      [b.id, true, null],
      [stale.id, false, 'PRECONDITION_FAILED'],
      [own.id, false, 'OWN_INVOICE'],
      [early.id, false, 'VALIDATION_FAILED'],
      ['00000000-0000-4000-8000-000000000000', false, 'NOT_FOUND'],
    ],
  );
  t.match(body.results[4].message, /The payment date cannot be before the invoice date/);
  const rows = await app.db.selectFrom('invoices').select(['name', 'status']).orderBy('name').execute();
  t.same(
    rows.map((r) => [r.name, r.status]),
    [
      ['Later', 'PENDING'],
      ['My own', 'PENDING'],
      ['Taxi A', 'PAID'],
      ['Taxi B', 'PAID'],
      ['Taxi C', 'PENDING'],
    ],
  );
  const paidEvents = await app.db
    .selectFrom('audit_events')
    .select(['entity_id', 'request_id'])
    .where('action', '=', 'invoice.paid')
    .execute();
  t.same(
    paidEvents.map((e) => e.entity_id).sort(),
    [a.id, b.id].sort(),
    'each success is audited on its own',
  );
  t.equal(new Set(paidEvents.map((e) => e.request_id)).size, 1, 'under the bulk request’s id');
  const made = await app.db
    .selectFrom('notifications')
    .select('id')
    .where('type', '=', 'PAYMENT_MADE')
    .execute();
  t.equal(made.length, 2);

  // Reject many with one reason; the reason is required for the whole request.
  const noReason = await payer.inject({
    method: 'POST',
    url: '/api/invoices/bulk-status',
    payload: { status: 'REJECTED', items: [{ id: stale.id, version: 1 }] },
  });
  t.equal(noReason.statusCode, 422);
  const rejected = await payer.inject({
    method: 'POST',
    url: '/api/invoices/bulk-status',
    payload: { status: 'REJECTED', reason: 'Not a business expense', items: [{ id: stale.id, version: 1 }] },
  });
  t.match(rejected.json(), {
    succeeded: 1,
    failed: 0,
    results: [{ ok: true, invoice: { status: 'REJECTED' } }],
  });
  t.equal(
    (
      await employee.inject({
        method: 'POST',
        url: '/api/invoices/bulk-status',
        payload: { status: 'REJECTED', reason: 'x', items: [{ id: a.id, version: 1 }] },
      })
    ).statusCode,
    403,
    'only payers decide in bulk',
  );
});

t.test('live: payers hear of a request, the submitter’s open page of the payment', async (t) => {
  const database = await createTestDatabase();
  const server = await startRealtimeServer(database);
  t.teardown(async () => {
    await server.app.close();
    await database.drop();
  });
  const employee = await server.signIn({
    permissions: ['invoices.submit'],
    firstName: 'Lan',
    lastName: 'Pham',
  });
  const payer = await server.signIn({ permissions: ['invoices.pay'], firstName: 'Hoa', lastName: 'Vu' });
  const call = (token: string, method: 'POST' | 'PATCH', url: string, payload: object) =>
    server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const payerSocket = await TestSocket.connect(server.socketUrl(payer.accessToken));
  const employeeSocket = await TestSocket.connect(server.socketUrl(employee.accessToken));
  t.teardown(() => (payerSocket.close(), employeeSocket.close()));
  await payerSocket.join(userRoom(payer.user.id));
  await employeeSocket.join(userRoom(employee.user.id));

  const created = await call(employee.accessToken, 'POST', '/api/invoices', {
    name: 'Conference ticket',
    date: days().lastWeek,
    amount: 4_500_000,
    category: 'TRAVEL_EXPENSE',
    kind: 'PERSONAL',
  });
  t.equal(created.statusCode, 201, created.body);
  const id = created.json().id;
  const request = await payerSocket.next(
    (m) => m.event === 'activity-notification' && m.data.type === 'PAYMENT_REQUEST',
  );
  t.match(request.data, { data: { invoice: { id, name: 'Conference ticket', firstName: 'Lan' } } });

  const paid = await call(payer.accessToken, 'PATCH', `/api/invoices/${id}/status`, {
    status: 'PAID',
    version: 1,
    paymentDate: days().today,
  });
  t.equal(paid.statusCode, 200, paid.body);
  const made = await employeeSocket.next(
    (m) => m.event === 'activity-notification' && m.data.type === 'PAYMENT_MADE',
  );
  t.match(made.data, { data: { invoice: { id }, actor: { id: payer.user.id, firstName: 'Hoa' } } });
});
