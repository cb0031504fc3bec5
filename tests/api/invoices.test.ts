import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import {
  bigPdf,
  createVendor,
  days,
  HTML,
  invoiceForm,
  invoiceState,
  JPG,
  pdf,
  PNG,
  png,
  storedFiles,
} from '../helpers/invoice-factories.ts';

/**
 * Invoices through the API (issue 17): submitting with attachments (streamed, checked by content,
 * all or nothing), the amount as people type it, the rules of the fields, changing and deleting while
 * pending, who sees what, and the attachment served for preview.
 */

async function world(t: Parameters<typeof buildTestApp>[0]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-invoices-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await buildTestApp(t, { DATA_DIR: dataDir });
  const employee = await app.signIn({ permissions: ['invoices.submit'], firstName: 'Lan', lastName: 'Pham' });
  const payer = await app.signIn({ permissions: ['invoices.pay'], firstName: 'Hoa', lastName: 'Vu' });
  const vendor = await createVendor(app.db, { name: 'Hanoi Stationery', taxCode: '0101234567' });
  return { app, dataDir, employee, payer, vendor };
}

const fields = (extra: Record<string, string | number | null> = {}) => ({
  name: 'Printer paper',
  date: days().lastWeek,
  referenceId: 'HD-0001',
  amount: '1.250.000',
  category: 'OFFICE_SUPPLIES',
  kind: 'PERSONAL',
  ...extra,
});

const submit = (who: { inject: TestApp['inject'] }, form: ReturnType<typeof invoiceForm>) =>
  who.inject({ method: 'POST', url: '/api/invoices', ...form });

t.test(
  'an employee submits an invoice with two attachments; payers are told; the files preview inline',
  async (t) => {
    const { app, dataDir, employee, payer, vendor } = await world(t);
    const created = await submit(
      employee,
      invoiceForm(fields({ kind: 'COMPANY', vendorId: vendor.id }), [pdf('hoá đơn.pdf'), png()]),
    );
    t.equal(created.statusCode, 201, created.body);
    const invoice = created.json();
    t.match(invoice, {
      name: 'Printer paper',
      amount: '1250000',
      kind: 'COMPANY',
      vendor: { id: vendor.id, name: 'Hanoi Stationery', taxCode: '0101234567' },
      creator: { id: employee.user.id, firstName: 'Lan' },
      status: 'PENDING',
      paymentDate: null,
      version: 1,
      abilities: { edit: true, delete: true, pay: false, reject: false, reopen: false },
    });
    t.same(
      invoice.attachments.map((a: { fileName: string; contentType: string }) => [a.fileName, a.contentType]),
      [
        ['hoá đơn.pdf', 'application/pdf'],
        ['receipt.png', 'image/png'],
      ],
    );
    t.equal(storedFiles(dataDir).length, 2, 'both files are in storage');

    const mine = (await employee.inject({ method: 'GET', url: '/api/invoices/me' })).json();
    t.equal(mine.total, 1);

    // Payers are told, live and by mail; the submitter is not.
    const notifications = await app.db.selectFrom('notifications').selectAll().execute();
    t.same(
      notifications.map((n) => [n.user_id, n.type]),
      [[payer.user.id, 'PAYMENT_REQUEST']],
    );
    t.match(notifications[0]!.data, {
      invoice: { id: invoice.id, name: 'Printer paper', firstName: 'Lan', lastName: 'Pham' },
      actor: { id: employee.user.id },
    });
    const mails = await app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', 'invoice-request')
      .execute();
    t.same(
      mails.map((m) => m.to_email),
      [payer.user.email],
    );

    // The payer previews the PDF inline; the headers keep the browser from guessing.
    const seen = await payer.inject({ method: 'GET', url: `/api/invoices/${invoice.id}` });
    t.equal(seen.statusCode, 200);
    t.match(seen.json().abilities, { pay: true, reject: true, edit: false });
    const file = await payer.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/attachments/${invoice.attachments[0].id}`,
    });
    t.equal(file.statusCode, 200);
    t.equal(file.headers['content-type'], 'application/pdf');
    t.match(
      String(file.headers['content-disposition']),
      /^inline; filename="hoa don.pdf"; filename\*=UTF-8''ho%C3%A1%20%C4%91%C6%A1n\.pdf$/,
    );
    t.equal(file.headers['x-content-type-options'], 'nosniff');
    t.equal(file.rawPayload.subarray(0, 5).toString(), '%PDF-');
    const download = await payer.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/attachments/${invoice.attachments[1].id}?download=true`,
    });
    t.equal(download.headers['content-type'], 'image/png');
    t.match(String(download.headers['content-disposition']), /^attachment;/);

    // Another employee sees neither the invoice nor its files.
    const other = await app.signIn({ permissions: ['invoices.submit'] });
    t.equal((await other.inject({ method: 'GET', url: `/api/invoices/${invoice.id}` })).statusCode, 404);
    t.equal(
      (
        await other.inject({
          method: 'GET',
          url: `/api/invoices/${invoice.id}/attachments/${invoice.attachments[0].id}`,
        })
      ).statusCode,
      404,
    );
    t.equal((await other.inject({ method: 'GET', url: '/api/invoices' })).statusCode, 403);
    const audit = await app.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'invoice')
      .execute();
    t.same(
      audit.map((a) => a.action),
      ['invoice.created'],
    );
  },
);

t.test('the amount is read as people type it: 1.250.000, 1,250,000, 1250000, a number', async (t) => {
  const { employee } = await world(t);
  for (const amount of ['1.250.000', '1,250,000', '1250000', ' 1 250 000 ₫', 1250000]) {
    const response = await employee.inject({
      method: 'POST',
      url: '/api/invoices',
      payload: fields({ amount }),
    });
    t.equal(response.statusCode, 201, `${amount}: ${response.body}`);
    t.equal(response.json().amount, '1250000', String(amount));
  }
  // The largest bigint is kept exactly (past JavaScript's safe integers).
  const huge = await employee.inject({
    method: 'POST',
    url: '/api/invoices',
    payload: fields({ amount: '9.223.372.036.854.775.807' }),
  });
  t.equal(huge.json().amount, '9223372036854775807');
});

t.test('bad amounts are refused with clear messages and change nothing', async (t) => {
  const { app, dataDir, employee } = await world(t);
  const before = await invoiceState(app.db, dataDir);
  const cases: Array<[string | number, string]> = [
    ['0', 'The amount must be more than 0'],
    ['-5.000', 'The amount must be more than 0'],
    ['1,5', 'Invalid number'],
    ['1.250,00', 'Invalid number'],
    ['12.50', 'Invalid number'],
    ['abc', 'Invalid number'],
    [1.5, 'Invalid number'],
    ['9223372036854775808', 'The amount may be at most 9.223.372.036.854.775.807 VND'],
  ];
  for (const [amount, message] of cases) {
    const response = await employee.inject({
      method: 'POST',
      url: '/api/invoices',
      payload: fields({ amount }),
    });
    t.equal(response.statusCode, 422, `${amount}: ${response.body}`);
    t.same(
      response.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
      [['amount', message]],
      String(amount),
    );
  }
  const vietnamese = await employee.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: { 'accept-language': 'vi' },
    payload: fields({ amount: '0' }),
  });
  t.equal(vietnamese.json().details[0].message, 'Số tiền phải lớn hơn 0');
  t.same(await invoiceState(app.db, dataDir), before, 'nothing changed');
});

t.test('the rules of the fields: every problem at once, nothing written', async (t) => {
  const { app, dataDir, employee } = await world(t);
  const retired = await createVendor(app.db, { name: 'Closed shop', status: 'INACTIVE' });
  const before = await invoiceState(app.db, dataDir);
  const problems = async (payload: object) => {
    const response = await employee.inject({ method: 'POST', url: '/api/invoices', payload });
    t.equal(response.statusCode, 422, response.body);
    return response.json().details.map((d: { field: string; message: string }) => [d.field, d.message]);
  };
  t.same(await problems(fields({ date: days().tomorrow, kind: 'COMPANY', amount: '0' })), [
    ['amount', 'The amount must be more than 0'],
    ['date', 'The invoice date cannot be after today'],
    ['vendorId', 'A company invoice needs a vendor: the company pays them'],
  ]);
  t.same(await problems(fields({ kind: 'COMPANY', vendorId: retired.id })), [
    ['vendorId', 'The selected vendor is not active'],
  ]);
  t.same(await problems(fields({ vendorId: '00000000-0000-4000-8000-000000000000' })), [
    ['vendorId', 'The selected vendor does not exist'],
  ]);
  t.same(await problems(fields({ category: 'FOOD' })), [
    [
      'category',
      'Choose one of: OFFICE_SUPPLIES, TEAM_BUILDING, SOFTWARE_TOOL, TRAVEL_EXPENSE, DEVICES, OTHER',
    ],
  ]);
  t.same(await problems(fields({ name: '   ' })), [['name', 'This field cannot contain only spaces']]);
  t.same(await invoiceState(app.db, dataDir), before, 'nothing changed');
  const plain = await app.signIn({ permissions: [] });
  t.equal((await plain.inject({ method: 'POST', url: '/api/invoices', payload: fields() })).statusCode, 403);
});

t.test('attachments are checked by content and size, and counted', async (t) => {
  const { app, dataDir, employee } = await world(t);
  const before = await invoiceState(app.db, dataDir);
  const disguised = await submit(
    employee,
    invoiceForm(fields(), [{ fileName: 'invoice.pdf', type: 'application/pdf', data: HTML }]),
  );
  t.equal(disguised.statusCode, 415);
  t.equal(disguised.json().message, 'Unsupported file type.');
  t.same(disguised.json().details[0], {
    field: 'attachments',
    code: 'fileType',
    message: 'Unsupported file type.',
  });

  const large = await submit(
    employee,
    invoiceForm(fields(), [{ fileName: 'scan.pdf', type: 'application/pdf', data: bigPdf(10.5) }]),
  );
  t.equal(large.statusCode, 413);
  t.equal(large.json().message, 'File size exceeds the maximum limit of 10MB.');

  const six = await submit(
    employee,
    invoiceForm(
      fields(),
      Array.from({ length: 6 }, (_, i) => pdf(`page-${i}.pdf`)),
    ),
  );
  t.equal(six.statusCode, 422, six.body);
  t.equal(six.json().details[0].message, 'The total number of files uploaded must not exceed 5');

  const text = invoiceForm(fields(), [
    { fileName: 'x.txt', type: 'text/plain', data: Buffer.from('hello world, plain text') },
  ]);
  const vietnamese = await employee.inject({
    method: 'POST',
    url: '/api/invoices',
    payload: text.payload,
    headers: { ...text.headers, 'accept-language': 'vi' },
  });
  t.equal(vietnamese.statusCode, 415);
  t.equal(vietnamese.json().message, 'Loại tệp không được hỗ trợ.');

  const spoofedName = await submit(
    employee,
    invoiceForm(fields(), [{ fileName: 'invoice\u202efdp.exe', type: 'application/pdf', data: pdf().data }]),
  );
  t.equal(spoofedName.statusCode, 422);
  t.equal(
    spoofedName.json().details[0].message,
    'This field cannot contain text-direction control characters',
  );

  const other = await submit(employee, invoiceForm(fields(), [pdf()], 'avatar'));
  t.equal(other.statusCode, 422);
  t.equal(other.json().details[0].code, 'unknownField');

  // Exactly 10 MB, and a JPEG, are fine.
  const edge = await submit(
    employee,
    invoiceForm(fields(), [
      { fileName: 'full.pdf', type: 'application/pdf', data: bigPdf(10) },
      { fileName: 'photo.jpg', type: 'image/jpeg', data: JPG },
    ]),
  );
  t.equal(edge.statusCode, 201, edge.body);
  t.same(
    edge
      .json()
      .attachments.map((a: { contentType: string; sizeBytes: number }) => [a.contentType, a.sizeBytes]),
    [
      ['application/pdf', 10 * 1024 * 1024],
      ['image/jpeg', JPG.length],
    ],
  );
  t.equal(storedFiles(dataDir).length, 2);
  const after = await invoiceState(app.db, dataDir);
  t.equal(after.invoices.length, before.invoices.length + 1, 'only the good form made an invoice');
});

t.test('an upload that fails half-way leaves no file and no invoice (the 2nd of 3 fails)', async (t) => {
  const { app, dataDir, employee, vendor } = await world(t);
  const before = await invoiceState(app.db, dataDir);
  t.same(before.files, []);

  // The second file is not a PDF, PNG or JPG: the first was already written when it arrived.
  const badSecond = await submit(
    employee,
    invoiceForm(fields(), [
      { fileName: 'one.pdf', type: 'application/pdf', data: bigPdf(3) },
      { fileName: 'two.pdf', type: 'application/pdf', data: HTML },
      { fileName: 'three.png', type: 'image/png', data: PNG },
    ]),
  );
  t.equal(badSecond.statusCode, 415);
  t.same(await invoiceState(app.db, dataDir), before, 'an unsupported second file: nothing kept');

  // The second file is too large: cut at 10 MB after the first was stored.
  const largeSecond = await submit(
    employee,
    invoiceForm(fields(), [
      { fileName: 'one.pdf', type: 'application/pdf', data: bigPdf(2) },
      { fileName: 'two.pdf', type: 'application/pdf', data: bigPdf(11) },
      { fileName: 'three.pdf', type: 'application/pdf', data: pdf().data },
    ]),
  );
  t.equal(largeSecond.statusCode, 413);
  t.same(await invoiceState(app.db, dataDir), before, 'a second file too large: nothing kept');

  // Every file is fine but a rule refuses the invoice after all three were stored.
  const refused = await submit(
    employee,
    invoiceForm(fields({ kind: 'COMPANY', vendorId: '00000000-0000-4000-8000-000000000000' }), [
      pdf('one.pdf'),
      pdf('two.pdf'),
      png('three.png'),
    ]),
  );
  t.equal(refused.statusCode, 422);
  t.same(await invoiceState(app.db, dataDir), before, 'a refused rule after the files: nothing kept');

  // The body itself is bad (the schema refuses it before the service runs): the files go too.
  const badBody = await submit(
    employee,
    invoiceForm({ ...fields(), category: 'FOOD' }, [pdf(), pdf(), pdf()]),
  );
  t.equal(badBody.statusCode, 422);
  t.same(await invoiceState(app.db, dataDir), before, 'a refused body after the files: nothing kept');

  // And the same three files with good fields make one invoice.
  const ok = await submit(
    employee,
    invoiceForm(fields({ kind: 'COMPANY', vendorId: vendor.id }), [
      pdf('one.pdf'),
      pdf('two.pdf'),
      png('three.png'),
    ]),
  );
  t.equal(ok.statusCode, 201, ok.body);
  t.equal(storedFiles(dataDir).length, 3);
});

t.test('a pending invoice is changed and deleted by its submitter; files follow', async (t) => {
  const { app, dataDir, employee, payer } = await world(t);
  const created = (await submit(employee, invoiceForm(fields(), [pdf('a.pdf'), pdf('b.pdf')]))).json();
  const [first, second] = created.attachments;

  const changed = await employee.inject({
    method: 'PUT',
    url: `/api/invoices/${created.id}`,
    ...invoiceForm(
      {
        ...fields({ name: 'Printer paper and toner', amount: '2,500,000' }),
        version: 1,
        removeAttachmentIds: [first.id],
      },
      [png('c.png')],
    ),
  });
  t.equal(changed.statusCode, 200, changed.body);
  t.match(changed.json(), { name: 'Printer paper and toner', amount: '2500000', version: 2 });
  t.same(
    changed.json().attachments.map((a: { fileName: string }) => a.fileName),
    ['b.pdf', 'c.png'],
  );
  t.equal(storedFiles(dataDir).length, 2, 'the removed file is gone, the new one is there');

  const stale = await employee.inject({
    method: 'PUT',
    url: `/api/invoices/${created.id}`,
    payload: { ...fields(), version: 1 },
  });
  t.equal(stale.statusCode, 412, 'a stale version is refused');

  const before = await invoiceState(app.db, dataDir);
  const tooMany = await employee.inject({
    method: 'PUT',
    url: `/api/invoices/${created.id}`,
    ...invoiceForm({ ...fields(), version: 2 }, [pdf(), pdf(), pdf(), pdf()]),
  });
  t.equal(tooMany.statusCode, 422, tooMany.body);
  t.equal(tooMany.json().details[0].message, 'The total number of files uploaded must not exceed 5');
  const foreign = await employee.inject({
    method: 'PUT',
    url: `/api/invoices/${created.id}`,
    payload: { ...fields(), version: 2, removeAttachmentIds: [first.id] },
  });
  t.equal(foreign.json().details[0].message, 'This file is not an attachment of this invoice');
  t.same(await invoiceState(app.db, dataDir), before, 'refused changes change nothing, keep no file');

  // Others may not change it; a payer sees it but may not edit it.
  const other = await app.signIn({ permissions: ['invoices.submit'] });
  t.equal(
    (
      await other.inject({
        method: 'PUT',
        url: `/api/invoices/${created.id}`,
        payload: { ...fields(), version: 2 },
      })
    ).statusCode,
    404,
  );
  t.equal(
    (
      await payer.inject({
        method: 'PUT',
        url: `/api/invoices/${created.id}`,
        payload: { ...fields(), version: 2 },
      })
    ).statusCode,
    403,
  );
  t.equal((await payer.inject({ method: 'DELETE', url: `/api/invoices/${created.id}` })).statusCode, 403);

  t.equal((await employee.inject({ method: 'DELETE', url: `/api/invoices/${created.id}` })).statusCode, 204);
  t.same(storedFiles(dataDir), [], 'its files are deleted with it');
  t.equal((await app.db.selectFrom('invoices').select('id').execute()).length, 0);
  t.equal(second.fileName, 'b.pdf');
  const audit = await app.db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_type', '=', 'invoice')
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  t.same(
    audit.map((a) => a.action),
    ['invoice.created', 'invoice.updated', 'invoice.deleted'],
  );
});

t.test('a paid or rejected invoice cannot be changed or deleted', async (t) => {
  const { app, dataDir, employee, payer } = await world(t);
  const created = (await employee.inject({ method: 'POST', url: '/api/invoices', payload: fields() })).json();
  const paid = await payer.inject({
    method: 'PATCH',
    url: `/api/invoices/${created.id}/status`,
    payload: { status: 'PAID', version: 1, paymentDate: days().yesterday },
  });
  t.equal(paid.statusCode, 200, paid.body);
  t.same(paid.json().abilities, { edit: false, delete: false, pay: false, reject: false, reopen: true });
  const before = await invoiceState(app.db, dataDir);
  const edit = await employee.inject({
    method: 'PUT',
    url: `/api/invoices/${created.id}`,
    payload: { ...fields(), version: 2 },
  });
  t.equal(edit.statusCode, 409);
  t.equal(
    edit.json().message,
    'This invoice is Paid: only a pending invoice can be changed, deleted, paid or rejected.',
  );
  const removal = await employee.inject({
    method: 'DELETE',
    url: `/api/invoices/${created.id}`,
    headers: { 'accept-language': 'vi' },
  });
  t.equal(removal.statusCode, 409);
  t.match(removal.json().message, /Đã thanh toán/);
  t.same(await invoiceState(app.db, dataDir), before, 'nothing changed');
  const mine = (await employee.inject({ method: 'GET', url: `/api/invoices/${created.id}` })).json();
  t.same(mine.abilities, { edit: false, delete: false, pay: false, reject: false, reopen: false });
});

t.test('lists: my own, and every invoice for managers and payers, filtered', async (t) => {
  const { app, employee, payer, vendor } = await world(t);
  const manager = await app.signIn({ permissions: ['invoices.manage'] });
  const other = await app.signIn({ permissions: ['invoices.submit'], firstName: 'Quang', lastName: 'Do' });
  await employee.inject({
    method: 'POST',
    url: '/api/invoices',
    payload: fields({ name: 'Taxi to client', category: 'TRAVEL_EXPENSE' }),
  });
  await other.inject({
    method: 'POST',
    url: '/api/invoices',
    payload: fields({ name: 'Laptop stand', category: 'DEVICES', kind: 'COMPANY', vendorId: vendor.id }),
  });
  t.same(
    (await employee.inject({ method: 'GET', url: '/api/invoices/me' }))
      .json()
      .items.map((i: { name: string }) => i.name),
    ['Taxi to client'],
  );
  for (const who of [manager, payer]) {
    const all = (await who.inject({ method: 'GET', url: '/api/invoices?sort=oldest' })).json();
    t.same(
      all.items.map((i: { name: string }) => i.name),
      ['Taxi to client', 'Laptop stand'],
    );
  }
  const filtered = async (query: string) =>
    (await manager.inject({ method: 'GET', url: `/api/invoices?${query}` }))
      .json()
      .items.map((i: { name: string }) => i.name);
  t.same(await filtered('category=DEVICES'), ['Laptop stand']);
  t.same(await filtered(`vendorId=${vendor.id}`), ['Laptop stand']);
  t.same(await filtered('search=quang'), ['Laptop stand'], 'by submitter');
  t.same(await filtered('search=stationery'), ['Laptop stand'], 'by vendor');
  t.same(await filtered('search=TAXI'), ['Taxi to client'], 'by name');
  t.same(await filtered(`personId=${employee.user.id}`), ['Taxi to client']);
  t.same(await filtered('status=PAID'), []);
  const counts = (await payer.inject({ method: 'GET', url: '/api/invoices/counts' })).json();
  t.same(counts, { PENDING: 2, PAID: 0, REJECTED: 0, total: 2, pendingAmount: '2500000' });
  const backwards = await manager.inject({
    method: 'GET',
    url: `/api/invoices?from=${days().today}&to=${days().lastWeek}`,
  });
  t.equal(backwards.statusCode, 422);
  t.equal((await employee.inject({ method: 'GET', url: '/api/invoices/counts' })).statusCode, 403);
});
