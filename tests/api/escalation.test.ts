import t from 'tap';
import { PERMISSION_KEYS, type Permission } from '../../shared/permissions.ts';
import { loadUserActor } from '../../server/domains/access/actor.service.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { jsonError, runCli } from '../helpers/cli.ts';
import { createRole, createUser } from '../helpers/factories.ts';

// Spawns the real CLI a few times (seconds each on a busy machine).
t.setTimeout(300_000);

/**
 * Issue 7, item 1: a person whose only role grants roles.view and roles.manage walks every path
 * that edits a role or its members, through the API and through the CLI with `--as`, and ends
 * with exactly the permissions they started with; nobody else's grants changed either.
 */
t.test('a roles manager cannot gain a permission they lack', async (t) => {
  const { db, database, sessionFor } = await buildTestApp(t);
  const admin = await sessionFor({ builtInRoles: ['admin'] });
  const manager = await sessionFor({ permissions: ['roles.view', 'roles.manage'] });
  const own = await db
    .selectFrom('user_roles')
    .select('role_id')
    .where('user_id', '=', manager.user.id)
    .executeTakeFirstOrThrow();
  const builtIn = async (key: string) =>
    (await db.selectFrom('roles').select('id').where('built_in_key', '=', key).executeTakeFirstOrThrow()).id;
  const adminRole = await builtIn('admin');
  const hrRole = await builtIn('hr');

  // Roles above the manager: held by a colleague, unheld, and one the manager holds but is switched off.
  const colleague = await createUser(db, { permissions: ['roles.view', 'platform-settings.manage'] });
  const strong = (
    await db
      .selectFrom('user_roles')
      .select('role_id')
      .where('user_id', '=', colleague.id)
      .executeTakeFirstOrThrow()
  ).role_id;
  const unheld = await createRole(db, { permissions: ['employees.manage'] });
  const dormant = await createRole(db, { permissions: ['employees.manage'], status: 'INACTIVE' });
  await db
    .insertInto('user_roles')
    .values({ user_id: manager.user.id, role_id: dormant.id, project_id: null })
    .execute();
  // A role within the manager's reach that someone else holds: it must not become a carrier.
  const viewers = await createRole(db, { permissions: ['roles.view'] });
  await db
    .insertInto('user_roles')
    .values({ user_id: colleague.id, role_id: viewers.id, project_id: null })
    .execute();
  const request = await db
    .insertInto('access_requests')
    .values({ requester_id: manager.user.id, path: '/employee-management', permission: 'employees.manage' })
    .returning('id')
    .executeTakeFirstOrThrow();

  // What create-admin used to ask for: roles.manage and employees.manage.
  const hrManager = await createUser(db, {
    permissions: ['roles.view', 'roles.manage', 'employees.view', 'employees.manage'],
  });

  const grants = async () => ({
    roles: await db
      .selectFrom('roles')
      .select(['id', 'name', 'status', 'deleted_at'])
      .orderBy('id')
      .execute(),
    permissions: await db
      .selectFrom('role_permissions')
      .select(['role_id', 'permission_key'])
      .orderBy('role_id')
      .orderBy('permission_key')
      .execute(),
    members: await db
      .selectFrom('user_roles')
      .select(['user_id', 'role_id', 'project_id'])
      .orderBy('user_id')
      .orderBy('role_id')
      .execute(),
  });
  const effective = async () => [...(await loadUserActor(db, manager.user)).permissions].sort();
  const before = await grants();
  t.same(await effective(), ['roles.manage', 'roles.view']);

  const everything = PERMISSION_KEYS;
  const attempts: Array<{ name: string; method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }> =
    [
      {
        name: 'give their own role every permission',
        method: 'PUT',
        url: `/api/roles/${own.role_id}`,
        payload: { permissions: everything },
      },
      {
        name: 'add one permission they lack to their own role',
        method: 'PUT',
        url: `/api/roles/${own.role_id}`,
        payload: { permissions: ['roles.view', 'roles.manage', 'employees.manage'] },
      },
      {
        name: 'create an access role with a permission they lack',
        method: 'POST',
        url: '/api/roles',
        payload: { name: 'Sneaky', type: 'ACCESS', permissions: ['roles.view', 'employees.manage'] },
      },
      {
        name: 'create an employee role with a permission they lack',
        method: 'POST',
        url: '/api/roles',
        payload: { name: 'Sneaky job', type: 'EMPLOYEE_ROLE', permissions: ['employees.view'] },
      },
      {
        name: 'create a project role with a permission they lack',
        method: 'POST',
        url: '/api/roles',
        payload: { name: 'Sneaky project', type: 'PROJECT', permissions: ['projects.manage'] },
      },
      {
        name: 'add a permission they lack to a role someone else holds',
        method: 'PUT',
        url: `/api/roles/${viewers.id}`,
        payload: { permissions: ['roles.view', 'platform-settings.manage'] },
      },
      {
        name: 'edit a role that carries more than they hold',
        method: 'PUT',
        url: `/api/roles/${strong}`,
        payload: { name: 'Renamed', permissions: ['roles.view'] },
      },
      {
        name: 'strip the built-in HR role',
        method: 'PUT',
        url: `/api/roles/${hrRole}`,
        payload: { permissions: [] },
      },
      { name: 'edit Admin', method: 'PUT', url: `/api/roles/${adminRole}`, payload: { name: 'Mine' } },
      {
        name: 'switch on a role they hold that grants more',
        method: 'PUT',
        url: `/api/roles/${dormant.id}/status`,
        payload: { status: 'ACTIVE' },
      },
      {
        name: 'switch off a role of someone above them',
        method: 'PUT',
        url: `/api/roles/${strong}/status`,
        payload: { status: 'DEACTIVATE' },
      },
      {
        name: 'switch off Admin',
        method: 'PUT',
        url: `/api/roles/${adminRole}/status`,
        payload: { status: 'DEACTIVATE' },
      },
      {
        name: 'delete a role that carries more than they hold',
        method: 'DELETE',
        url: `/api/roles/${unheld.id}`,
      },
      { name: 'delete Admin', method: 'DELETE', url: `/api/roles/${adminRole}` },
      {
        name: 'add themselves to Admin',
        method: 'POST',
        url: `/api/access-roles/${adminRole}/members`,
        payload: { userId: manager.user.id },
      },
      {
        name: 'add themselves to a stronger role',
        method: 'POST',
        url: `/api/access-roles/${strong}/members`,
        payload: { userId: manager.user.id },
      },
      {
        name: 'add themselves to a role they lack a permission of',
        method: 'POST',
        url: `/api/access-roles/${unheld.id}/members`,
        payload: { userId: manager.user.id },
      },
      {
        name: 'remove the real administrator from Admin',
        method: 'DELETE',
        url: `/api/access-roles/${adminRole}/members/${admin.user.id}`,
      },
      {
        name: 'remove someone from a role above them',
        method: 'DELETE',
        url: `/api/access-roles/${strong}/members/${colleague.id}`,
      },
      {
        name: 'grant their own access request',
        method: 'PUT',
        url: `/api/access-requests/${request.id}/grant`,
        payload: { roleId: unheld.id },
      },
    ];
  for (const attempt of attempts) {
    const response = await manager.inject(attempt);
    t.ok(
      [403, 422].includes(response.statusCode),
      `refused: ${attempt.name} (${response.statusCode} ${response.json().code})`,
    );
  }

  // The same through the terminal: `--as` carries the same rules as the API.
  const listed = await runCli(database.url, ['--json', '--as', manager.user.email, 'roles', 'list']);
  t.equal(listed.code, 0, `reading roles is theirs: ${listed.stderr}`);
  const selfAdmin = await runCli(database.url, [
    '--json',
    '--as',
    manager.user.email,
    'user',
    'create-admin',
    '--email',
    manager.user.email,
  ]);
  t.equal(selfAdmin.code, 1, 'the CLI refuses to make them an administrator');
  t.equal(jsonError(selfAdmin).code, 'FORBIDDEN');
  // Even with employees.manage too (what create-admin used to ask), Admin needs every permission.
  const hrSelfAdmin = await runCli(database.url, [
    '--json',
    '--as',
    hrManager.email,
    'user',
    'create-admin',
    '--email',
    hrManager.email,
  ]);
  t.equal(hrSelfAdmin.code, 1, 'holding employees.manage and roles.manage is not enough for Admin');
  t.equal(jsonError(hrSelfAdmin).code, 'FORBIDDEN');
  const takeover = await runCli(database.url, [
    '--json',
    '--as',
    hrManager.email,
    'user',
    'create-admin',
    '--email',
    admin.user.email,
  ]);
  t.equal(takeover.code, 1, 'nor is resetting the real administrator’s password through create-admin');
  const adminRow = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', admin.user.id)
    .executeTakeFirstOrThrow();
  t.equal(adminRow.password_hash, admin.user.password_hash, 'the administrator’s password is untouched');

  t.same(await effective(), ['roles.manage', 'roles.view'], 'the manager holds exactly what they held');
  const me = await manager.inject({ method: 'GET', url: '/api/user-roles/me' });
  t.same(me.json().permissions, ['roles.manage', 'roles.view']);
  t.same(await grants(), before, 'no role, permission, status or membership changed');
  const written = await db
    .selectFrom('audit_events')
    .select('action')
    .where('actor_id', 'in', [manager.user.id, hrManager.id])
    .execute();
  t.same(written, [], 'nothing was written in their name');
  t.equal(
    (
      await db
        .selectFrom('access_requests')
        .select('status')
        .where('id', '=', request.id)
        .executeTakeFirstOrThrow()
    ).status,
    'PENDING',
  );

  // What stays theirs: roles and members within their reach.
  const small = await manager.inject({
    method: 'POST',
    url: '/api/roles',
    payload: { name: 'Role readers', type: 'ACCESS', permissions: ['roles.view'] },
  });
  t.equal(small.statusCode, 201, small.body);
  t.same(small.json().abilities, { edit: true, changeStatus: true, delete: true });
  const added = await manager.inject({
    method: 'POST',
    url: `/api/access-roles/${small.json().id}/members`,
    payload: { userId: colleague.id },
  });
  t.equal(added.statusCode, 204, added.body);
  const renamed = await manager.inject({
    method: 'PUT',
    url: `/api/roles/${own.role_id}`,
    payload: { name: 'Role managers' },
  });
  t.equal(renamed.statusCode, 200, 'renaming their own role grants nothing');
  const list = (await manager.inject({ method: 'GET', url: '/api/roles?type=ACCESS' })).json()
    .items as Array<{
    id: string;
    abilities: { edit: boolean; changeStatus: boolean; delete: boolean };
  }>;
  const abilitiesOf = (id: string) => list.find((role) => role.id === id)!.abilities;
  t.same(
    abilitiesOf(strong),
    { edit: false, changeStatus: false, delete: false },
    'the UI offers nothing above them',
  );
  t.same(abilitiesOf(adminRole), { edit: false, changeStatus: false, delete: false });
  t.same(abilitiesOf(viewers.id), { edit: true, changeStatus: true, delete: true });
  const members = await manager.inject({ method: 'GET', url: `/api/access-roles/${adminRole}/members` });
  t.same(members.json().abilities, { add: false });
  t.same(members.json().items[0].abilities, { remove: false });
});

t.test('an employee role grants its permissions: HR gives only those it holds itself', async (t) => {
  const { db, sessionFor } = await buildTestApp(t);
  const hr = await sessionFor({ builtInRoles: ['hr'] });
  const colleague = await createUser(db, { email: 'colleague@example.com' });
  // A job title that carries role management: giving it would hand out roles.manage.
  const lead = await createRole(db, {
    name: 'Tech lead',
    type: 'EMPLOYEE_ROLE',
    permissions: ['roles.manage'],
  });
  const plain = await createRole(db, {
    name: 'Developer',
    type: 'EMPLOYEE_ROLE',
    permissions: ['employees.view'],
  });
  const hrPermissionsBefore = (await loadUserActor(db, hr.user)).permissions;

  const options = await hr.inject({ method: 'GET', url: '/api/employee-roles' });
  t.equal(options.statusCode, 200, options.body);
  const assignable = Object.fromEntries(
    (options.json().items as Array<{ id: string; assignable: boolean }>).map((o) => [o.id, o.assignable]),
  );
  t.same([assignable[lead.id], assignable[plain.id]], [false, true], 'the form offers only what HR may give');

  for (const [who, id] of [
    ['themselves', hr.user.id],
    ['a colleague', colleague.id],
  ] as const) {
    const response = await hr.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { employeeRoleId: lead.id },
    });
    t.equal(response.statusCode, 422, `HR giving ${who} the role: ${response.body}`);
    t.match(response.json().details, [{ field: 'employeeRoleId', code: 'rolePermissionsNotHeld' }]);
  }
  const created = await hr.inject({
    method: 'POST',
    url: '/api/users',
    payload: { firstName: 'Tú', lastName: 'Lý', email: 'tu.ly@example.com', employeeRoleId: lead.id },
  });
  t.equal(created.statusCode, 422, 'nor to someone new');
  const holders = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('role_id', '=', lead.id)
    .execute();
  t.same(holders, [], 'nobody holds the role');
  t.same((await loadUserActor(db, hr.user)).permissions, hrPermissionsBefore, 'HR gained nothing');

  const allowed = await hr.inject({
    method: 'PUT',
    url: `/api/users/${colleague.id}`,
    payload: { employeeRoleId: plain.id },
  });
  t.equal(allowed.statusCode, 200, 'a role within HR’s own permissions is fine');
});

t.test('Admin members change only by whoever holds every permission', async (t) => {
  const { db, sessionFor } = await buildTestApp(t);
  const adminRole = (
    await db.selectFrom('roles').select('id').where('built_in_key', '=', 'admin').executeTakeFirstOrThrow()
  ).id;
  // Every permission but one: still not enough to touch Admin.
  const almost = await sessionFor({
    permissions: PERMISSION_KEYS.filter((p) => p !== 'password-policy.manage') as Permission[],
  });
  const refused = await almost.inject({
    method: 'POST',
    url: `/api/access-roles/${adminRole}/members`,
    payload: { userId: almost.user.id },
  });
  t.equal(refused.statusCode, 422);
  t.equal(refused.json().details[0].code, 'rolePermissionsNotHeld');

  const admin = await sessionFor({ builtInRoles: ['admin'] });
  const added = await admin.inject({
    method: 'POST',
    url: `/api/access-roles/${adminRole}/members`,
    payload: { userId: almost.user.id },
  });
  t.equal(added.statusCode, 204, 'an administrator may make another');
});

t.test('the last active administrator keeps the Admin role', async (t) => {
  const { db, sessionFor } = await buildTestApp(t);
  const adminRole = (
    await db.selectFrom('roles').select('id').where('built_in_key', '=', 'admin').executeTakeFirstOrThrow()
  ).id;
  const admin = await sessionFor({ builtInRoles: ['admin'] });
  // An administrator who is deactivated does not count: they cannot sign in to run anything.
  const dormant = await createUser(db, { builtInRoles: ['admin'], status: 'INACTIVE' });
  const alone = await admin.inject({
    method: 'DELETE',
    url: `/api/access-roles/${adminRole}/members/${admin.user.id}`,
  });
  t.equal(alone.statusCode, 422);
  t.equal(alone.json().code, 'LAST_ADMINISTRATOR');
  const vi = await admin.inject({
    method: 'DELETE',
    url: `/api/access-roles/${adminRole}/members/${admin.user.id}`,
    headers: { 'accept-language': 'vi' },
  });
  t.match(vi.json().message, 'quản trị viên đang hoạt động cuối cùng');
  t.ok(
    await db
      .selectFrom('user_roles')
      .select('id')
      .where('user_id', '=', admin.user.id)
      .where('role_id', '=', adminRole)
      .executeTakeFirst(),
    'still an administrator',
  );

  // Removing the inactive one is fine; with a second active administrator, so is stepping down.
  const dormantOut = await admin.inject({
    method: 'DELETE',
    url: `/api/access-roles/${adminRole}/members/${dormant.id}`,
  });
  t.equal(dormantOut.statusCode, 204);
  await createUser(db, { builtInRoles: ['admin'] });
  const stepDown = await admin.inject({
    method: 'DELETE',
    url: `/api/access-roles/${adminRole}/members/${admin.user.id}`,
  });
  t.equal(stepDown.statusCode, 204, stepDown.body);
});
