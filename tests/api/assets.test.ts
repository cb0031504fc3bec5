import ExcelJS from 'exceljs';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import t from 'tap';
import { readQr } from '../../server/domains/assets/qr-code.ts';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { assetState, createAsset, createRisk } from '../helpers/asset-factories.ts';
import { createUser } from '../helpers/factories.ts';

/**
 * Company assets through the API (issue 16): creating with the security value and its band, the
 * rules (quantity, serial numbers per type), who sees what (MY_ASSET, COMPANY_ASSET), assigning,
 * the assignee history, check-in and status, bulk actions, flags for inactive holders, the QR
 * round trip (generate, render to PNG, decode), import and export, audits, and the levels of an
 * asset's risks following its labels. Every refusal answers a clear message and changes nothing.
 */

const MANAGER = ['assets.view', 'assets.manage', 'risks.view'] as const;

function upload(name: string, data: Buffer, field = 'file') {
  const boundary = `----bo${Math.random().toString(16).slice(2)}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\n` +
          'content-type: application/octet-stream\r\n\r\n',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const body = (extra: object = {}) => ({
  name: 'MacBook Pro',
  type: 'HARDWARE',
  serialNumber: 'C02XYZ',
  quantity: 1,
  storageGb: 512,
  processors: 'M3 Pro',
  priority: 'HIGH',
  kind: 'ASSIGNMENT',
  confidentiality: 'SECRET',
  integrity: 'SECRET',
  availability: 'INTERNAL_USE_ONLY',
  ...extra,
});

async function world(app: TestApp) {
  const manager = await app.signIn({ permissions: [...MANAGER], firstName: 'Lan', lastName: 'Pham' });
  const holder = await app.signIn({ builtInRoles: ['user'], firstName: 'Minh', lastName: 'Tran' });
  return { manager, holder };
}

t.test(
  'creating an asset: the value is C + I + A with its band, storage in GB, quantity and serial rules',
  async (t) => {
    const app = await buildTestApp(t);
    const { manager } = await world(app);
    const created = await manager.inject({ method: 'POST', url: '/api/assets', payload: body() });
    t.equal(created.statusCode, 201, created.body);
    const asset = created.json();
    t.equal(asset.securityValue, 5);
    t.equal(asset.securityBand, 'MEDIUM');
    t.equal(asset.storageGb, 512);
    t.equal(asset.status, 'IN_STORAGE');
    t.equal(asset.priority, 'HIGH');
    t.match(asset.url, new RegExp(`/asset-management/${asset.id}$`));
    const row = await app.db
      .selectFrom('assets')
      .selectAll()
      .where('id', '=', asset.id)
      .executeTakeFirstOrThrow();
    t.equal(row.storage_bytes, String(512 * 1073741824), 'kept in bytes');
    t.equal(row.priority, 3);
    t.equal(row.kind, 1);

    const nine = await manager.inject({
      method: 'POST',
      url: '/api/assets',
      payload: body({
        serialNumber: null,
        confidentiality: 'TOP_SECRET',
        integrity: 'TOP_SECRET',
        availability: 'TOP_SECRET',
      }),
    });
    t.equal(nine.json().securityValue, 9);
    t.equal(nine.json().securityBand, 'HIGH', '9 is high');

    const other = await manager.inject({
      method: 'POST',
      url: '/api/assets',
      payload: body({ type: 'SOFTWARE' }),
    });
    t.equal(other.statusCode, 201, 'the same serial number on another type is fine');

    const before = await assetState(app.db);
    const duplicate = await manager.inject({
      method: 'POST',
      url: '/api/assets',
      payload: body({ serialNumber: ' c02xyz ', name: 'Another' }),
    });
    t.equal(duplicate.statusCode, 422);
    t.same(
      duplicate.json().details.map((d: { field: string; code: string }) => [d.field, d.code]),
      [['serialNumber', 'serialTaken']],
    );
    t.match(duplicate.json().details[0].message, /already has this serial number/);
    const zero = await manager.inject({
      method: 'POST',
      url: '/api/assets',
      payload: body({ quantity: 0, serialNumber: 'X' }),
    });
    t.equal(zero.statusCode, 422);
    t.equal(zero.json().details[0].field, 'quantity');
    const badLabel = await manager.inject({
      method: 'POST',
      url: '/api/assets',
      payload: body({ integrity: 'NONE', serialNumber: 'Y' }),
    });
    t.equal(badLabel.statusCode, 422, 'NONE is for confidentiality only');
    const vi = await manager.inject({
      method: 'POST',
      url: '/api/assets',
      headers: { 'accept-language': 'vi' },
      payload: body({ serialNumber: 'C02XYZ' }),
    });
    t.match(vi.json().details[0].message, /số sê-ri/);
    t.same(await assetState(app.db), before, 'nothing changed');
  },
);

t.test(
  'MY_ASSET shows the caller’s assets; COMPANY_ASSET needs assets.view; others are hidden',
  async (t) => {
    const app = await buildTestApp(t);
    const { manager, holder } = await world(app);
    const mine = await createAsset(app.db, { assigneeId: holder.user.id, name: 'Mine' });
    const theirs = await createAsset(app.db, { name: 'Not mine' });
    const my = await holder.inject({ method: 'GET', url: '/api/assets?tab=MY_ASSET' });
    t.equal(my.statusCode, 200);
    t.same(
      my.json().items.map((a: { id: string }) => a.id),
      [mine.id],
    );
    t.same(my.json().items[0].abilities, {
      edit: false,
      delete: false,
      assign: false,
      checkIn: false,
      changeStatus: false,
    });
    t.equal((await holder.inject({ method: 'GET', url: '/api/assets?tab=COMPANY_ASSET' })).statusCode, 403);
    const byDefault = await holder.inject({ method: 'GET', url: '/api/assets' });
    t.same(
      byDefault.json().items.map((a: { id: string }) => a.id),
      [mine.id],
      'without a tab: one’s own',
    );
    t.equal((await holder.inject({ method: 'GET', url: `/api/assets/${theirs.id}` })).statusCode, 404);
    t.equal((await holder.inject({ method: 'GET', url: `/api/assets/${mine.id}` })).statusCode, 200);
    const all = await manager.inject({ method: 'GET', url: '/api/assets?tab=COMPANY_ASSET&sort=name' });
    t.same(
      all.json().items.map((a: { name: string }) => a.name),
      ['Mine', 'Not mine'],
    );
    const assigned = await manager.inject({ method: 'GET', url: '/api/assets?assigned=true' });
    t.same(
      assigned.json().items.map((a: { id: string }) => a.id),
      [mine.id],
      'the assigned-assets view',
    );
  },
);

t.test('assigning, handing over and checking in keep the assignee history', async (t) => {
  const app = await buildTestApp(t);
  const { manager, holder } = await world(app);
  const second = await createUser(app.db, { firstName: 'Hoa', lastName: 'Le' });
  const asset = await createAsset(app.db, { name: 'ThinkPad' });
  const assigned = await manager.inject({
    method: 'POST',
    url: `/api/assets/${asset.id}/assign`,
    payload: { assigneeId: holder.user.id },
  });
  t.equal(assigned.statusCode, 200, assigned.body);
  t.equal(assigned.json().status, 'IN_USE');
  t.equal(assigned.json().assignee.id, holder.user.id);
  const notice = await app.db
    .selectFrom('notifications')
    .select(['type', 'data'])
    .where('user_id', '=', holder.user.id)
    .executeTakeFirstOrThrow();
  t.equal(notice.type, 'ASSET_ASSIGNED');

  const again = await manager.inject({
    method: 'POST',
    url: `/api/assets/${asset.id}/assign`,
    payload: { assigneeId: holder.user.id },
  });
  t.equal(again.statusCode, 409);
  t.equal(again.json().code, 'ASSET_ALREADY_ASSIGNED');

  const handedOver = await manager.inject({
    method: 'POST',
    url: `/api/assets/${asset.id}/assign`,
    payload: { assigneeId: second.id },
  });
  t.equal(handedOver.json().history.length, 2);
  t.equal(handedOver.json().history[0].person.id, second.id);
  t.equal(handedOver.json().history[0].returnedAt, null);
  t.not(handedOver.json().history[1].returnedAt, null, 'the first holder’s period ended');

  const checkedIn = await manager.inject({ method: 'POST', url: `/api/assets/${asset.id}/check-in` });
  t.equal(checkedIn.json().status, 'IN_STORAGE');
  t.equal(checkedIn.json().assignee, null);
  t.ok(checkedIn.json().history.every((h: { returnedAt: string | null }) => h.returnedAt));

  const before = await assetState(app.db);
  const twice = await manager.inject({ method: 'POST', url: `/api/assets/${asset.id}/check-in` });
  t.equal(twice.statusCode, 409);
  t.equal(twice.json().code, 'ASSET_NOT_ASSIGNED');
  const inactive = await createUser(app.db, { status: 'INACTIVE' });
  const toInactive = await manager.inject({
    method: 'POST',
    url: `/api/assets/${asset.id}/assign`,
    payload: { assigneeId: inactive.id },
  });
  t.equal(toInactive.statusCode, 422);
  t.same(toInactive.json().details[0], {
    field: 'assigneeId',
    code: 'personInactive',
    message: 'This person is no longer active',
  });
  const byHolder = await holder.inject({
    method: 'POST',
    url: `/api/assets/${asset.id}/assign`,
    payload: { assigneeId: holder.user.id },
  });
  t.equal(byHolder.statusCode, 403);
  t.same(await assetState(app.db), before, 'nothing changed');
});

t.test(
  'statuses: damaged keeps the holder, in storage checks in; an inactive holder is flagged',
  async (t) => {
    const app = await buildTestApp(t);
    const { manager } = await world(app);
    const leaver = await createUser(app.db);
    const asset = await createAsset(app.db, { assigneeId: leaver.id });
    const damaged = await manager.inject({
      method: 'PUT',
      url: `/api/assets/${asset.id}/status`,
      payload: { status: 'DAMAGED' },
    });
    t.equal(damaged.json().status, 'DAMAGED');
    t.equal(damaged.json().assignee.id, leaver.id);
    t.equal(damaged.json().assigneeInactive, false);
    await app.db.updateTable('users').set({ status: 'INACTIVE' }).where('id', '=', leaver.id).execute();
    const flagged = await manager.inject({ method: 'GET', url: '/api/assets?inactiveAssignee=true' });
    t.same(
      flagged.json().items.map((a: { id: string }) => a.id),
      [asset.id],
    );
    t.equal(flagged.json().items[0].assigneeInactive, true);
    const stored = await manager.inject({
      method: 'PUT',
      url: `/api/assets/${asset.id}/status`,
      payload: { status: 'IN_STORAGE' },
    });
    t.equal(stored.json().status, 'IN_STORAGE');
    t.equal(stored.json().assignee, null);
    const same = await manager.inject({
      method: 'PUT',
      url: `/api/assets/${asset.id}/status`,
      payload: { status: 'IN_STORAGE' },
    });
    t.equal(same.statusCode, 409);
  },
);

t.test('bulk actions: all or none', async (t) => {
  const app = await buildTestApp(t);
  const { manager, holder } = await world(app);
  const a = await createAsset(app.db);
  const b = await createAsset(app.db);
  const assigned = await manager.inject({
    method: 'POST',
    url: '/api/assets/bulk',
    payload: { action: 'assign', ids: [a.id, b.id], assigneeId: holder.user.id },
  });
  t.same(assigned.json(), { updated: 2 });
  const c = await createAsset(app.db);
  const before = await assetState(app.db);
  const refused = await manager.inject({
    method: 'POST',
    url: '/api/assets/bulk',
    payload: { action: 'checkIn', ids: [a.id, c.id] },
  });
  t.equal(refused.statusCode, 409);
  t.match(refused.json().message, new RegExp(c.name));
  const missing = await manager.inject({
    method: 'POST',
    url: '/api/assets/bulk',
    payload: { action: 'assign', ids: [a.id] },
  });
  t.equal(missing.statusCode, 422);
  t.same(await assetState(app.db), before, 'nothing changed');
  const checkedIn = await manager.inject({
    method: 'POST',
    url: '/api/assets/bulk',
    payload: { action: 'checkIn', ids: [a.id, b.id] },
  });
  t.same(checkedIn.json(), { updated: 2 });
  const status = await manager.inject({
    method: 'POST',
    url: '/api/assets/bulk',
    payload: { action: 'setStatus', ids: [a.id, c.id], status: 'DAMAGED' },
  });
  t.same(status.json(), { updated: 2 });
});

t.test('QR round trip: generate, render to PNG, decode, and scan to open the asset', async (t) => {
  const app = await buildTestApp(t);
  const { manager, holder } = await world(app);
  const asset = await createAsset(app.db, { assigneeId: holder.user.id });
  const png = await manager.inject({ method: 'GET', url: `/api/assets/${asset.id}/qr.png` });
  t.equal(png.statusCode, 200);
  t.equal(png.headers['content-type'], 'image/png');
  const image = PNG.sync.read(png.rawPayload);
  t.equal(image.width, 113, '4 cm at 72 dpi');
  t.equal(readQr(png.rawPayload, 'image/png'), `${app.config.publicUrl}/asset-management/${asset.id}`);

  const scanned = await holder.inject({
    method: 'POST',
    url: '/api/assets/scan',
    ...upload('label.png', png.rawPayload, 'image'),
  });
  t.equal(scanned.statusCode, 200, scanned.body);
  t.same(scanned.json(), { assetId: asset.id, url: `${app.config.publicUrl}/asset-management/${asset.id}` });

  const labels = await manager.inject({ method: 'GET', url: `/api/assets/qr-codes?ids=${asset.id}` });
  t.match(labels.json().items[0].dataUrl, /^data:image\/png;base64,/);

  const blank = new PNG({ width: 60, height: 60 });
  blank.data.fill(255);
  const noCode = await holder.inject({
    method: 'POST',
    url: '/api/assets/scan',
    ...upload('blank.png', PNG.sync.write(blank), 'image'),
  });
  t.equal(noCode.statusCode, 422);
  t.equal(noCode.json().code, 'QR_CODE_INVALID');
  t.equal(noCode.json().message, 'The image does not contain a valid QR code or could not be scanned');
  const foreign = await QRCode.toBuffer('https://example.com/not-ours', { type: 'png', width: 200 });
  const notOurs = await holder.inject({
    method: 'POST',
    url: '/api/assets/scan',
    ...upload('x.png', foreign, 'image'),
  });
  t.equal(notOurs.json().code, 'QR_CODE_INVALID', 'a code that is not one of ours');
  const other = await createAsset(app.db);
  const hidden = await QRCode.toBuffer(`${app.config.publicUrl}/asset-management/${other.id}`, {
    type: 'png',
    width: 200,
  });
  t.equal(
    (
      await holder.inject({ method: 'POST', url: '/api/assets/scan', ...upload('h.png', hidden, 'image') })
    ).json().code,
    'QR_CODE_INVALID',
    'an asset the caller may not see',
  );
  const pdf = await holder.inject({
    method: 'POST',
    url: '/api/assets/scan',
    ...upload('a.pdf', Buffer.from('%PDF-1.4\n%%EOF'), 'image'),
  });
  t.equal(pdf.statusCode, 415);
  const big = await holder.inject({
    method: 'POST',
    url: '/api/assets/scan',
    ...upload('big.png', Buffer.concat([png.rawPayload, Buffer.alloc(1024 * 1024)]), 'image'),
  });
  t.equal(big.statusCode, 413);
});

t.test('a slow scan does not hold up other requests: the photo is read off the main thread', async (t) => {
  const app = await buildTestApp(t);
  const { holder } = await world(app);
  // Noise without a code: jsQR searches the whole photo, shrunk and then at full size (the slow case).
  const noise = new PNG({ width: 500, height: 500 });
  for (let i = 0; i < noise.data.length; i++) noise.data[i] = i % 4 === 3 ? 255 : (i * 2654435761) >>> 24;
  const order: string[] = [];
  const scan = holder
    .inject({
      method: 'POST',
      url: '/api/assets/scan',
      ...upload('noise.png', PNG.sync.write(noise), 'image'),
    })
    .then((response) => {
      order.push('scan');
      return response;
    });
  // Once the scan is under way, a cheap call still answers before it.
  await new Promise((resolve) => setImmediate(resolve));
  const health = await app.inject({ method: 'GET', url: '/healthz' });
  order.push('health');
  t.equal(health.statusCode, 200);
  t.equal((await scan).json().code, 'QR_CODE_INVALID');
  t.same(order, ['health', 'scan'], 'the health check did not wait for the scan');
});

t.test('changing an asset’s CIA labels recomputes its risks’ levels; the asset lists them', async (t) => {
  const app = await buildTestApp(t);
  const { manager } = await world(app);
  const asset = await createAsset(app.db, {
    confidentiality: 'PUBLIC',
    integrity: 'PUBLIC',
    availability: 'PUBLIC',
  });
  const risk = await createRisk(app.db, { assetId: asset.id, impact: 4, likelihood: 3 });
  t.equal(risk.risk_level, 12);
  const detail = await manager.inject({ method: 'GET', url: `/api/assets/${asset.id}` });
  t.same(
    detail.json().risks.map((r: { level: number }) => r.level),
    [12],
  );
  const updated = await manager.inject({
    method: 'PUT',
    url: `/api/assets/${asset.id}`,
    payload: body({
      name: asset.name,
      serialNumber: asset.serial_number,
      confidentiality: 'TOP_SECRET',
      integrity: 'TOP_SECRET',
      availability: 'SECRET',
      version: asset.version,
    }),
  });
  t.equal(updated.statusCode, 200, updated.body);
  t.equal(updated.json().securityBand, 'HIGH');
  t.same(
    updated.json().risks.map((r: { level: number; levelBand: string }) => [r.level, r.levelBand]),
    [[36, 'VERY_HIGH']],
  );
  const stale = await manager.inject({
    method: 'PUT',
    url: `/api/assets/${asset.id}`,
    payload: body({ serialNumber: asset.serial_number, version: asset.version }),
  });
  t.equal(stale.statusCode, 412);
  const deleted = await manager.inject({ method: 'DELETE', url: `/api/assets/${asset.id}` });
  t.equal(deleted.statusCode, 409);
  t.equal(deleted.json().code, 'ASSET_HAS_RISKS');
});

t.test('export and import round trip; a wrong row writes nothing', async (t) => {
  const app = await buildTestApp(t);
  const { manager } = await world(app);
  const owner = await createUser(app.db, { email: 'owner@example.com' });
  await createAsset(app.db, { name: 'Router', serialNumber: 'R-1', ownerId: owner.id });
  const exported = await manager.inject({ method: 'GET', url: '/api/assets/export?format=xlsx' });
  t.equal(exported.statusCode, 200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  t.equal(sheet.getRow(1).getCell(2).value, 'Name');
  t.equal(sheet.getRow(2).getCell(2).value, 'Router');
  t.equal(sheet.getRow(2).getCell(13).value, 'owner@example.com');
  sheet.getRow(2).getCell(2).value = 'Core router';
  sheet.addRow([
    '',
    'Switch',
    'HARDWARE',
    'IN_STORAGE',
    'S-1',
    2,
    '',
    '',
    'LOW',
    'ASSIGNMENT',
    '',
    'Rack 2',
    '',
    'PUBLIC',
    'PUBLIC',
    'PUBLIC',
  ]);
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  const dry = await manager.inject({
    method: 'POST',
    url: '/api/assets/import?dryRun=true',
    ...upload('a.xlsx', file),
  });
  t.same(
    { ...dry.json(), errors: dry.json().errors.length },
    { total: 2, created: 1, updated: 1, dryRun: true, errors: 0 },
  );
  const imported = await manager.inject({
    method: 'POST',
    url: '/api/assets/import',
    ...upload('a.xlsx', file),
  });
  t.same(imported.json().errors, []);
  const names = (await app.db.selectFrom('assets').select('name').orderBy('name').execute()).map(
    (r) => r.name,
  );
  t.same(names, ['Core router', 'Switch']);
  t.ok(
    await app.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'asset.imported')
      .executeTakeFirst(),
  );

  const before = await assetState(app.db);
  const csv = Buffer.from(
    'Name,Type,Serial number,Quantity,Priority,Kind,Confidentiality,Integrity,Availability,Owner email\n' +
      'Desk,ZONE,D-1,1,LOW,INFORMATION,PUBLIC,PUBLIC,PUBLIC,\n' +
      'Bad,HARDWARE,S-1,0,LOW,ASSIGNMENT,PUBLIC,PUBLIC,PUBLIC,nobody@example.com\n',
  );
  const wrong = await manager.inject({ method: 'POST', url: '/api/assets/import', ...upload('a.csv', csv) });
  t.equal(wrong.statusCode, 200);
  t.same(
    wrong
      .json()
      .errors.map((e: { row: number; field: string }) => [e.row, e.field])
      .sort(),
    [
      [3, 'ownerId'],
      [3, 'quantity'],
    ],
  );
  t.same(await assetState(app.db), before, 'nothing written');
  const serialClash = Buffer.from(
    'Name,Type,Serial number,Quantity,Priority,Kind,Confidentiality,Integrity,Availability\n' +
      'Dup,HARDWARE,s-1,1,LOW,ASSIGNMENT,PUBLIC,PUBLIC,PUBLIC\n',
  );
  const clash = await manager.inject({
    method: 'POST',
    url: '/api/assets/import',
    ...upload('b.csv', serialClash),
  });
  t.equal(clash.json().errors[0].code, 'serialTaken');
  t.same(await assetState(app.db), before, 'nothing written');
});

t.test('an asset audit records who saw which asset where and lists the ones not seen', async (t) => {
  const app = await buildTestApp(t);
  const { manager, holder } = await world(app);
  const seen = await createAsset(app.db, { name: 'Printer' });
  const unseen = await createAsset(app.db, { name: 'Projector' });
  const audit = await manager.inject({
    method: 'POST',
    url: '/api/asset-audits',
    payload: { name: 'Q4 stock-take' },
  });
  t.equal(audit.statusCode, 201);
  t.equal(audit.json().notSeen.length, 2);
  const confirmed = await manager.inject({
    method: 'POST',
    url: `/api/asset-audits/${audit.json().id}/checks`,
    payload: { assetId: seen.id, location: 'Floor 3' },
  });
  t.same(
    confirmed
      .json()
      .confirmed.map((c: { assetId: string; location: string; confirmedBy: string }) => [
        c.assetId,
        c.location,
        c.confirmedBy,
      ]),
    [[seen.id, 'Floor 3', 'Lan Pham']],
  );
  t.same(
    confirmed.json().notSeen.map((a: { assetId: string }) => a.assetId),
    [unseen.id],
  );
  const list = await manager.inject({ method: 'GET', url: '/api/asset-audits' });
  t.equal(list.json().items[0].confirmedCount, 1);
  t.equal((await holder.inject({ method: 'GET', url: '/api/asset-audits' })).statusCode, 403);
  const bad = await manager.inject({
    method: 'POST',
    url: `/api/asset-audits/${audit.json().id}/checks`,
    payload: { assetId: '00000000-0000-4000-8000-000000000000', location: 'Nowhere' },
  });
  t.equal(bad.statusCode, 422);
  t.equal(bad.json().details[0].code, 'unknownAsset');

  // Closing makes the findings final: no more confirmations, no second close, the holder may not.
  const id = audit.json().id as string;
  t.equal((await holder.inject({ method: 'POST', url: `/api/asset-audits/${id}/close` })).statusCode, 403);
  const closed = await manager.inject({ method: 'POST', url: `/api/asset-audits/${id}/close` });
  t.equal(closed.statusCode, 200, closed.body);
  t.ok(closed.json().closedAt, 'the audit says when it was closed');
  t.same(
    closed.json().notSeen.map((a: { assetId: string }) => a.assetId),
    [unseen.id],
    'what it did not see stays on record',
  );
  const late = await manager.inject({
    method: 'POST',
    url: `/api/asset-audits/${id}/checks`,
    payload: { assetId: unseen.id, location: 'Found later' },
  });
  t.equal(late.statusCode, 409);
  t.equal(late.json().code, 'ASSET_AUDIT_CLOSED');
  t.equal(late.json().message, 'This audit is closed: its findings are final.');
  const again = await manager.inject({ method: 'POST', url: `/api/asset-audits/${id}/close` });
  t.equal(again.statusCode, 409);
  t.equal(
    (await manager.inject({ method: 'GET', url: `/api/asset-audits/${id}` })).json().confirmed.length,
    1,
  );
  const events = await app.db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_id', '=', id)
    .where('action', '=', 'asset_audit.closed')
    .execute();
  t.equal(events.length, 1, 'closing is audited once');
});
