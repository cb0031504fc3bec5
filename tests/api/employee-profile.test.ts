import t from 'tap';
import type { Db } from '../../server/db/connect.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createRole, createUser } from '../helpers/factories.ts';

/** Rows a refused request must leave as they were. */
async function counts(db: Db) {
  const count = async (table: 'users' | 'audit_events' | 'user_roles') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    audit: await count('audit_events'),
    roles: await count('user_roles'),
  };
}

t.test('employee code and line manager', async (t) => {
  const { signIn, inject, db } = await buildTestApp(t);
  // HR staff hold the everyday User permissions too: new people start with them, and nobody acts on
  // someone above them.
  const hr = await signIn({ permissions: ['employees.view', 'employees.manage'], builtInRoles: ['user'] });
  const viewer = await signIn({ permissions: ['employees.view'] });

  const create = (payload: Record<string, unknown>) =>
    hr.inject({ method: 'POST', url: '/api/users', payload });
  const boss = await create({
    firstName: 'Lan',
    lastName: 'Phạm',
    email: 'lan@example.com',
    employeeCode: 'NV001',
  });
  t.equal(boss.statusCode, 201, boss.body);
  const bossId = boss.json().id as string;
  // A PENDING person cannot manage anyone yet: make the boss active.
  await db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', bossId).execute();

  const report = await create({
    firstName: 'Minh',
    lastName: 'Trần',
    email: 'minh@example.com',
    employeeCode: 'nv002',
    lineManagerId: bossId,
  });
  t.equal(report.statusCode, 201, report.body);
  const minh = report.json();
  t.equal(minh.employeeCode, 'nv002');
  t.same(minh.lineManager, { id: bossId, name: 'Phạm Lan' }, 'the manager by name, last name first');

  t.test('the code is searchable and the list sorts by code and by employee role', async (t) => {
    const found = await viewer.inject({ method: 'GET', url: '/api/users/employees?search=NV002' });
    t.equal(found.statusCode, 200);
    t.same(
      found.json().items.map((p: { email: string }) => p.email),
      ['minh@example.com'],
      'found by code, whatever its case',
    );
    const byCode = await viewer.inject({
      method: 'GET',
      url: '/api/users/employees?sortField=employeeCode&sortOrder=desc&search=example.com',
    });
    t.equal(byCode.statusCode, 200);
    // Codes sort as PostgreSQL's collation orders them; descending puts the later one first.
    const codes = byCode.json().items.map((p: { employeeCode: string | null }) => p.employeeCode);
    t.same(codes.filter(Boolean), ['nv002', 'NV001'], 'descending by code, people without one last');

    const developer = await createRole(db, { name: 'A Developer', type: 'EMPLOYEE_ROLE' });
    const tester = await createRole(db, { name: 'B Tester', type: 'EMPLOYEE_ROLE' });
    await hr.inject({ method: 'PUT', url: `/api/users/${bossId}`, payload: { employeeRoleId: tester.id } });
    await hr.inject({
      method: 'PUT',
      url: `/api/users/${minh.id}`,
      payload: { employeeRoleId: developer.id },
    });
    for (const order of ['asc', 'desc'] as const) {
      const sorted = await viewer.inject({
        method: 'GET',
        url: `/api/users/employees?sortField=employeeRole&sortOrder=${order}&search=example.com`,
      });
      t.equal(sorted.statusCode, 200);
      const names = sorted
        .json()
        .items.map((p: { employeeRole: { name: string } | null }) => p.employeeRole?.name ?? null)
        .filter(Boolean);
      t.same(names, order === 'asc' ? ['A Developer', 'B Tester'] : ['B Tester', 'A Developer'], order);
    }
    const badSort = await viewer.inject({ method: 'GET', url: '/api/users/employees?sortField=salary' });
    t.equal(badSort.statusCode, 422);
  });

  t.test('bad codes and managers are refused and change nothing', async (t) => {
    const inactive = await createUser(db, { status: 'INACTIVE', email: 'gone@example.com' });
    const external = (
      await signIn({ permissions: ['external-users.manage'] }).then((m) =>
        m.inject({
          method: 'POST',
          url: '/api/users/external',
          payload: { firstName: 'Kyle', lastName: 'Reese', email: 'kyle@client.example' },
        }),
      )
    ).json().id as string;
    const cases: Array<{
      name: string;
      id?: string;
      payload: Record<string, unknown>;
      status: number;
      field: string;
      message: string;
    }> = [
      {
        name: 'a code another person has (another case)',
        payload: { firstName: 'A', lastName: 'B', email: 'c1@example.com', employeeCode: 'nv001' },
        status: 409,
        field: 'employeeCode',
        message: 'Another person already has this employee code',
      },
      {
        name: 'a code with spaces',
        payload: { firstName: 'A', lastName: 'B', email: 'c2@example.com', employeeCode: 'NV 3' },
        status: 422,
        field: 'employeeCode',
        message: 'Employee code is not valid',
      },
      {
        name: 'an unknown manager',
        payload: {
          firstName: 'A',
          lastName: 'B',
          email: 'c3@example.com',
          lineManagerId: '00000000-0000-4000-8000-000000000009',
        },
        status: 422,
        field: 'lineManagerId',
        message: 'The line manager must be an existing employee',
      },
      {
        name: 'an inactive manager',
        payload: { firstName: 'A', lastName: 'B', email: 'c4@example.com', lineManagerId: inactive.id },
        status: 422,
        field: 'lineManagerId',
        message: 'The line manager must be an active employee',
      },
      {
        name: 'an external user as manager',
        payload: { firstName: 'A', lastName: 'B', email: 'c5@example.com', lineManagerId: external },
        status: 422,
        field: 'lineManagerId',
        message: 'The line manager must be an existing employee',
      },
      {
        name: 'oneself as manager',
        id: bossId,
        payload: { lineManagerId: bossId },
        status: 422,
        field: 'lineManagerId',
        message: 'A person cannot be their own line manager',
      },
      {
        name: 'a manager who reports to the person (a cycle)',
        id: bossId,
        payload: { lineManagerId: minh.id },
        status: 422,
        field: 'lineManagerId',
        message: 'This line manager reports to this person, directly or through others',
      },
      {
        name: 'a code another person has, in an edit',
        id: minh.id,
        payload: { employeeCode: 'NV001' },
        status: 409,
        field: 'employeeCode',
        message: 'Another person already has this employee code',
      },
    ];
    // Minh reports to Lan: Lan may not report to Minh, even when Minh is active.
    await db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', minh.id).execute();
    for (const c of cases) {
      const before = await counts(db);
      const snapshot = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', c.id ?? bossId)
        .executeTakeFirst();
      const response = await hr.inject({
        method: c.id ? 'PUT' : 'POST',
        url: c.id ? `/api/users/${c.id}` : '/api/users',
        payload: c.payload,
      });
      t.equal(response.statusCode, c.status, `${c.name}: ${response.body}`);
      const problem = response.json().details.find((d: { field: string }) => d.field === c.field);
      t.equal(problem?.message, c.message, c.name);
      t.same(await counts(db), before, `${c.name}: nothing written`);
      t.same(
        await db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', c.id ?? bossId)
          .executeTakeFirst(),
        snapshot,
        `${c.name}: the person is unchanged`,
      );
    }

    // In Vietnamese too.
    const vi = await hr.inject({
      method: 'PUT',
      url: `/api/users/${bossId}`,
      headers: { 'accept-language': 'vi' },
      payload: { lineManagerId: bossId },
    });
    t.equal(vi.json().details[0].message, 'Một người không thể là quản lý trực tiếp của chính mình');
  });

  t.test('keeping a manager who has since left is allowed; clearing works', async (t) => {
    await db.updateTable('users').set({ status: 'INACTIVE' }).where('id', '=', bossId).execute();
    const kept = await hr.inject({
      method: 'PUT',
      url: `/api/users/${minh.id}`,
      payload: { lineManagerId: bossId, phoneNumber: '+84 912 000 111' },
    });
    t.equal(kept.statusCode, 200, kept.body);
    const cleared = await hr.inject({
      method: 'PUT',
      url: `/api/users/${minh.id}`,
      payload: { lineManagerId: null },
    });
    t.equal(cleared.statusCode, 200);
    t.equal(cleared.json().lineManager, null);
    await db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', bossId).execute();
  });

  t.test('anonymous callers and viewers cannot set them', async (t) => {
    const before = await counts(db);
    t.equal(
      (await inject({ method: 'PUT', url: `/api/users/${minh.id}`, payload: { employeeCode: 'X1' } }))
        .statusCode,
      401,
    );
    t.equal(
      (await viewer.inject({ method: 'PUT', url: `/api/users/${minh.id}`, payload: { employeeCode: 'X1' } }))
        .statusCode,
      403,
    );
    t.same(await counts(db), before);
  });
});

t.test('the history of a person', async (t) => {
  const { signIn, inject, db } = await buildTestApp(t);
  const hr = await signIn({
    firstName: 'Hà',
    lastName: 'Nguyễn',
    permissions: ['employees.view', 'employees.manage', 'roles.view', 'roles.manage', 'departments.view'],
    builtInRoles: ['user'],
  });
  const viewer = await signIn({ permissions: ['employees.view'] });
  const nobody = await signIn({ permissions: [] });
  const sales = (
    await signIn({ builtInRoles: ['admin'] }).then((admin) =>
      admin.inject({ method: 'POST', url: '/api/departments', payload: { name: 'Sales' } }),
    )
  ).json().id as string;

  const created = await hr.inject({
    method: 'POST',
    url: '/api/users',
    payload: {
      firstName: 'Bình',
      lastName: 'Trần',
      email: 'binh@example.com',
      bankAccountNumber: '0011002233445',
      phoneNumber: '+84 912 345 678',
    },
  });
  const id = created.json().id as string;
  await hr.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    payload: {
      departmentId: sales,
      contractType: 'FULLTIME',
      bankAccountNumber: '9988776655',
      phoneNumber: '+84 912 345 679',
    },
  });
  const role = await createRole(db, { name: 'Accounting', type: 'ACCESS' });
  const granted = await hr.inject({
    method: 'POST',
    url: `/api/access-roles/${role.id}/members`,
    payload: { userId: id },
  });
  await hr.inject({ method: 'PUT', url: `/api/users/${id}/status`, payload: { status: 'DEACTIVATE' } });

  t.test('holders of employees.view read who did what, when, from what to what', async (t) => {
    const response = await hr.inject({ method: 'GET', url: `/api/users/${id}/history` });
    t.equal(response.statusCode, 200, response.body);
    const page = response.json();
    const actions = page.items.map((e: { action: string }) => e.action);
    t.equal(granted.statusCode, 204, granted.body);
    t.ok(actions.includes('employee.created'));
    t.ok(actions.includes('employee.updated'));
    t.ok(actions.includes('user.deactivated'));
    const grant = page.items.find((e: { action: string }) => e.action === 'role.member_added');
    t.equal(grant?.details.roleName, 'Accounting', 'access roles given to the person are in their history');
    t.same(
      page.items.map((e: { occurredAt: string }) => e.occurredAt),
      [...page.items.map((e: { occurredAt: string }) => e.occurredAt)].sort().reverse(),
      'newest first',
    );
    const edit = page.items.find((e: { action: string }) => e.action === 'employee.updated');
    t.same(edit.actor, { id: hr.user.id, name: 'Nguyễn Hà', email: hr.user.email, system: false });
    const byField = Object.fromEntries(edit.changes.map((c: { field: string }) => [c.field, c]));
    t.same(byField.department, { field: 'department', kind: 'reference', before: null, after: 'Sales' });
    t.same(byField.contractType, { field: 'contractType', kind: 'enum', before: null, after: 'FULLTIME' });
    t.same(byField.phoneNumber.after, '+84 912 345 679');
    t.same(byField.bankAccountNumber, {
      field: 'bankAccountNumber',
      kind: 'text',
      before: '0011002233445',
      after: '9988776655',
    });
    t.notOk(byField.updatedAt, 'bookkeeping fields are not changes');
    const status = page.items.find((e: { action: string }) => e.action === 'user.deactivated');
    t.same(status.changes, [{ field: 'status', kind: 'enum', before: 'PENDING', after: 'INACTIVE' }]);
  });

  t.test('private details are hidden from those who may not see them; secrets never appear', async (t) => {
    const response = await viewer.inject({ method: 'GET', url: `/api/users/${id}/history?perPage=50` });
    t.equal(response.statusCode, 200);
    const edit = response.json().items.find((e: { action: string }) => e.action === 'employee.updated');
    const bank = edit.changes.find((c: { field: string }) => c.field === 'bankAccountNumber');
    t.same(bank, { field: 'bankAccountNumber', kind: 'hidden', before: null, after: null });
    t.notMatch(response.body, /9988776655|0011002233445/, 'no private value anywhere in the answer');
    // Whatever was kept, hashes and tokens are never part of a history.
    await db
      .insertInto('audit_events')
      .values({
        actor_id: null,
        actor_label: 'system',
        action: 'employee.updated',
        entity_type: 'user',
        entity_id: id,
        before: JSON.stringify({ password_hash: 'old-hash', token_hash: 'abc', first_name: 'Bình' }),
        after: JSON.stringify({ password_hash: 'new-hash', token_hash: 'def', first_name: 'Bình Minh' }),
      })
      .execute();
    const full = await hr.inject({ method: 'GET', url: `/api/users/${id}/history` });
    t.notMatch(full.body, /hash|old-hash|new-hash|"abc"|"def"/);
    const newest = full.json().items[0];
    t.same(newest.actor, { id: null, name: 'system', email: null, system: true });
    t.same(newest.changes, [{ field: 'firstName', kind: 'text', before: 'Bình', after: 'Bình Minh' }]);
  });

  t.test('pages, and bad pages', async (t) => {
    const first = (await hr.inject({ method: 'GET', url: `/api/users/${id}/history?perPage=2` })).json();
    t.equal(first.items.length, 2);
    t.equal(first.perPage, 2);
    t.ok(first.lastPage >= 3);
    const second = (
      await hr.inject({ method: 'GET', url: `/api/users/${id}/history?perPage=2&page=2` })
    ).json();
    t.notSame(
      second.items.map((e: { id: string }) => e.id),
      first.items.map((e: { id: string }) => e.id),
    );
    for (const query of ['perPage=0', 'perPage=51', 'page=0', 'page=x', 'color=red']) {
      const bad = await hr.inject({ method: 'GET', url: `/api/users/${id}/history?${query}` });
      t.equal(bad.statusCode, 422, query);
    }
  });

  t.test('who may not read it', async (t) => {
    t.equal((await inject({ method: 'GET', url: `/api/users/${id}/history` })).statusCode, 401);
    t.equal((await nobody.inject({ method: 'GET', url: `/api/users/${id}/history` })).statusCode, 403);
    const unknown = await hr.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000/history',
    });
    t.equal(unknown.statusCode, 404);
    t.equal((await hr.inject({ method: 'GET', url: '/api/users/not-a-uuid/history' })).statusCode, 422);
    // The person without the view permission does not read their own history either.
    const self = await signIn({ permissions: [] });
    t.equal(
      (await self.inject({ method: 'GET', url: `/api/users/${self.user.id}/history` })).statusCode,
      403,
    );
  });

  t.test('the roles a person holds', async (t) => {
    const roles = await hr.inject({ method: 'GET', url: `/api/users/${id}/roles` });
    t.equal(roles.statusCode, 200, roles.body);
    t.same(
      roles.json().accessRoles.map((r: { name: string }) => r.name),
      ['Accounting', 'User'],
      'the role HR gave, and the User role every new employee starts with',
    );
    t.same(roles.json().projectRoles, []);
    t.equal((await inject({ method: 'GET', url: `/api/users/${id}/roles` })).statusCode, 401);
    t.equal((await viewer.inject({ method: 'GET', url: `/api/users/${id}/roles` })).statusCode, 403);
    t.equal((await nobody.inject({ method: 'GET', url: `/api/users/${id}/roles` })).statusCode, 404);
    const own = await viewer.inject({ method: 'GET', url: `/api/users/${viewer.user.id}/roles` });
    t.equal(own.statusCode, 200, 'a person sees their own roles');
    t.equal(own.json().accessRoles.length, 1);
  });
});
