import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';
import { days, insertInvoice, invoiceState } from '../helpers/invoice-factories.ts';

/**
 * Vendors through the API (issue 17): the Vietnamese tax code (10 digits, or 10-3 for a branch),
 * duplicates by tax code refused, the website, changes with a version, deactivation (no longer
 * offered on new invoices) and deletion only while no invoice names the vendor.
 */

async function world(t: Parameters<typeof buildTestApp>[0]) {
  const app = await buildTestApp(t);
  const keeper = await app.signIn({ permissions: ['vendors.manage'] });
  const employee = await app.signIn({ permissions: ['invoices.submit'] });
  return { app, keeper, employee };
}

const vendor = (extra: object = {}) => ({
  name: 'Công ty TNHH Văn phòng phẩm Hà Nội',
  description: 'Paper, toner, pens',
  taxCode: '0101234567',
  website: 'vpp-hanoi.vn',
  address: '12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
  ...extra,
});

t.test('a vendor is added, changed, deactivated and deleted', async (t) => {
  const { app, keeper, employee } = await world(t);
  const created = await keeper.inject({ method: 'POST', url: '/api/vendors', payload: vendor() });
  t.equal(created.statusCode, 201, created.body);
  t.match(created.json(), {
    name: 'Công ty TNHH Văn phòng phẩm Hà Nội',
    taxCode: '0101234567',
    website: 'https://vpp-hanoi.vn',
    status: 'ACTIVE',
    invoiceCount: 0,
    version: 1,
    abilities: { edit: true, changeStatus: true, delete: true },
  });
  const id = created.json().id;
  const branch = await keeper.inject({
    method: 'POST',
    url: '/api/vendors',
    payload: vendor({
      name: 'Chi nhánh Đà Nẵng',
      taxCode: '0101234567-001',
      website: 'http://danang.example.vn',
    }),
  });
  t.equal(branch.statusCode, 201, 'a branch: 10 digits, a dash and 3');
  t.equal(branch.json().website, 'http://danang.example.vn');

  const changed = await keeper.inject({
    method: 'PUT',
    url: `/api/vendors/${id}`,
    payload: vendor({ name: 'VPP Hà Nội', taxCode: '0101 234 567', version: 1 }),
  });
  t.equal(changed.statusCode, 200, changed.body);
  t.match(changed.json(), { name: 'VPP Hà Nội', taxCode: '0101234567', version: 2 });
  const stale = await keeper.inject({
    method: 'PUT',
    url: `/api/vendors/${id}`,
    payload: vendor({ version: 1 }),
  });
  t.equal(stale.statusCode, 412);

  // Submitters see active vendors only, and pick one for a company invoice.
  const listed = (await employee.inject({ method: 'GET', url: '/api/vendors?search=ha noi' })).json();
  t.same(
    listed.items.map((v: { name: string }) => v.name),
    ['VPP Hà Nội'],
    'found without accents',
  );
  t.same(listed.items[0].abilities, { edit: false, changeStatus: false, delete: false });
  const deactivated = await keeper.inject({
    method: 'PUT',
    url: `/api/vendors/${id}/status`,
    payload: { status: 'INACTIVE', version: 2 },
  });
  t.equal(deactivated.statusCode, 200);
  t.equal(deactivated.json().status, 'INACTIVE');
  t.same(
    (await employee.inject({ method: 'GET', url: '/api/vendors' })).json().items.length,
    1,
    'only the branch',
  );
  t.equal((await employee.inject({ method: 'GET', url: `/api/vendors/${id}` })).statusCode, 404);
  t.equal(
    (await keeper.inject({ method: 'GET', url: '/api/vendors?status=INACTIVE' })).json().items[0].id,
    id,
  );
  const refused = await employee.inject({
    method: 'POST',
    url: '/api/invoices',
    payload: {
      name: 'Toner',
      date: days().lastWeek,
      amount: '900.000',
      category: 'OFFICE_SUPPLIES',
      kind: 'COMPANY',
      vendorId: id,
    },
  });
  t.equal(refused.json().details[0].message, 'The selected vendor is not active');

  t.equal((await keeper.inject({ method: 'DELETE', url: `/api/vendors/${id}` })).statusCode, 204);
  t.equal((await keeper.inject({ method: 'GET', url: `/api/vendors/${id}` })).statusCode, 404);
  const actions = await app.db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_id', '=', id)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  t.same(
    actions.map((a) => a.action),
    ['vendor.created', 'vendor.updated', 'vendor.deactivated', 'vendor.deleted'],
  );
  // Its tax code is free again once it is deleted.
  t.equal((await keeper.inject({ method: 'POST', url: '/api/vendors', payload: vendor() })).statusCode, 201);
});

t.test('bad vendors are refused with clear messages and change nothing', async (t) => {
  const { app, keeper, employee } = await world(t);
  await keeper.inject({ method: 'POST', url: '/api/vendors', payload: vendor() });
  const before = await invoiceState(app.db);
  const problems = async (payload: object, language = 'en') => {
    const response = await keeper.inject({
      method: 'POST',
      url: '/api/vendors',
      headers: { 'accept-language': language },
      payload,
    });
    return [
      response.statusCode,
      response.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
    ];
  };
  const taxCodeMessage =
    'A tax code has 10 digits, or 10 digits, a dash and 3 digits for a branch (0101234567 or 0101234567-001)';
  for (const taxCode of [
    '123456789',
    '01012345678',
    '0101234567-1',
    '0101234567-0011',
    'MST0101234567',
    '0101234567 001',
  ])
    t.same(await problems(vendor({ name: 'Other', taxCode })), [422, [['taxCode', taxCodeMessage]]], taxCode);
  t.same(await problems(vendor({ name: 'Other', taxCode: '12', website: 'javascript:alert(1)' })), [
    422,
    [
      ['taxCode', taxCodeMessage],
      ['website', 'Invalid URL format'],
    ],
  ]);
  t.same(await problems(vendor({ name: 'Other', taxCode: null, website: 'not a site' })), [
    422,
    [['website', 'Invalid URL format']],
  ]);
  t.same(await problems(vendor({ name: 'Other', taxCode: '12' }), 'vi'), [
    422,
    [
      [
        'taxCode',
        'Mã số thuế gồm 10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số cho chi nhánh (0101234567 hoặc 0101234567-001)',
      ],
    ],
  ]);
  // The same tax code, written with spaces, is the same vendor.
  const duplicate = await keeper.inject({
    method: 'POST',
    url: '/api/vendors',
    payload: vendor({ name: 'Another name', taxCode: ' 0101 234567 ' }),
  });
  t.equal(duplicate.statusCode, 409);
  t.equal(duplicate.json().message, 'Tax code is already taken.');
  t.same(duplicate.json().details, [
    {
      field: 'taxCode',
      code: 'vendorTaxCodeTaken',
      params: { name: 'Công ty TNHH Văn phòng phẩm Hà Nội' },
      message: 'Another vendor (Công ty TNHH Văn phòng phẩm Hà Nội) already has this tax code',
    },
  ]);
  t.same(await problems(vendor({ name: '' })), [422, [['name', 'This field is required']]]);
  t.same(await invoiceState(app.db), before, 'nothing changed');

  t.equal(
    (await employee.inject({ method: 'POST', url: '/api/vendors', payload: vendor({ taxCode: null }) }))
      .statusCode,
    403,
  );
});

t.test('a vendor named on an invoice cannot be deleted, only deactivated', async (t) => {
  const { app, keeper, employee } = await world(t);
  const created = (await keeper.inject({ method: 'POST', url: '/api/vendors', payload: vendor() })).json();
  await insertInvoice(app.db, { userId: employee.user.id, vendorId: created.id, kind: 'COMPANY' });
  const listed = (await keeper.inject({ method: 'GET', url: `/api/vendors/${created.id}` })).json();
  t.match(listed, { invoiceCount: 1, abilities: { delete: false } });
  const before = await invoiceState(app.db);
  const refused = await keeper.inject({ method: 'DELETE', url: `/api/vendors/${created.id}` });
  t.equal(refused.statusCode, 422);
  t.equal(refused.json().message, 'Invoices name this vendor (1): deactivate it instead.');
  t.same(await invoiceState(app.db), before, 'nothing changed');
  t.equal((await employee.inject({ method: 'DELETE', url: `/api/vendors/${created.id}` })).statusCode, 403);
});
