/**
 * Issue 9, the server's part of a new employee's first day: every failing field at once and named
 * by its label, the default access role (or the ones HR picks), a granted request pushed live, a
 * deactivated person told why, and links that open in the person's language.
 */
import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';
import { createRole, createUser } from '../helpers/factories.ts';
import { startRealtimeServer, TestSocket } from '../helpers/realtime.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { userRoom } from '../../shared/realtime.schemas.ts';
import { mailsTo } from './account-helpers.ts';

type Detail = { field: string; code: string; message: string };
const byField = (details: Detail[]) => Object.fromEntries(details.map((d) => [d.field, d]));

/** A multipart body as the browser's form sends it (repeated parts for lists). */
function multipart(fields: Array<[string, string]>) {
  const boundary = '----firstday';
  const body =
    fields
      .map(
        ([name, value]) =>
          `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

t.test('first day on the server', async (t) => {
  const { db, signIn } = await buildTestApp(t);
  const hr = await signIn({ builtInRoles: ['hr'] });
  const userRole = await db
    .selectFrom('roles')
    .select('id')
    .where('built_in_key', '=', 'user')
    .executeTakeFirstOrThrow();
  const adminRole = await db
    .selectFrom('roles')
    .select('id')
    .where('built_in_key', '=', 'admin')
    .executeTakeFirstOrThrow();
  const accessRolesOf = (userId: string) =>
    db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['roles.id', 'roles.built_in_key'])
      .where('user_roles.user_id', '=', userId)
      .where('roles.type', '=', 'ACCESS')
      .execute();

  t.test('a bad phone number does not hide a future birthday: every field at once', async (t) => {
    const payload = {
      firstName: 'An',
      lastName: 'Nguyễn',
      email: 'not-an-email',
      phoneNumber: 'call me',
      birthday: '2999-01-01',
      idCardIssueDate: '2999-01-01',
      onboardDate: '2024-05-01',
      offboardDate: '2024-01-01',
    };
    const response = await hr.inject({ method: 'POST', url: '/api/users', payload });
    t.equal(response.statusCode, 422, response.body);
    const details = byField(response.json().details);
    t.same(Object.keys(details).sort(), [
      'birthday',
      'email',
      'idCardIssueDate',
      'offboardDate',
      'phoneNumber',
    ]);
    t.equal(details.phoneNumber!.message, 'Phone number is not valid', 'the label, never phoneNumber');
    t.equal(details.birthday!.message, 'This date must be in the past');

    // The same through the form's multipart body, in Vietnamese.
    const form = multipart([
      ['firstName', 'An'],
      ['lastName', 'Nguyễn'],
      ['email', 'an.form@example.com'],
      ['phoneNumber', 'abc'],
      ['birthday', '2999-01-01'],
    ]);
    const vi = await hr.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...form.headers, 'accept-language': 'vi' },
      payload: form.payload,
    });
    t.equal(vi.statusCode, 422, vi.body);
    const viDetails = byField(vi.json().details);
    t.same(Object.keys(viDetails).sort(), ['birthday', 'phoneNumber']);
    t.equal(viDetails.phoneNumber!.message, 'Số điện thoại không hợp lệ');
    t.equal(
      await db.selectFrom('users').select('id').where('email', '=', 'an.form@example.com').executeTakeFirst(),
      undefined,
      'nothing was created',
    );
  });

  t.test('an edit reports every field at once too, with labels', async (t) => {
    const person = await createUser(db, { email: 'edit.me@example.com' });
    await db.updateTable('users').set({ user_type: 'EMPLOYEE' }).where('id', '=', person.id).execute();
    const response = await hr.inject({
      method: 'PUT',
      url: `/api/users/${person.id}`,
      payload: { discordAccountId: 'nope', birthday: '2999-12-31', firstName: '   ' },
    });
    t.equal(response.statusCode, 422, response.body);
    const details = byField(response.json().details);
    t.same(Object.keys(details).sort(), ['birthday', 'discordAccountId', 'firstName']);
    t.equal(details.discordAccountId!.message, 'Discord account ID is not valid');
  });

  t.test('an external user: a bad phone and a taken email in one answer', async (t) => {
    const taken = await createUser(db, { email: 'taken.external@example.com' });
    const response = await hr.inject({
      method: 'POST',
      url: '/api/users/external',
      payload: { firstName: 'Bình', lastName: 'Trần', email: taken.email, phoneNumber: 'x' },
    });
    t.equal(response.statusCode, 422, response.body);
    const details = byField(response.json().details);
    t.same(Object.keys(details).sort(), ['email', 'phoneNumber']);
    t.equal(details.email!.message, 'This value is already in use');
  });

  t.test('a duplicate names its field by its label', async (t) => {
    const taken = await createUser(db, { email: 'taken.dup@example.com' });
    const response = await hr.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'accept-language': 'vi' },
      payload: { firstName: 'A', lastName: 'B', email: taken.email },
    });
    t.equal(response.statusCode, 409);
    t.equal(response.json().message, 'Email đã được sử dụng.');
  });

  t.test('a new employee starts with the built-in User role, audited in the same request', async (t) => {
    const response = await hr.inject({
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'Mai', lastName: 'Lê', email: 'mai.le@example.com' },
    });
    t.equal(response.statusCode, 201, response.body);
    const id = response.json().id as string;
    t.same(
      (await accessRolesOf(id)).map((r) => r.built_in_key),
      ['user'],
    );
    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'entity_id', 'request_id'])
      .where('action', '=', 'role.member_added')
      .where('entity_id', '=', userRole.id)
      .where('request_id', '=', response.headers['x-request-id'] as string)
      .execute();
    t.equal(audit.length, 1, 'the default role is in the audit trail with the creation');
  });

  t.test('HR picks the access roles: those they may give, or none', async (t) => {
    const leave = await createRole(db, { type: 'ACCESS', permissions: ['leave.request', 'employees.view'] });
    const choices = await hr.inject({ method: 'GET', url: '/api/employee-access-roles' });
    t.equal(choices.statusCode, 200, choices.body);
    const items = choices.json().items as Array<{ id: string; isDefault: boolean }>;
    t.ok(
      items.some((r) => r.id === userRole.id && r.isDefault),
      'the default role is offered and marked',
    );
    t.ok(
      items.some((r) => r.id === leave.id),
      'a role within HR’s own permissions is offered',
    );
    t.notOk(
      items.some((r) => r.id === adminRole.id),
      'Admin is not: HR does not hold all its permissions',
    );

    const chosen = multipart([
      ['firstName', 'Hoa'],
      ['lastName', 'Phạm'],
      ['email', 'hoa.pham@example.com'],
      ['accessRoleIds', leave.id],
      ['accessRoleIds', userRole.id],
    ]);
    const created = await hr.inject({ method: 'POST', url: '/api/users', ...chosen });
    t.equal(created.statusCode, 201, created.body);
    t.same((await accessRolesOf(created.json().id)).map((r) => r.id).sort(), [leave.id, userRole.id].sort());

    const none = multipart([
      ['firstName', 'Khoa'],
      ['lastName', 'Đỗ'],
      ['email', 'khoa.do@example.com'],
      ['accessRoleIds', ''],
    ]);
    const withoutRole = await hr.inject({ method: 'POST', url: '/api/users', ...none });
    t.equal(withoutRole.statusCode, 201, withoutRole.body);
    t.same(await accessRolesOf(withoutRole.json().id), [], 'an empty choice means no access role');

    const tooMuch = await hr.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        firstName: 'X',
        lastName: 'Y',
        email: 'too.much@example.com',
        phoneNumber: 'bad',
        accessRoleIds: [adminRole.id],
      },
    });
    t.equal(tooMuch.statusCode, 422, tooMuch.body);
    t.same(Object.keys(byField(tooMuch.json().details)).sort(), ['accessRoleIds.0', 'phoneNumber']);
    t.equal(byField(tooMuch.json().details)['accessRoleIds.0']!.code, 'rolePermissionsNotHeld');

    const plain = await signIn({ permissions: ['employees.view'] });
    t.equal((await plain.inject({ method: 'GET', url: '/api/employee-access-roles' })).statusCode, 403);
  });

  t.test('a deactivated person’s page learns why its session ended', async (t) => {
    const person = await signIn({ builtInRoles: ['user'] });
    const deactivate = await hr.inject({
      method: 'PUT',
      url: `/api/users/${person.user.id}/status`,
      payload: { status: 'DEACTIVATE' },
    });
    t.equal(deactivate.statusCode, 200, deactivate.body);
    const refresh = await hr.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: '', cookie: `bo_refresh=${person.refreshCookie}`, 'accept-language': 'vi' },
    });
    t.equal(refresh.statusCode, 401);
    t.equal(refresh.json().code, 'ACCOUNT_DEACTIVATED');
    t.match(refresh.json().message, 'vô hiệu hóa');
  });

  t.test('invitation and reset links open in the person’s language', async (t) => {
    const created = await hr.inject({
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'Vy', lastName: 'Hồ', email: 'vy.ho@example.com', language: 'vi' },
    });
    t.equal(created.statusCode, 201, created.body);
    const [mail] = await mailsTo(db, 'vy.ho@example.com');
    t.match(mail!.text_body, /\/invite-account\?token=[\w%-]+&lang=vi/);
  });
});

t.test('a granted access request reaches the person’s open page, naming the screen', async (t) => {
  const database = await createTestDatabase();
  const server = await startRealtimeServer(database);
  t.teardown(async () => {
    await server.app.close();
    await database.drop();
  });
  const reviewer = await server.signIn({ builtInRoles: ['admin'], language: 'vi' });
  const person = await server.signIn({ permissions: [] });
  const socket = await TestSocket.connect(server.socketUrl(person.accessToken));
  t.teardown(() => socket.close());
  await socket.join(userRoom(person.user.id));

  const asked = await server.app.inject({
    method: 'POST',
    url: '/api/access-requests',
    headers: { authorization: `Bearer ${person.accessToken}` },
    payload: { path: '/', permission: 'employees.view' },
  });
  t.equal(asked.statusCode, 201, asked.body);
  const [reviewerMail] = await mailsTo(database.db, reviewer.user.email);
  t.match(reviewerMail!.text_body, 'Quản lý nhân viên', 'the reviewer’s mail names the screen');

  const role = await createRole(database.db, { type: 'ACCESS', permissions: ['employees.view'] });
  const before = socket.messages.length;
  const granted = await server.app.inject({
    method: 'PUT',
    url: `/api/access-requests/${asked.json().id}/grant`,
    headers: { authorization: `Bearer ${reviewer.accessToken}` },
    payload: { roleId: role.id },
  });
  t.equal(granted.statusCode, 200, granted.body);
  const pushed = await socket.next((m) => m.event === 'access-changed', before);
  t.same(pushed.data, { reason: 'ACCESS_GRANTED', path: '/', role: role.name });
  const [grantMail] = await mailsTo(database.db, person.user.email);
  t.match(grantMail!.text_body, 'Employee management', 'the person’s mail names the screen too');
  t.notMatch(grantMail!.text_body, 'access to /', 'not a bare path');
});
