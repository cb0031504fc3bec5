import ExcelJS from 'exceljs';
import t from 'tap';
import type { Db } from '../../server/db/connect.ts';
import { buildTestApp } from '../helpers/build-app.ts';

/** A multipart/form-data body with one file, as a browser sends it. */
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

async function snapshot(db: Db) {
  const count = async (table: 'users' | 'audit_events' | 'mail_outbox' | 'account_tokens') =>
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
    mails: await count('mail_outbox'),
    tokens: await count('account_tokens'),
    statuses: (await db.selectFrom('users').select(['id', 'status']).orderBy('id').execute()).map(
      (u) => `${u.id}:${u.status}`,
    ),
  };
}

t.test('import people from the UI', async (t) => {
  const { signIn, inject, db } = await buildTestApp(t);
  const hr = await signIn({
    permissions: ['employees.view', 'employees.manage', 'employees.export'],
    builtInRoles: ['user'],
  });
  const viewer = await signIn({ permissions: ['employees.view'] });

  const good = Buffer.from(
    '\uFEFFEmail,First name,Last name,Contract type,Onboard date,Employee code\r\n' +
      'mai@example.com,Mai,Đỗ,Full-time,2024/03/01,NV100\r\n' +
      'tuan@example.com,Tuấn,Vũ,Toàn thời gian,2024-04-01,NV101\r\n',
  );
  const bad = Buffer.from(
    'Email,First name,Last name,Contract type,Birthday,Employee code,Shoe size\n' +
      'ok@example.com,Ok,Person,,,NV200\n' +
      'broken@example.com,,Person,Casual,2999-01-01,NV200\n',
  );

  t.test('a dry run reports each problem by row and column and writes nothing', async (t) => {
    const before = await snapshot(db);
    const response = await hr.inject({
      method: 'POST',
      url: '/api/users/import?dryRun=true',
      ...upload('staff.csv', bad),
    });
    t.equal(response.statusCode, 200, response.body);
    const report = response.json();
    t.equal(report.dryRun, true);
    t.equal(report.total, 2);
    t.same(report.warnings, ['Column Shoe size is not known and was ignored.']);
    const lines = report.errors.map(
      (e: { row: number; column: string; message: string }) => `Row ${e.row}, ${e.column}: ${e.message}`,
    );
    t.ok(lines.includes('Row 3, First name: This field is required'), lines.join('\n'));
    t.ok(
      lines.includes(
        'Row 3, Contract type: Choose one of: FULLTIME, PART_TIME, PROBATION, INTERNSHIP, FREELANCER',
      ),
      lines.join('\n'),
    );
    t.ok(lines.includes('Row 2, Employee code: This value appears more than once in the file (rows 2, 3)'));
    t.same(await snapshot(db), before, 'nothing written, nothing audited');

    const form = upload('staff.csv', bad);
    const vi = await hr.inject({
      method: 'POST',
      url: '/api/users/import?dryRun=true',
      headers: { 'accept-language': 'vi', ...form.headers },
      payload: form.payload,
    });
    t.equal(vi.statusCode, 200);
    t.ok(
      vi
        .json()
        .errors.some((e: { column: string; message: string }) => e.message === 'Trường này là bắt buộc'),
      'the report follows the language of the request',
    );
  });

  t.test('a clean file: dry run, then the import itself (audited, invitations queued)', async (t) => {
    const before = await snapshot(db);
    const dry = await hr.inject({
      method: 'POST',
      url: '/api/users/import?dryRun=true',
      ...upload('staff.csv', good),
    });
    t.same(
      { ...dry.json(), warnings: undefined },
      {
        total: 2,
        created: 2,
        updated: 0,
        unchanged: 0,
        invited: 0,
        dryRun: true,
        errors: [],
        warnings: undefined,
      },
    );
    t.same(await snapshot(db), before);

    const done = await hr.inject({
      method: 'POST',
      url: '/api/users/import?sendInvitations=true',
      ...upload('staff.csv', good),
    });
    t.equal(done.statusCode, 200, done.body);
    t.same([done.json().created, done.json().invited, done.json().dryRun], [2, 2, false]);
    const mai = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'mai@example.com')
      .executeTakeFirstOrThrow();
    t.same(
      [mai.status, mai.contract_type, mai.onboard_date, mai.employee_code],
      ['PENDING', 'FULLTIME', '2024-03-01', 'NV100'],
    );
    const audit = await db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'employees.imported')
      .execute();
    t.equal(audit.length, 1);
    // Each person's creation and their default role are audited (written in batches, one event each).
    const perPerson = await db
      .selectFrom('audit_events')
      .select(['action', 'entity_id', 'after'])
      .where('action', 'in', ['employee.created', 'role.member_added'])
      .execute();
    const people = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'in', ['mai@example.com', 'tuan@example.com'])
      .execute();
    for (const person of people) {
      t.ok(
        perPerson.some((event) => event.action === 'employee.created' && event.entity_id === person.id),
        `${person.email}: created, audited`,
      );
      t.ok(
        perPerson.some(
          (event) =>
            event.action === 'role.member_added' &&
            (event.after as { userId?: string } | null)?.userId === person.id,
        ),
        `${person.email}: default role, audited`,
      );
    }
    t.equal(
      (
        await db
          .selectFrom('mail_outbox')
          .select('id')
          .where('to_email', 'in', ['mai@example.com', 'tuan@example.com'])
          .execute()
      ).length,
      2,
    );

    // The same file again changes nothing; a code now taken by Mai cannot go to someone else.
    const again = await hr.inject({ method: 'POST', url: '/api/users/import', ...upload('staff.csv', good) });
    t.same([again.json().created, again.json().updated, again.json().unchanged], [0, 0, 2]);
    const stolen = await hr.inject({
      method: 'POST',
      url: '/api/users/import?dryRun=true',
      ...upload(
        'x.csv',
        Buffer.from('Email,First name,Last name,Employee code\nnew@example.com,N,P,nv100\n'),
      ),
    });
    t.equal(stolen.json().errors[0].message, 'Another person already has this employee code');
  });

  t.test('an XLSX file works the same', async (t) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow(['Email', 'Tên', 'Họ']);
    sheet.addRow(['linh@example.com', 'Linh', 'Hoàng']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const dry = await hr.inject({
      method: 'POST',
      url: '/api/users/import?dryRun=true',
      ...upload('s.xlsx', data),
    });
    t.equal(dry.statusCode, 200);
    t.equal(dry.json().created, 1);
  });

  t.test('refused calls and bad requests change nothing', async (t) => {
    const before = await snapshot(db);
    t.equal(
      (await inject({ method: 'POST', url: '/api/users/import', ...upload('s.csv', good) })).statusCode,
      401,
    );
    t.equal(
      (await viewer.inject({ method: 'POST', url: '/api/users/import', ...upload('s.csv', good) }))
        .statusCode,
      403,
    );
    const noFile = await hr.inject({ method: 'POST', url: '/api/users/import', payload: {} });
    t.equal(noFile.statusCode, 422);
    t.equal(noFile.json().details[0].field, 'file');
    const wrongField = await hr.inject({
      method: 'POST',
      url: '/api/users/import',
      ...upload('s.csv', good, 'sheet'),
    });
    t.equal(wrongField.statusCode, 422);
    const tooLarge = await hr.inject({
      method: 'POST',
      url: '/api/users/import',
      ...upload('big.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 'a')),
    });
    t.equal(tooLarge.statusCode, 413);
    const badQuery = await hr.inject({
      method: 'POST',
      url: '/api/users/import?dryRun=maybe',
      ...upload('s.csv', good),
    });
    t.equal(badQuery.statusCode, 422);
    const pdf = await hr.inject({
      method: 'POST',
      url: '/api/users/import',
      ...upload('s.pdf', Buffer.from('%PDF-1.4\n%%EOF\n')),
    });
    t.equal(pdf.statusCode, 200);
    t.equal(pdf.json().errors[0].message, 'The file has no email column');
    t.same(await snapshot(db), before);
  });
});

t.test('bulk actions on the selected people', async (t) => {
  const { signIn, inject, db } = await buildTestApp(t);
  const hr = await signIn({
    permissions: ['employees.view', 'employees.manage', 'employees.export'],
    builtInRoles: ['user'],
  });
  const viewer = await signIn({ permissions: ['employees.view'] });
  const create = async (email: string) =>
    (
      await hr.inject({
        method: 'POST',
        url: '/api/users',
        payload: { firstName: 'P', lastName: 'Q', email },
      })
    ).json().id as string;
  const pendingA = await create('a@example.com');
  const pendingB = await create('b@example.com');
  const active = await signIn({ permissions: [] });

  t.test('invite the pending ones: fresh links, audited', async (t) => {
    const before = await db.selectFrom('mail_outbox').select('id').execute();
    const response = await hr.inject({
      method: 'POST',
      url: '/api/users/bulk/invite',
      payload: { ids: [pendingA, pendingB] },
    });
    t.equal(response.statusCode, 200, response.body);
    t.same(response.json(), { count: 2 });
    t.equal((await db.selectFrom('mail_outbox').select('id').execute()).length, before.length + 2);
    const audit = await db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'employees.bulk_invited')
      .execute();
    t.equal(audit.length, 1);
  });

  t.test('all or none: one person who cannot be invited stops the action', async (t) => {
    const before = await snapshot(db);
    const response = await hr.inject({
      method: 'POST',
      url: '/api/users/bulk/invite',
      payload: { ids: [pendingA, active.user.id] },
    });
    t.equal(response.statusCode, 422);
    t.same(
      response.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
      [['ids.1', 'This person has already signed up']],
    );
    const unknown = await hr.inject({
      method: 'POST',
      url: '/api/users/bulk/deactivate',
      payload: { ids: [pendingA, '00000000-0000-4000-8000-000000000000'] },
    });
    t.equal(unknown.statusCode, 422);
    t.equal(unknown.json().details[0].message, 'The selected person does not exist');
    const self = await hr.inject({
      method: 'POST',
      url: '/api/users/bulk/deactivate',
      payload: { ids: [hr.user.id] },
    });
    t.equal(self.statusCode, 422);
    t.equal(self.json().details[0].message, 'You cannot do this to your own account');
    for (const payload of [
      {},
      { ids: [] },
      { ids: ['x'] },
      { ids: [pendingA, pendingA] },
      { ids: [pendingA], extra: 1 },
    ]) {
      const response = await hr.inject({ method: 'POST', url: '/api/users/bulk/deactivate', payload });
      t.equal(response.statusCode, 422, JSON.stringify(payload));
    }
    t.same(await snapshot(db), before);
  });

  t.test('refused callers change nothing', async (t) => {
    const before = await snapshot(db);
    for (const url of ['/api/users/bulk/invite', '/api/users/bulk/deactivate', '/api/users/bulk/export']) {
      t.equal((await inject({ method: 'POST', url, payload: { ids: [pendingA] } })).statusCode, 401, url);
      t.equal(
        (await viewer.inject({ method: 'POST', url, payload: { ids: [pendingA] } })).statusCode,
        403,
        url,
      );
    }
    t.same(await snapshot(db), before);
  });

  t.test('export the selection: only those people, audited', async (t) => {
    const response = await hr.inject({
      method: 'POST',
      url: '/api/users/bulk/export',
      payload: { ids: [pendingB, pendingA], format: 'csv' },
    });
    t.equal(response.statusCode, 200, response.body.slice(0, 300));
    t.match(response.headers['content-type'], /text\/csv/);
    const lines = response.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    t.same(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
      ['a@example.com', 'b@example.com'],
    );
    const audit = await db
      .selectFrom('audit_events')
      .select('after')
      .where('action', '=', 'employees.exported')
      .executeTakeFirstOrThrow();
    t.same((audit.after as { ids: string[] }).ids, [pendingB, pendingA]);
    const xlsx = await hr.inject({
      method: 'POST',
      url: '/api/users/bulk/export',
      payload: { ids: [pendingA] },
    });
    t.equal(xlsx.statusCode, 200);
    t.match(xlsx.headers['content-type'], /spreadsheetml/);
  });

  t.test('deactivate: signed out, audited; already inactive people stay so', async (t) => {
    const session = await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', active.user.id)
      .execute();
    t.ok(session.length > 0);
    const response = await hr.inject({
      method: 'POST',
      url: '/api/users/bulk/deactivate',
      payload: { ids: [active.user.id, pendingA] },
    });
    t.equal(response.statusCode, 200, response.body);
    t.same(response.json(), { count: 2 });
    t.equal(
      (await active.inject({ method: 'GET', url: '/api/auth/me' })).statusCode,
      401,
      'signed out at once',
    );
    const again = await hr.inject({
      method: 'POST',
      url: '/api/users/bulk/deactivate',
      payload: { ids: [active.user.id] },
    });
    t.same(again.json(), { count: 0 });
    const audit = await db
      .selectFrom('audit_events')
      .select('action')
      .where('action', 'in', ['employees.bulk_deactivated', 'user.deactivated'])
      .execute();
    t.equal(audit.filter((a) => a.action === 'user.deactivated').length, 2);
    t.equal(audit.filter((a) => a.action === 'employees.bulk_deactivated').length, 2);
  });
});
