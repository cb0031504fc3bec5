import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import t from 'tap';
import type { Db } from '../../server/db/connect.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createProject } from '../helpers/project-factories.ts';

/** Everything a client call could change: bad inputs must leave it exactly as it was. */
async function state(db: Db) {
  const clients = await db.selectFrom('clients').selectAll().orderBy('id').execute();
  const projects = await db.selectFrom('projects').select(['id', 'deleted_at']).orderBy('id').execute();
  const audit = await db.selectFrom('audit_events').select('id').execute();
  return { clients, projects, audit: audit.length };
}

t.test('clients API', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const manager = await signIn({ permissions: ['clients.view', 'clients.manage', 'projects.manage'] });
  const viewer = await signIn({ permissions: ['clients.view'] });
  const nobody = await signIn({ permissions: [] });

  // Each subtest makes its own clients, their names and emails carrying a tag of its own, and reads
  // lists through that tag: any subtest runs alone (`--grep`) and none sees another's clients.
  const newTag = () => randomBytes(3).toString('hex');
  /** A client made through the API, as a manager would (so its creation is in the audit trail). */
  const client = async (payload: Record<string, unknown>): Promise<string> => {
    const response = await manager.inject({ method: 'POST', url: '/api/clients', payload });
    if (response.statusCode !== 201) throw new Error(`the client was not made: ${response.body}`);
    return response.json().id;
  };
  /** The four clients of the list tests; Zeta Bank has two projects, Bamboo one. */
  const fourClients = async (tag: string) => {
    const ids = {
      anhDuong: await client({
        name: `Công ty Ánh Dương ${tag}`,
        type: 'EXTERNAL',
        email: `lienhe@anhduong-${tag}.vn`,
        description: 'Retail',
      }),
      internal: await client({ name: `Backoffice nội bộ ${tag}`, type: 'INTERNAL' }),
      bamboo: await client({ name: `Bamboo Tech ${tag}`, email: `hello@bamboo-${tag}.example` }),
      zeta: await client({ name: `Zeta Bank ${tag}`, type: 'EXTERNAL', email: null, description: null }),
    };
    await createProject(db, ids.zeta, { name: 'Core banking' });
    await createProject(db, ids.zeta, { name: 'Mobile app' });
    await createProject(db, ids.bamboo, { name: 'Website' });
    return ids;
  };

  t.test('create, read, list with search, filters, sort and pages', async (t) => {
    const tag = newTag();
    const ids: Record<string, string> = {};
    const created = await manager.inject({
      method: 'POST',
      url: '/api/clients',
      payload: {
        name: ` Công ty Ánh Dương ${tag} `,
        type: 'EXTERNAL',
        email: `lienhe@anhduong-${tag}.vn`,
        description: 'Retail',
      },
    });
    t.equal(created.statusCode, 201, created.body);
    ids.anhDuong = created.json().id;
    t.equal(created.json().name, `Công ty Ánh Dương ${tag}`, 'the name is trimmed');
    t.equal(created.json().status, 'ACTIVE');
    t.equal(created.json().projectCount, 0);
    t.same(created.json().abilities, { edit: true, delete: true, changeStatus: true, createProject: true });

    for (const [key, payload] of Object.entries({
      internal: { name: `Backoffice nội bộ ${tag}`, type: 'INTERNAL' },
      bamboo: { name: `Bamboo Tech ${tag}`, email: `hello@bamboo-${tag}.example` },
      zeta: { name: `Zeta Bank ${tag}`, type: 'EXTERNAL', email: null, description: null },
    })) {
      const response = await manager.inject({ method: 'POST', url: '/api/clients', payload });
      t.equal(response.statusCode, 201, response.body);
      ids[key] = response.json().id;
    }
    t.equal(
      (await manager.inject({ method: 'GET', url: `/api/clients/${ids.bamboo}` })).json().type,
      'EXTERNAL',
    );
    await createProject(db, ids.zeta!, { name: 'Core banking' });
    await createProject(db, ids.zeta!, { name: 'Mobile app' });
    await createProject(db, ids.bamboo!, { name: 'Website' });

    const list = await viewer.inject({ method: 'GET', url: `/api/clients?search=${tag}` });
    t.equal(list.statusCode, 200, list.body);
    t.same(
      list.json().items.map((c: { name: string }) => c.name),
      [`Backoffice nội bộ ${tag}`, `Bamboo Tech ${tag}`, `Công ty Ánh Dương ${tag}`, `Zeta Bank ${tag}`],
      'by name',
    );
    t.same(list.json().items[0].abilities, {
      edit: false,
      delete: false,
      changeStatus: false,
      createProject: false,
    });
    const search = await viewer.inject({
      method: 'GET',
      url: `/api/clients?search=${encodeURIComponent(`anh duong ${tag}`)}`,
    });
    t.same(
      search.json().items.map((c: { id: string }) => c.id),
      [ids.anhDuong],
      'accents do not matter',
    );
    const byEmail = await viewer.inject({ method: 'GET', url: `/api/clients?search=bamboo-${tag}.example` });
    t.same(
      byEmail.json().items.map((c: { id: string }) => c.id),
      [ids.bamboo],
      'email is searched too',
    );
    const internal = await viewer.inject({ method: 'GET', url: `/api/clients?type=INTERNAL&search=${tag}` });
    t.same(
      internal.json().items.map((c: { id: string }) => c.id),
      [ids.internal],
    );
    const byCount = await viewer.inject({
      method: 'GET',
      url: `/api/clients?sortField=projectCount&sortOrder=desc&perPage=2&search=${tag}`,
    });
    t.same(
      byCount.json().items.map((c: { name: string; projectCount: number }) => [c.name, c.projectCount]),
      [
        [`Zeta Bank ${tag}`, 2],
        [`Bamboo Tech ${tag}`, 1],
      ],
    );
    t.equal(byCount.json().total, 4);
    t.equal(byCount.json().lastPage, 2);
    const page2 = await viewer.inject({
      method: 'GET',
      url: `/api/clients?sortField=projectCount&sortOrder=desc&perPage=2&page=2&search=${tag}`,
    });
    t.same(
      page2.json().items.map((c: { name: string }) => c.name),
      [`Backoffice nội bộ ${tag}`, `Công ty Ánh Dương ${tag}`],
      'ties by name, nothing repeated or skipped',
    );

    const detail = await manager.inject({ method: 'GET', url: `/api/clients/${ids.zeta}` });
    t.equal(detail.statusCode, 200);
    t.same(
      detail.json().projects.map((p: { name: string }) => p.name),
      ['Core banking', 'Mobile app'],
      'the detail lists the client’s projects',
    );
    const unseen = await viewer.inject({ method: 'GET', url: `/api/clients/${ids.zeta}` });
    t.equal(unseen.json().projectCount, 2);
    t.same(unseen.json().projects, [], 'only the projects the caller may see are listed');
  });

  t.test('update, deactivate, activate; every change is audited', async (t) => {
    const tag = newTag();
    const ids = await fourClients(tag);
    const updated = await manager.inject({
      method: 'PUT',
      url: `/api/clients/${ids.bamboo}`,
      payload: { name: `Bamboo Technologies ${tag}`, email: null, type: 'INTERNAL' },
    });
    t.equal(updated.statusCode, 200, updated.body);
    t.equal(updated.json().name, `Bamboo Technologies ${tag}`);
    t.equal(updated.json().email, null, 'null clears the email');
    t.equal(updated.json().type, 'INTERNAL');
    const off = await manager.inject({
      method: 'PUT',
      url: `/api/clients/${ids.bamboo}/status`,
      payload: { status: 'DEACTIVATE' },
    });
    t.equal(off.json().status, 'INACTIVE');
    t.equal(off.json().abilities.createProject, false, 'an inactive client gets no new projects');
    const inactive = await viewer.inject({
      method: 'GET',
      url: `/api/clients?status=INACTIVE&search=${tag}`,
    });
    t.same(
      inactive.json().items.map((c: { id: string }) => c.id),
      [ids.bamboo],
    );

    const before = await state(db);
    const refused = await manager.inject({
      method: 'POST',
      url: `/api/clients/${ids.bamboo}/projects`,
      payload: { name: 'New site' },
    });
    t.equal(refused.statusCode, 422);
    t.same(refused.json().details, [
      {
        field: 'clientId',
        code: 'inactiveClient',
        message: 'The client is inactive: activate it before adding projects',
      },
    ]);
    t.same(await state(db), before, 'nothing changed');

    const on = await manager.inject({
      method: 'PUT',
      url: `/api/clients/${ids.bamboo}/status`,
      payload: { status: 'ACTIVE' },
    });
    t.equal(on.json().status, 'ACTIVE');
    const audit = await db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_id', '=', ids.bamboo)
      .orderBy('id')
      .execute();
    t.same(
      audit.map((a) => a.action),
      ['client.created', 'client.updated', 'client.deactivated', 'client.activated'],
    );
  });

  t.test(
    'names are unique whatever their case: 409 in English and Vietnamese, nothing written',
    async (t) => {
      const tag = newTag();
      const ids = await fourClients(tag);
      const before = await state(db);
      const duplicate = await manager.inject({
        method: 'POST',
        url: '/api/clients',
        payload: { name: `zeta bank ${tag}` },
      });
      t.equal(duplicate.statusCode, 409);
      t.equal(duplicate.json().code, 'CLIENT_NAME_TAKEN');
      t.equal(duplicate.json().message, `A client named “zeta bank ${tag}” already exists.`);
      t.same(duplicate.json().details, [
        { field: 'name', code: 'clientNameTaken', message: 'A client with this name already exists' },
      ]);
      const vietnamese = await manager.inject({
        method: 'PUT',
        url: `/api/clients/${ids.internal}`,
        headers: { 'accept-language': 'vi' },
        payload: { name: `ZETA BANK ${tag}` },
      });
      t.equal(vietnamese.statusCode, 409);
      t.equal(vietnamese.json().message, `Đã có khách hàng tên “ZETA BANK ${tag}”.`);
      t.same(await state(db), before, 'nothing changed');
    },
  );

  t.test('bad inputs get every problem at once and change nothing', async (t) => {
    const ids = await fourClients(newTag());
    const before = await state(db);
    const bad = await manager.inject({
      method: 'POST',
      url: '/api/clients',
      payload: { name: '   ', type: 'PARTNER', email: 'not-an-email', description: 'x'.repeat(5001) },
    });
    t.equal(bad.statusCode, 422);
    const codes = Object.fromEntries(
      bad.json().details.map((d: { field: string; code: string }) => [d.field, d.code]),
    );
    t.same(codes, { name: 'blank', type: 'oneOf', email: 'email', description: 'maxLength' });
    const missing = await manager.inject({ method: 'POST', url: '/api/clients', payload: {} });
    t.equal(missing.statusCode, 422);
    t.same(missing.json().details[0].field, 'name');
    const extra = await manager.inject({
      method: 'PUT',
      url: `/api/clients/${ids.zeta}`,
      payload: { name: 'Zeta', status: 'INACTIVE' },
    });
    t.equal(extra.statusCode, 422, 'the status has its own call');
    const badStatus = await manager.inject({
      method: 'PUT',
      url: `/api/clients/${ids.zeta}/status`,
      payload: { status: 'PAUSED' },
    });
    t.equal(badStatus.statusCode, 422);
    const unknown = await manager.inject({
      method: 'PUT',
      url: '/api/clients/00000000-0000-4000-8000-000000000000',
      payload: { name: 'X' },
    });
    t.equal(unknown.statusCode, 404);
    const notAnId = await manager.inject({ method: 'GET', url: '/api/clients/42' });
    t.equal(notAnId.statusCode, 422);
    t.same(await state(db), before, 'nothing changed');
  });

  t.test('a client with live projects cannot be deleted; one without can', async (t) => {
    const tag = newTag();
    const ids = await fourClients(tag);
    const before = await state(db);
    const refused = await manager.inject({ method: 'DELETE', url: `/api/clients/${ids.zeta}` });
    t.equal(refused.statusCode, 422);
    t.equal(refused.json().code, 'CLIENT_HAS_PROJECTS');
    t.equal(
      refused.json().message,
      'This client still has 2 projects. Delete them before deleting the client.',
    );
    const vi = await manager.inject({
      method: 'DELETE',
      url: `/api/clients/${ids.zeta}`,
      headers: { 'accept-language': 'vi' },
    });
    t.match(vi.json().message, 'vẫn còn 2 dự án');
    t.same(await state(db), before, 'nothing changed');

    const deleted = await manager.inject({ method: 'DELETE', url: `/api/clients/${ids.internal}` });
    t.equal(deleted.statusCode, 204);
    t.equal((await viewer.inject({ method: 'GET', url: `/api/clients/${ids.internal}` })).statusCode, 404);
    const again = await manager.inject({
      method: 'POST',
      url: '/api/clients',
      payload: { name: `Backoffice nội bộ ${tag}`, type: 'INTERNAL' },
    });
    t.equal(again.statusCode, 201, 'a deleted client frees its name');
  });

  t.test('export: the list with its filters as XLSX or CSV, audited', async (t) => {
    const tag = newTag();
    const ids = await fourClients(tag);
    await manager.inject({
      method: 'PUT',
      url: `/api/clients/${ids.bamboo}`,
      payload: { name: `Bamboo Technologies ${tag}`, type: 'INTERNAL' },
    });
    const exportsBefore = (
      await db.selectFrom('audit_events').select('id').where('action', '=', 'clients.exported').execute()
    ).length;
    const xlsx = await viewer.inject({
      method: 'GET',
      url: `/api/clients/export?sortField=name&search=${tag}`,
    });
    t.equal(xlsx.statusCode, 200, xlsx.body);
    t.match(xlsx.headers['content-type'], /spreadsheetml/);
    t.match(xlsx.headers['content-disposition'], /attachment; filename="clients-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    t.equal(sheet.name, 'Clients');
    t.same((sheet.getRow(1).values as unknown[]).slice(1), [
      'Name',
      'Type',
      'Email',
      'Status',
      'Projects',
      'Description',
      'Created',
    ]);
    const names = [];
    for (let row = 2; row <= sheet.rowCount; row++) names.push(sheet.getRow(row).getCell(1).value);
    t.same(names, [
      `Backoffice nội bộ ${tag}`,
      `Bamboo Technologies ${tag}`,
      `Công ty Ánh Dương ${tag}`,
      `Zeta Bank ${tag}`,
    ]);
    t.equal(sheet.getRow(5).getCell(5).value, 2, 'project counts are numbers');

    const csv = await viewer.inject({
      method: 'GET',
      url: `/api/clients/export?format=csv&type=EXTERNAL&search=${tag}`,
      headers: { 'accept-language': 'vi' },
    });
    t.equal(csv.statusCode, 200);
    t.ok(csv.body.startsWith('\uFEFFTên,Loại,Email'), 'a byte-order mark, Vietnamese headers');
    const lines = csv.body.trim().split('\r\n');
    t.equal(lines.length, 3, 'the header and the two external clients');
    t.ok(
      lines[1]!.startsWith(
        `Công ty Ánh Dương ${tag},Bên ngoài,lienhe@anhduong-${tag}.vn,Đang hoạt động,0,Retail,`,
      ),
      String(lines[1]),
    );
    const audit = await db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'clients.exported')
      .execute();
    t.equal(audit.length - exportsBefore, 2, 'each export is in the audit trail');
  });

  t.test('permission denials', async (t) => {
    const ids = await fourClients(newTag());
    t.equal((await nobody.inject({ method: 'GET', url: '/api/clients' })).statusCode, 403);
    t.equal((await nobody.inject({ method: 'GET', url: '/api/clients/export' })).statusCode, 403);
    const before = await state(db);
    const create = await viewer.inject({ method: 'POST', url: '/api/clients', payload: { name: 'X' } });
    t.equal(create.statusCode, 403);
    const update = await viewer.inject({
      method: 'PUT',
      url: `/api/clients/${ids.zeta}`,
      payload: { name: 'X' },
    });
    t.equal(update.statusCode, 403);
    t.equal((await viewer.inject({ method: 'DELETE', url: `/api/clients/${ids.anhDuong}` })).statusCode, 403);
    const project = await viewer.inject({
      method: 'POST',
      url: `/api/clients/${ids.zeta}/projects`,
      payload: { name: 'X' },
    });
    t.equal(project.statusCode, 403, 'creating a project needs projects.manage');
    t.same(await state(db), before, 'nothing changed');
  });
});
