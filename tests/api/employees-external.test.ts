import { randomBytes } from 'node:crypto';
import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';

t.test('external users', async (t) => {
  const { signIn, inject, db } = await buildTestApp(t);
  const admin = await signIn({ builtInRoles: ['admin'] });
  const externalViewer = await signIn({ permissions: ['external-users.view'] });
  const employeeViewer = await signIn({ permissions: ['employees.view'] });

  // The subtests after the first make their own external user (each runs alone with --grep).
  const external = async () => {
    const tag = randomBytes(3).toString('hex');
    const user = await createUser(db, {
      firstName: 'Kyle',
      lastName: `Reese${tag}`,
      email: `kyle.${tag}@client.example`,
      status: 'PENDING',
    });
    await db.updateTable('users').set({ user_type: 'EXTERNAL' }).where('id', '=', user.id).execute();
    return { id: user.id, tag };
  };

  t.test('create: PENDING, invited, kept apart from employees', async (t) => {
    const created = await admin.inject({
      method: 'POST',
      url: '/api/users/external',
      payload: {
        firstName: 'Sarah',
        lastName: 'Connor',
        email: 'sarah@client.example',
        organization: 'Cyberdyne',
        phoneNumber: '+1 555 0100',
      },
    });
    t.equal(created.statusCode, 201, created.body);
    t.equal(created.json().type, 'EXTERNAL');
    t.equal(created.json().status, 'PENDING');
    t.equal(created.json().organization, 'Cyberdyne');
    const mail = await db
      .selectFrom('mail_outbox')
      .select('template')
      .where('to_email', '=', 'sarah@client.example')
      .execute();
    t.same(
      mail.map((m) => m.template),
      ['invitation'],
    );

    const externals = await externalViewer.inject({
      method: 'GET',
      url: '/api/users/externals?search=connor',
    });
    t.equal(externals.statusCode, 200);
    t.same(
      externals.json().items.map((i: { email: string }) => i.email),
      ['sarah@client.example'],
    );
    t.same(externals.json().items[0].abilities.edit, false);
    const employees = await admin.inject({ method: 'GET', url: '/api/users/employees?search=connor' });
    t.equal(employees.json().total, 0, 'external users are not employees');
  });

  t.test('visibility follows the kind of person', async (t) => {
    const { id: externalId, tag } = await external();
    t.equal(
      (await employeeViewer.inject({ method: 'GET', url: `/api/users/${externalId}` })).statusCode,
      404,
    );
    t.equal(
      (await externalViewer.inject({ method: 'GET', url: `/api/users/${externalId}` })).statusCode,
      200,
    );
    const everyone = await employeeViewer.inject({
      method: 'GET',
      url: `/api/users?type=EXTERNAL&search=${tag}`,
    });
    t.equal(everyone.json().total, 0, 'GET /users shows external users only to those who view them');
    const admins = await admin.inject({ method: 'GET', url: `/api/users?type=EXTERNAL&search=${tag}` });
    t.equal(admins.json().total, 1);
    t.equal((await employeeViewer.inject({ method: 'GET', url: '/api/users/externals' })).statusCode, 403);
    t.equal((await inject({ method: 'GET', url: '/api/users/externals' })).statusCode, 401);
  });

  t.test('update, deactivate and delete with external-users.manage', async (t) => {
    const { id: externalId } = await external();
    const updated = await admin.inject({
      method: 'PUT',
      url: `/api/users/${externalId}`,
      payload: { organization: 'Skynet', note: 'Project liaison' },
    });
    t.equal(updated.statusCode, 200, updated.body);
    t.equal(updated.json().organization, 'Skynet');
    const off = await admin.inject({
      method: 'PUT',
      url: `/api/users/${externalId}/status`,
      payload: { status: 'INACTIVE' },
    });
    t.equal(off.json().status, 'INACTIVE');
    t.equal(
      (await externalViewer.inject({ method: 'DELETE', url: `/api/users/${externalId}` })).statusCode,
      403,
      'viewing is not managing',
    );
  });

  t.test('bad input: a message and nothing changed', async (t) => {
    const count = async () => (await db.selectFrom('users').select('id').execute()).length;
    const before = await count();
    const cases = [
      {
        payload: { lastName: 'X', email: 'a@b.example' },
        field: 'firstName',
        message: 'This field is required',
      },
      {
        payload: { firstName: 'X', lastName: 'Y', email: 'nope' },
        field: 'email',
        message: 'Invalid email format',
      },
      {
        payload: { firstName: ' ', lastName: 'Y', email: 'c@d.example' },
        field: 'firstName',
        message: 'This field cannot contain only spaces',
      },
      {
        payload: { firstName: 'X', lastName: 'Y', email: 'e@f.example', organization: 'o'.repeat(256) },
        field: 'organization',
        message: 'This field must be less than or equal to 255 characters long',
      },
    ];
    for (const c of cases) {
      const response = await admin.inject({ method: 'POST', url: '/api/users/external', payload: c.payload });
      t.equal(response.statusCode, 422);
      t.match(response.json().details, [{ field: c.field, message: c.message }]);
    }
    const duplicate = await admin.inject({
      method: 'POST',
      url: '/api/users/external',
      payload: { firstName: 'S', lastName: 'C', email: 'SARAH@client.example' },
    });
    t.equal(duplicate.statusCode, 409);
    t.equal(await count(), before);
    t.equal(
      (
        await externalViewer.inject({
          method: 'POST',
          url: '/api/users/external',
          payload: { firstName: 'S', lastName: 'C', email: 'x@client.example' },
        })
      ).statusCode,
      403,
    );
  });
});

t.test('a manager of external users (without employees.manage) invites them', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ builtInRoles: ['admin'] });
  const manager = await signIn({ permissions: ['external-users.view', 'external-users.manage'] });
  const created = await manager.inject({
    method: 'POST',
    url: '/api/users/external',
    payload: { firstName: 'Kyle', lastName: 'Reese', email: 'kyle@client.example' },
  });
  t.equal(created.statusCode, 201, created.body);
  const resent = await manager.inject({
    method: 'POST',
    url: `/api/users/${created.json().id}/resend-invitation`,
  });
  t.ok([200, 204].includes(resent.statusCode), resent.body);
  const mails = await db
    .selectFrom('mail_outbox')
    .select('template')
    .where('to_email', '=', 'kyle@client.example')
    .execute();
  t.equal(mails.length, 2, 'the invitation and the resent one');
  const employee = await admin.inject({
    method: 'POST',
    url: '/api/users',
    payload: { firstName: 'Emp', lastName: 'Loyee', email: 'emp@example.com' },
  });
  const refused = await manager.inject({
    method: 'POST',
    url: `/api/users/${employee.json().id}/resend-invitation`,
  });
  t.equal(refused.statusCode, 404, 'an employee is not theirs to invite');
});
