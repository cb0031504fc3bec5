import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';
import { createRole, createUser } from '../helpers/factories.ts';
import { mailsTo } from './account-helpers.ts';

t.test('access requests', async (t) => {
  const { db, signIn, inject } = await buildTestApp(t);
  const reviewer = await signIn({ permissions: ['access-requests.review', 'employees.view', 'roles.view'] });
  const reviewerVi = await createUser(db, { permissions: ['access-requests.review'], language: 'vi' });
  const viewRole = await createRole(db, { type: 'ACCESS', permissions: ['employees.view'] });

  const statusOf = async (id: string) =>
    (await db.selectFrom('access_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const holds = async (userId: string, roleId: string) =>
    Boolean(
      await db
        .selectFrom('user_roles')
        .select('id')
        .where('user_id', '=', userId)
        .where('role_id', '=', roleId)
        .executeTakeFirst(),
    );

  t.test(
    'a person asks; the reviewers are told in their language; asking twice does not duplicate',
    async (t) => {
      const person = await signIn({ permissions: [] });
      const response = await person.inject({
        method: 'POST',
        url: '/api/access-requests',
        payload: {
          path: '/employee-management?x=1',
          permission: 'employees.view',
          reason: 'I onboard people',
        },
      });
      t.equal(response.statusCode, 201, response.body);
      const request = response.json();
      t.equal(request.status, 'PENDING');
      t.equal(request.path, '/employee-management');
      t.same(request.abilities, { grant: false, deny: false }, 'the requester cannot review it');
      const [mail] = await mailsTo(db, reviewer.user.email);
      t.equal(mail!.template, 'access-requested');
      t.match(mail!.text_body, 'within 24 hours');
      const bell = await reviewer.inject({ method: 'GET', url: '/api/notifications' });
      t.match(bell.json().items[0], {
        type: 'ACCESS_REQUEST',
        isRead: false,
        data: { accessRequest: { id: request.id, path: '/employee-management' } },
      });
      const [viMail] = await mailsTo(db, reviewerVi.email);
      t.match(viMail!.text_body, 'trong vòng 24 giờ');

      const again = await person.inject({
        method: 'POST',
        url: '/api/access-requests',
        payload: { path: '/employee-management', permission: 'employees.view' },
      });
      t.equal(again.statusCode, 200);
      t.equal(again.json().id, request.id);
      t.equal((await mailsTo(db, reviewer.user.email)).length, 1, 'reviewers are not told twice');
      const stats = await reviewer.inject({ method: 'GET', url: '/api/notifications/stats' });
      t.equal(stats.json().unreadCount, 1, 'nor notified twice');

      const mine = await person.inject({ method: 'GET', url: '/api/access-requests/mine' });
      t.equal(mine.json().items.length, 1);
    },
  );

  t.test('bad input gets its message and creates nothing', async (t) => {
    const person = await signIn({ permissions: [] });
    for (const [payload, field, message] of [
      [{ path: 'no-slash' }, 'path', 'Page is not valid'],
      [{}, 'path', 'This field is required'],
      [{ path: '/x', permission: 'not.a.permission' }, 'permission', 'Unknown permission not.a.permission'],
      [
        { path: '/x', reason: 'a'.repeat(5001) },
        'reason',
        'This field must be less than or equal to 5000 characters long',
      ],
    ] as const) {
      const response = await person.inject({ method: 'POST', url: '/api/access-requests', payload });
      t.equal(response.statusCode, 422, JSON.stringify(payload));
      const detail = response.json().details.find((d: { field: string }) => d.field === field);
      t.equal(detail?.message, message);
    }
    t.equal(
      (await person.inject({ method: 'GET', url: '/api/access-requests/mine' })).json().items.length,
      0,
    );
    t.equal(
      (await inject({ method: 'POST', url: '/api/access-requests', payload: { path: '/x' } })).statusCode,
      401,
    );
  });

  t.test('only reviewers list, grant and deny', async (t) => {
    const person = await signIn({ permissions: [] });
    const id = (
      await person.inject({
        method: 'POST',
        url: '/api/access-requests',
        payload: { path: '/leave-management' },
      })
    ).json().id;
    const outsider = await signIn({ permissions: ['roles.manage'] });
    t.equal((await outsider.inject({ method: 'GET', url: '/api/access-requests' })).statusCode, 403);
    const grant = await outsider.inject({
      method: 'PUT',
      url: `/api/access-requests/${id}/grant`,
      payload: { roleId: viewRole.id },
    });
    t.equal(grant.statusCode, 403);
    t.equal(
      (await outsider.inject({ method: 'PUT', url: `/api/access-requests/${id}/deny`, payload: {} }))
        .statusCode,
      403,
    );
    t.equal(await statusOf(id), 'PENDING');

    const list = await reviewer.inject({ method: 'GET', url: '/api/access-requests?status=PENDING' });
    const item = list.json().items.find((r: { id: string }) => r.id === id);
    t.same(item.abilities, { grant: true, deny: true });
  });

  t.test('granting gives the chosen role and tells the person', async (t) => {
    const person = await signIn({ permissions: [], language: 'vi' });
    const id = (
      await person.inject({
        method: 'POST',
        url: '/api/access-requests',
        payload: { path: '/employee-management' },
      })
    ).json().id;
    t.equal((await person.inject({ method: 'GET', url: '/api/roles' })).statusCode, 403);

    const granted = await reviewer.inject({
      method: 'PUT',
      url: `/api/access-requests/${id}/grant`,
      payload: { roleId: viewRole.id, note: 'welcome' },
    });
    t.equal(granted.statusCode, 200, granted.body);
    t.equal(granted.json().status, 'GRANTED');
    t.equal(granted.json().grantedRole.id, viewRole.id);
    t.equal(granted.json().reviewedBy.id, reviewer.user.id);
    t.same(granted.json().abilities, { grant: false, deny: false });
    t.ok(await holds(person.user.id, viewRole.id));
    const [mail] = await mailsTo(db, person.user.email);
    t.equal(mail!.subject, 'Yêu cầu truy cập của bạn đã được chấp thuận');

    const again = await reviewer.inject({
      method: 'PUT',
      url: `/api/access-requests/${id}/deny`,
      payload: {},
    });
    t.equal(again.statusCode, 422);
    t.equal(again.json().details[0].message, 'This request has already been reviewed');
    t.equal(await statusOf(id), 'GRANTED');
  });

  t.test('a grant with a role that cannot be given changes nothing', async (t) => {
    const person = await signIn({ permissions: [] });
    const id = (
      await person.inject({ method: 'POST', url: '/api/access-requests', payload: { path: '/invoices' } })
    ).json().id;
    const inactive = await createRole(db, {
      type: 'ACCESS',
      status: 'INACTIVE',
      permissions: ['employees.view'],
    });
    const project = await createRole(db, { type: 'PROJECT', permissions: ['projects.view'] });
    const tooStrong = await createRole(db, { type: 'ACCESS', permissions: ['employees.manage'] });
    for (const [roleId, message] of [
      [inactive.id, 'This role cannot be assigned: it is inactive or not an access role'],
      [project.id, 'This role cannot be assigned: it is inactive or not an access role'],
      [
        '00000000-0000-4000-8000-000000000000',
        'This role cannot be assigned: it is inactive or not an access role',
      ],
      [tooStrong.id, 'You can only assign roles whose permissions you hold yourself'],
      ['nope', 'Role is not valid'],
    ] as const) {
      const response = await reviewer.inject({
        method: 'PUT',
        url: `/api/access-requests/${id}/grant`,
        payload: { roleId },
      });
      t.equal(response.statusCode, 422, roleId);
      t.equal(response.json().details[0].message, message, roleId);
    }
    t.equal(await statusOf(id), 'PENDING');
    t.notOk(await holds(person.user.id, tooStrong.id));
    const unknown = await reviewer.inject({
      method: 'PUT',
      url: '/api/access-requests/00000000-0000-4000-8000-000000000000/grant',
      payload: { roleId: viewRole.id },
    });
    t.equal(unknown.statusCode, 404);
  });

  t.test('denying keeps the person out and tells them', async (t) => {
    const person = await signIn({ permissions: [] });
    const id = (
      await person.inject({
        method: 'POST',
        url: '/api/access-requests',
        payload: { path: '/risk-management' },
      })
    ).json().id;
    const denied = await reviewer.inject({
      method: 'PUT',
      url: `/api/access-requests/${id}/deny`,
      payload: { note: 'Ask your manager first' },
    });
    t.equal(denied.statusCode, 200);
    t.equal(denied.json().status, 'DENIED');
    const [mail] = await mailsTo(db, person.user.email);
    t.equal(mail!.template, 'access-denied');
    t.match(mail!.text_body, 'Ask your manager first');
    const tooLong = await reviewer.inject({
      method: 'PUT',
      url: `/api/access-requests/${id}/deny`,
      payload: { note: 'x'.repeat(5001) },
    });
    t.equal(tooLong.statusCode, 422);
  });
});

t.test('members of access roles', async (t) => {
  const { db, signIn } = await buildTestApp(t);
  const manager = await signIn({ permissions: ['roles.view', 'roles.manage', 'employees.view'] });
  const viewer = await signIn({ permissions: ['roles.view'] });
  const role = await createRole(db, { type: 'ACCESS', permissions: ['employees.view'] });
  const person = await createUser(db, { firstName: 'Thảo', lastName: 'Nguyễn' });

  t.test('list, find, add and remove', async (t) => {
    const candidates = await manager.inject({
      method: 'GET',
      url: `/api/access-roles/${role.id}/candidates?search=${encodeURIComponent('nguyễn')}`,
    });
    t.equal(candidates.statusCode, 200);
    t.ok(candidates.json().items.some((c: { id: string }) => c.id === person.id));

    const added = await manager.inject({
      method: 'POST',
      url: `/api/access-roles/${role.id}/members`,
      payload: { userId: person.id },
    });
    t.equal(added.statusCode, 204);
    const members = await viewer.inject({ method: 'GET', url: `/api/access-roles/${role.id}/members` });
    t.equal(members.statusCode, 200);
    t.same(members.json().abilities, { add: false }, 'a viewer cannot add');
    t.equal(members.json().items[0].id, person.id);
    t.same(members.json().items[0].abilities, { remove: false });
    const asManager = await manager.inject({ method: 'GET', url: `/api/access-roles/${role.id}/members` });
    t.same(asManager.json().abilities, { add: true });

    const removed = await manager.inject({
      method: 'DELETE',
      url: `/api/access-roles/${role.id}/members/${person.id}`,
    });
    t.equal(removed.statusCode, 204);
    const gone = await manager.inject({
      method: 'DELETE',
      url: `/api/access-roles/${role.id}/members/${person.id}`,
    });
    t.equal(gone.statusCode, 404);
  });

  t.test('refusals change nothing', async (t) => {
    const add = {
      method: 'POST' as const,
      url: `/api/access-roles/${role.id}/members`,
      payload: { userId: person.id },
    };
    t.equal((await viewer.inject(add)).statusCode, 403);
    const strong = await createRole(db, { type: 'ACCESS', permissions: ['platform-settings.manage'] });
    const tooStrong = await manager.inject({ ...add, url: `/api/access-roles/${strong.id}/members` });
    t.equal(tooStrong.statusCode, 422);
    t.equal(
      tooStrong.json().details[0].message,
      'You can only assign roles whose permissions you hold yourself',
    );
    const employeeRole = await createRole(db, { type: 'EMPLOYEE_ROLE', permissions: [] });
    t.equal(
      (await manager.inject({ ...add, url: `/api/access-roles/${employeeRole.id}/members` })).statusCode,
      404,
    );
    const badUser = await manager.inject({
      ...add,
      payload: { userId: '00000000-0000-4000-8000-000000000000' },
    });
    t.equal(badUser.statusCode, 422);
    t.equal(badUser.json().details[0].message, 'Person is not valid');
    const rows = await db.selectFrom('user_roles').select('id').where('user_id', '=', person.id).execute();
    t.equal(rows.length, 0);
  });

  t.test('the last administrator keeps the Admin role', async (t) => {
    const { db, signIn } = await buildTestApp(t);
    const admin = await signIn({ builtInRoles: ['admin'] });
    const adminRole = await db
      .selectFrom('roles')
      .select('id')
      .where('built_in_key', '=', 'admin')
      .executeTakeFirstOrThrow();
    const response = await admin.inject({
      method: 'DELETE',
      url: `/api/access-roles/${adminRole.id}/members/${admin.user.id}`,
    });
    t.equal(response.statusCode, 422);
    t.equal(response.json().code, 'LAST_ADMINISTRATOR');
    t.match(response.json().message, 'The last active administrator cannot be removed');
    t.equal(
      (await admin.inject({ method: 'GET', url: '/api/roles' })).statusCode,
      200,
      'still an administrator',
    );
  });
});
