import t from 'tap';
import { PERMISSION_KEYS, permissionsForRoleType } from '../../shared/permissions.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createRole, createUser, grantProjectRole } from '../helpers/factories.ts';

t.test('roles: list, create, edit, status, delete, with an audit trail', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ builtInRoles: ['admin'] });

  const list = await admin.inject({ method: 'GET', url: '/api/roles?type=ACCESS' });
  t.equal(list.statusCode, 200);
  const builtIn = list.json().items.filter((r: { builtIn: boolean }) => r.builtIn);
  t.same(builtIn.map((r: { name: string }) => r.name).sort(), ['Admin', 'HR', 'User']);
  const adminRole = builtIn.find((r: { name: string }) => r.name === 'Admin');
  t.equal(adminRole.permissionCount, PERMISSION_KEYS.length, 'Admin holds every permission');
  t.equal(adminRole.allPermissions, true);
  t.same(adminRole.abilities, { edit: false, delete: false, changeStatus: false });

  const created = await admin.inject({
    method: 'POST',
    url: '/api/roles',
    payload: { name: 'Tech lead', type: 'PROJECT', permissions: ['projects.view', 'worklogs.manage'] },
  });
  t.equal(created.statusCode, 201);
  const role = created.json();
  t.match(role, {
    name: 'Tech lead',
    type: 'PROJECT',
    status: 'ACTIVE',
    permissionCount: 2,
    allPermissions: false,
  });

  const renamed = await admin.inject({
    method: 'PUT',
    url: `/api/roles/${role.id}`,
    payload: { name: 'Team lead', permissions: permissionsForRoleType('PROJECT') },
  });
  t.equal(renamed.statusCode, 200);
  t.equal(renamed.json().allPermissions, true, "'All permissions' once it holds all its type allows");

  const deactivated = await admin.inject({
    method: 'PUT',
    url: `/api/roles/${role.id}/status`,
    payload: { status: 'DEACTIVATE' },
  });
  t.equal(deactivated.json().status, 'INACTIVE');
  const activated = await admin.inject({
    method: 'PUT',
    url: `/api/roles/${role.id}/status`,
    payload: { status: 'ACTIVE' },
  });
  t.equal(activated.json().status, 'ACTIVE');

  const deleted = await admin.inject({ method: 'DELETE', url: `/api/roles/${role.id}` });
  t.equal(deleted.statusCode, 204);
  const after = await admin.inject({ method: 'GET', url: '/api/roles?type=PROJECT' });
  t.notOk(
    after.json().items.some((r: { id: string }) => r.id === role.id),
    'a deleted role leaves the list',
  );

  const actions = await db
    .selectFrom('audit_events')
    .select(['action', 'actor_id'])
    .where('entity_id', '=', role.id)
    .orderBy('id')
    .execute();
  t.same(
    actions.map((a) => a.action),
    ['role.created', 'role.updated', 'role.deactivated', 'role.activated', 'role.deleted'],
  );
  t.ok(actions.every((a) => a.actor_id === admin.user.id));
});

t.test('bad role input gets a clear error and changes nothing', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ builtInRoles: ['admin'] });
  const count = async () =>
    (await db.selectFrom('roles').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
  const before = await count();

  const blank = await admin.inject({
    method: 'POST',
    url: '/api/roles',
    payload: { name: '   ', type: 'ACCESS', permissions: [] },
  });
  t.equal(blank.statusCode, 422);
  t.equal(blank.json().details[0].message, 'This field cannot contain only spaces');

  const long = await admin.inject({
    method: 'POST',
    url: '/api/roles',
    payload: { name: 'x'.repeat(256), type: 'ACCESS', permissions: [] },
  });
  t.equal(long.json().details[0].message, 'This field must be less than or equal to 255 characters long');

  const missing = await admin.inject({ method: 'POST', url: '/api/roles', payload: { permissions: [] } });
  t.same(
    missing
      .json()
      .details.map((d: { field: string; message: string }) => [d.field, d.message])
      .sort(),
    [
      ['name', 'This field is required'],
      ['type', 'This field is required'],
    ],
  );

  const badType = await admin.inject({
    method: 'POST',
    url: '/api/roles',
    payload: { name: 'A', type: 'BOSS', permissions: [] },
  });
  t.equal(badType.json().details[0].code, 'oneOf');

  const unknown = await admin.inject({
    method: 'POST',
    url: '/api/roles',
    payload: { name: 'A', type: 'ACCESS', permissions: ['fly'] },
  });
  t.equal(unknown.statusCode, 422);
  t.equal(unknown.json().details[0].message, 'Unknown permission fly');

  const wrongType = await admin.inject({
    method: 'POST',
    url: '/api/roles',
    payload: { name: 'A', type: 'EMPLOYEE_ROLE', permissions: ['roles.manage'] },
  });
  t.equal(wrongType.json().details[0].code, 'permissionNotForRoleType');

  const duplicate = await admin.inject({
    method: 'POST',
    url: '/api/roles',
    payload: { name: 'hr', type: 'ACCESS', permissions: [] },
  });
  t.equal(duplicate.statusCode, 409, 'names are unique per type, whatever the case');
  t.equal(duplicate.json().message, 'Name is already taken.');

  const vi = await admin.inject({
    method: 'POST',
    url: '/api/roles',
    headers: { 'accept-language': 'vi' },
    payload: { name: '', type: 'ACCESS', permissions: [] },
  });
  t.equal(vi.json().details[0].message, 'Trường này là bắt buộc');

  t.equal(await count(), before, 'no role was created');
});

t.test('built-in and assigned roles are protected', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ builtInRoles: ['admin'] });
  const hr = await db
    .selectFrom('roles')
    .selectAll()
    .where('built_in_key', '=', 'hr')
    .executeTakeFirstOrThrow();
  t.equal(
    (await admin.inject({ method: 'DELETE', url: `/api/roles/${hr.id}` })).json().code,
    'BUILT_IN_ROLE',
  );
  t.equal(
    (
      await admin.inject({
        method: 'PUT',
        url: `/api/roles/${hr.id}/status`,
        payload: { status: 'DEACTIVATE' },
      })
    ).json().code,
    'BUILT_IN_ROLE',
  );

  const role = await createRole(db, { permissions: ['leave.request'] });
  const holder = await createUser(db);
  await db
    .insertInto('user_roles')
    .values({ user_id: holder.id, role_id: role.id, project_id: null })
    .execute();
  const inUse = await admin.inject({ method: 'DELETE', url: `/api/roles/${role.id}` });
  t.equal(inUse.statusCode, 422);
  t.equal(inUse.json().message, 'This role is assigned to 1 people. Remove it from them first.');

  const missing = await admin.inject({
    method: 'PUT',
    url: '/api/roles/00000000-0000-4000-8000-000000000000',
    payload: { name: 'X' },
  });
  t.equal(missing.statusCode, 404);
});

t.test('user-roles/me: access permissions flat, project permissions per project', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const person = await signIn({ permissions: ['leave.request', 'employees.view'] });
  const projectId = '11111111-1111-4111-8111-111111111111';
  await grantProjectRole(db, person.user.id, projectId, ['worklogs.manage', 'projects.view']);
  const inactive = await createRole(db, { permissions: ['roles.manage'], status: 'INACTIVE' });
  await db
    .insertInto('user_roles')
    .values({ user_id: person.user.id, role_id: inactive.id, project_id: null })
    .execute();

  const me = await person.inject({ method: 'GET', url: '/api/user-roles/me' });
  t.equal(me.statusCode, 200);
  t.same(me.json().permissions, ['employees.view', 'leave.request'], 'a deactivated role grants nothing');
  t.same(me.json().projectPermissions, { [projectId]: ['projects.view', 'worklogs.manage'] });

  const onlyProject = await person.inject({ method: 'GET', url: '/api/user-roles/me?type=PROJECT' });
  t.equal(onlyProject.json().roles.length, 1);

  const catalog = await person.inject({ method: 'GET', url: '/api/permissions?roleType=PROJECT' });
  t.equal(catalog.statusCode, 403, 'the catalog needs roles.view');
});

t.test('permission catalog lists what each role type may carry', async (t) => {
  const { signIn } = await buildTestApp(t);
  const viewer = await signIn({ permissions: ['roles.view'] });
  const response = await viewer.inject({ method: 'GET', url: '/api/permissions?roleType=EMPLOYEE_ROLE' });
  t.equal(response.statusCode, 200);
  const keys = response.json().items.map((p: { key: string }) => p.key);
  t.same(keys, permissionsForRoleType('EMPLOYEE_ROLE'));
  t.notOk(keys.includes('roles.manage'));
  const created = await viewer.inject({
    method: 'POST',
    url: '/api/roles',
    payload: { name: 'X', type: 'ACCESS', permissions: [] },
  });
  t.equal(created.statusCode, 403, 'viewing roles does not allow managing them');
});
