import { randomBytes } from 'node:crypto';
import t from 'tap';
import type { Db } from '../../server/db/connect.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';

async function state(db: Db) {
  const departments = await db.selectFrom('departments').selectAll().orderBy('id').execute();
  const members = await db.selectFrom('users').select(['id', 'department_id']).orderBy('id').execute();
  const audit = await db.selectFrom('audit_events').select('id').execute();
  return { departments, members, audit: audit.length };
}

t.test('departments API', async (t) => {
  const { signIn, inject, db } = await buildTestApp(t);
  const manager = await signIn({ permissions: ['departments.view', 'departments.manage'] });
  const viewer = await signIn({ permissions: ['departments.view'] });
  const nobody = await signIn({ permissions: [] });
  // Each subtest makes its own people and departments (names carry a suffix of its own), so any one
  // of them runs alone (`--grep`) and none sees another's changes.
  const suffix = () => randomBytes(3).toString('hex');
  const people = async () => ({
    an: await createUser(db, { firstName: 'An', lastName: 'Trần' }),
    binh: await createUser(db, { firstName: 'Bình', lastName: 'Lê' }),
    chi: await createUser(db, { firstName: 'Chi', lastName: 'Phạm' }),
  });
  /** A department made through the API, as a manager would. */
  const department = async (name: string, memberIds: string[] = []): Promise<string> => {
    const response = await manager.inject({
      method: 'POST',
      url: '/api/departments',
      payload: { name, memberIds },
    });
    if (response.statusCode !== 201) throw new Error(`the department was not made: ${response.body}`);
    return response.json().id;
  };

  t.test('create with members; list by name with counts and members', async (t) => {
    const { an, binh } = await people();
    const tag = suffix();
    const created = await manager.inject({
      method: 'POST',
      url: '/api/departments',
      payload: { name: ` Kỹ thuật ${tag} `, description: 'Engineering', memberIds: [an.id, binh.id] },
    });
    t.equal(created.statusCode, 201, created.body);
    const engineeringId = created.json().id;
    t.equal(created.json().name, `Kỹ thuật ${tag}`, 'the name is trimmed');
    t.equal(created.json().memberCount, 2);
    t.same(
      created.json().members.map((m: { firstName: string }) => m.firstName),
      ['Bình', 'An'],
      'members by last name',
    );
    t.same(created.json().abilities, { edit: true, delete: true, changeStatus: true });
    await department(`Kinh doanh ${tag}`);

    const list = await viewer.inject({ method: 'GET', url: `/api/departments?search=${tag}` });
    t.equal(list.statusCode, 200);
    t.same(
      list.json().items.map((d: { name: string }) => d.name),
      [`Kinh doanh ${tag}`, `Kỹ thuật ${tag}`],
    );
    t.same(list.json().items[1].abilities, { edit: false, delete: false, changeStatus: false });
    const search = await viewer.inject({
      method: 'GET',
      url: `/api/departments?search=${encodeURIComponent(`ky thuat ${tag}`)}`,
    });
    t.same(
      search.json().items.map((d: { name: string }) => d.name),
      [`Kỹ thuật ${tag}`],
      'accents do not matter',
    );
    const paged = await viewer.inject({
      method: 'GET',
      url: `/api/departments?search=${tag}&perPage=1&page=2`,
    });
    t.equal(paged.json().total, 2);
    t.equal(paged.json().items[0].name, `Kỹ thuật ${tag}`);
    const one = await viewer.inject({ method: 'GET', url: `/api/departments/${engineeringId}` });
    t.equal(one.json().members.length, 2);
    const employee = await db
      .selectFrom('users')
      .select('department_id')
      .where('id', '=', an.id)
      .executeTakeFirst();
    t.equal(employee?.department_id, engineeringId);
  });

  t.test('update replaces members; people move between departments', async (t) => {
    const { an, binh, chi } = await people();
    const tag = suffix();
    const engineeringId = await department(`Kỹ thuật ${tag}`, [an.id, binh.id]);
    const salesId = await department(`Kinh doanh ${tag}`);
    const moved = await manager.inject({
      method: 'PUT',
      url: `/api/departments/${salesId}`,
      payload: { memberIds: [binh.id, chi.id] },
    });
    t.equal(moved.statusCode, 200, moved.body);
    t.equal(moved.json().memberCount, 2);
    const engineering = await viewer.inject({ method: 'GET', url: `/api/departments/${engineeringId}` });
    t.same(
      engineering.json().members.map((m: { id: string }) => m.id),
      [an.id],
      'Bình left Kỹ thuật',
    );
    const renamed = await manager.inject({
      method: 'PUT',
      url: `/api/departments/${salesId}`,
      payload: { name: `Sales ${tag}`, description: null },
    });
    t.equal(renamed.json().name, `Sales ${tag}`);
    t.equal(renamed.json().memberCount, 2, 'members stay when not given');
    const audit = await db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_id', '=', salesId)
      .execute();
    t.same(audit.map((a) => a.action).sort(), [
      'department.created',
      'department.updated',
      'department.updated',
    ]);
  });

  t.test('status: ACTIVE and DEACTIVATE; an inactive department cannot be chosen', async (t) => {
    const tag = suffix();
    const salesId = await department(`Kinh doanh ${tag}`);
    const off = await manager.inject({
      method: 'PUT',
      url: `/api/departments/${salesId}/status`,
      payload: { status: 'DEACTIVATE' },
    });
    t.equal(off.json().status, 'INACTIVE');
    const filtered = await viewer.inject({
      method: 'GET',
      url: `/api/departments?status=INACTIVE&search=${tag}`,
    });
    t.same(
      filtered.json().items.map((d: { id: string }) => d.id),
      [salesId],
    );
    const on = await manager.inject({
      method: 'PUT',
      url: `/api/departments/${salesId}/status`,
      payload: { status: 'ACTIVE' },
    });
    t.equal(on.json().status, 'ACTIVE');
  });

  t.test('bad input: a message and nothing changed', async (t) => {
    const { an } = await people();
    const tag = suffix();
    const engineeringId = await department(`Kỹ thuật ${tag}`, [an.id]);
    const salesId = await department(`Sales ${tag}`);
    const before = await state(db);
    const cases = [
      {
        method: 'POST',
        url: '/api/departments',
        payload: {},
        field: 'name',
        message: 'This field is required',
      },
      {
        method: 'POST',
        url: '/api/departments',
        payload: { name: '   ' },
        field: 'name',
        message: 'This field cannot contain only spaces',
      },
      {
        method: 'POST',
        url: '/api/departments',
        payload: { name: 'x'.repeat(256) },
        field: 'name',
        message: 'This field must be less than or equal to 255 characters long',
      },
      {
        method: 'POST',
        url: '/api/departments',
        payload: { name: 'New', memberIds: ['00000000-0000-4000-8000-000000000001'] },
        field: 'memberIds.0',
        message: 'The selected person does not exist',
      },
      {
        method: 'PUT',
        url: `/api/departments/${salesId}`,
        payload: { name: '' },
        field: 'name',
        message: 'This field is required',
      },
    ] as const;
    for (const c of cases) {
      const response = await manager.inject({ method: c.method, url: c.url, payload: c.payload });
      t.equal(response.statusCode, 422, `${JSON.stringify(c.payload).slice(0, 40)}: 422`);
      t.match(response.json().details, [{ field: c.field, message: c.message }]);
    }
    const duplicate = await manager.inject({
      method: 'POST',
      url: '/api/departments',
      payload: { name: `SALES ${tag}` },
    });
    t.equal(duplicate.statusCode, 409);
    t.equal(duplicate.json().message, 'Name is already taken.');
    const duplicateRename = await manager.inject({
      method: 'PUT',
      url: `/api/departments/${engineeringId}`,
      payload: { name: `sales ${tag}` },
    });
    t.equal(duplicateRename.statusCode, 409);
    const inUse = await manager.inject({ method: 'DELETE', url: `/api/departments/${engineeringId}` });
    t.equal(inUse.statusCode, 422);
    t.equal(inUse.json().message, 'This department has 1 members. Move them to another department first.');
    const badStatus = await manager.inject({
      method: 'PUT',
      url: `/api/departments/${salesId}/status`,
      payload: { status: 'ARCHIVED' },
    });
    t.equal(badStatus.statusCode, 422);
    t.same(await state(db), before, 'nothing changed');
  });

  t.test('delete an empty department; then it is gone', async (t) => {
    const { an } = await people();
    const tag = suffix();
    const engineeringId = await department(`Kỹ thuật ${tag}`, [an.id]);
    await manager.inject({
      method: 'PUT',
      url: `/api/departments/${engineeringId}`,
      payload: { memberIds: [] },
    });
    const deleted = await manager.inject({ method: 'DELETE', url: `/api/departments/${engineeringId}` });
    t.equal(deleted.statusCode, 204);
    t.equal(
      (await viewer.inject({ method: 'GET', url: `/api/departments/${engineeringId}` })).statusCode,
      404,
    );
    t.equal(
      (await manager.inject({ method: 'DELETE', url: `/api/departments/${engineeringId}` })).statusCode,
      404,
    );
    const reuse = await manager.inject({
      method: 'POST',
      url: '/api/departments',
      payload: { name: `Kỹ thuật ${tag}` },
    });
    t.equal(reuse.statusCode, 201, 'the name of a deleted department is free');
  });

  t.test('permission denials', async (t) => {
    const id = await department(`Kinh doanh ${suffix()}`);
    const calls = [
      { method: 'POST', url: '/api/departments', payload: { name: 'X' } },
      { method: 'PUT', url: `/api/departments/${id}`, payload: { name: 'X' } },
      { method: 'PUT', url: `/api/departments/${id}/status`, payload: { status: 'ACTIVE' } },
      { method: 'DELETE', url: `/api/departments/${id}` },
    ] as const;
    for (const call of calls) {
      t.equal(
        (await viewer.inject(call)).statusCode,
        403,
        `${call.method} ${call.url} needs departments.manage`,
      );
      t.equal((await inject(call)).statusCode, 401);
    }
    t.equal((await nobody.inject({ method: 'GET', url: '/api/departments' })).statusCode, 403);
    t.equal((await nobody.inject({ method: 'GET', url: `/api/departments/${id}` })).statusCode, 403);
  });
});
