import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import type { Db } from '../../server/db/connect.ts';
import { buildTestApp, type SignedInUser } from '../helpers/build-app.ts';
import { createRole, createUser, DEFAULT_PASSWORD, grantProjectRole } from '../helpers/factories.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
// A PNG renamed to .pdf and sent as application/pdf: only its content gives it away.
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

type Part = { name: string; value: string } | { name: string; fileName: string; type: string; data: Buffer };

/** A multipart/form-data body, as a browser sends it. */
function form(parts: Part[]) {
  const boundary = `----bo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`content-disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `content-disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
            `content-type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Everything a failed request must leave untouched. */
async function snapshot(db: Db, dataDir: string) {
  const count = async (table: 'users' | 'user_files' | 'mail_outbox' | 'audit_events' | 'user_roles') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const files = (() => {
    try {
      return readdirSync(path.join(dataDir, 'files'), { recursive: true }).length;
    } catch {
      return 0;
    }
  })();
  return {
    users: await count('users'),
    files: await count('user_files'),
    mails: await count('mail_outbox'),
    audit: await count('audit_events'),
    roles: await count('user_roles'),
    stored: files,
  };
}

t.test('employees API', async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-employees-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const { signIn, inject, db } = await buildTestApp(t, { DATA_DIR: dataDir });
  const hr = await signIn({
    email: 'hr@example.com',
    permissions: ['employees.view', 'employees.manage', 'employees.export', 'departments.view'],
    // HR staff are employees too: without the everyday permissions new people start with, HR
    // would be "below" them and could not act on them.
    builtInRoles: ['user'],
  });
  const viewer = await signIn({ permissions: ['employees.view'] });
  const nobody = await signIn({ permissions: [] });
  const admin = await signIn({ builtInRoles: ['admin'] });

  const developer = await createRole(db, { name: 'Developer', type: 'EMPLOYEE_ROLE' });
  const retired = await createRole(db, { name: 'Retired role', type: 'EMPLOYEE_ROLE', status: 'INACTIVE' });
  const engineering = (
    await admin.inject({ method: 'POST', url: '/api/departments', payload: { name: 'Engineering' } })
  ).json<{ id: string }>();
  const banks = (await hr.inject({ method: 'GET', url: '/api/banks' })).json<{
    items: Array<{ id: string; shortName: string; name: string }>;
  }>().items;
  const vcb = banks.find((b) => b.shortName === 'Vietcombank')!;

  const full = {
    firstName: 'Thảo',
    lastName: 'Nguyễn Thị',
    email: 'thao.nguyen@example.com',
    gender: 'FEMALE',
    birthday: '1995-04-30',
    phoneNumber: '+84 912 345 678',
    address: '12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
    contractType: 'FULLTIME',
    employeeRoleId: developer.id,
    departmentId: engineering.id,
    onboardDate: '2024-03-01',
    discordAccountId: '123456789012345678',
    bankId: vcb.id,
    bankAccountNumber: '0011002233445',
    idCardNumber: '001195012345',
    idCardIssueDate: '2021-07-15',
    idCardIssueAuthority: 'Cục Cảnh sát quản lý hành chính về trật tự xã hội',
    socialInsuranceNumber: '0123456789',
    language: 'vi',
  };
  /**
   * A fully filled employee made through the API as HR would: each call a new person with an email of
   * their own, so a subtest that changes someone never changes another subtest's person.
   */
  const newEmployee = async (overrides: Record<string, unknown> = {}) => {
    const tag = randomBytes(3).toString('hex');
    const response = await hr.inject({
      method: 'POST',
      url: '/api/users',
      payload: { ...full, email: `thao.${tag}@example.com`, ...overrides },
    });
    if (response.statusCode !== 201) throw new Error(`the employee was not made: ${response.body}`);
    return { ...response.json<{ id: string; email: string }>(), tag };
  };

  t.test('banks: the Vietnamese banks, for anyone signed in', async (t) => {
    t.ok(banks.length >= 40);
    t.equal(vcb.name, 'Ngân hàng TMCP Ngoại thương Việt Nam');
    t.equal((await inject({ method: 'GET', url: '/api/banks' })).statusCode, 401);
    t.equal((await nobody.inject({ method: 'GET', url: '/api/banks' })).statusCode, 200);
  });

  t.test('create with every field: PENDING, invited, audited, in one transaction', async (t) => {
    const response = await hr.inject({ method: 'POST', url: '/api/users', payload: full });
    t.equal(response.statusCode, 201, response.body);
    const body = response.json();
    const thaoId = body.id;
    t.equal(body.status, 'PENDING');
    t.same(body.employeeRole, { id: developer.id, name: 'Developer' });
    t.same(body.department, { id: engineering.id, name: 'Engineering' });
    t.same(body.bank, { id: vcb.id, name: 'Vietcombank' });
    t.same(body.discordAccount, { id: full.discordAccountId });
    for (const key of [
      'firstName',
      'lastName',
      'email',
      'gender',
      'birthday',
      'phoneNumber',
      'address',
      'contractType',
      'onboardDate',
      'bankAccountNumber',
      'idCardNumber',
      'idCardIssueDate',
      'idCardIssueAuthority',
      'socialInsuranceNumber',
      'language',
    ] as const) {
      t.equal(body[key], full[key], key);
    }
    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_email', '=', full.email)
      .executeTakeFirst();
    t.ok(mail, 'the invitation is in the outbox');
    t.equal(mail?.template, 'invitation');
    t.equal(mail?.language, 'vi', 'in the person’s language');
    const audit = await db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_id', '=', thaoId)
      .execute();
    t.ok(audit.some((a) => a.action === 'employee.created'));
    const roles = await db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['roles.type', 'roles.built_in_key'])
      .where('user_id', '=', thaoId)
      .execute();
    t.equal(
      roles.filter((r) => r.type === 'EMPLOYEE_ROLE').length,
      1,
      'the employee role is a role assignment (its permissions apply)',
    );
    t.same(
      roles.filter((r) => r.type === 'ACCESS').map((r) => r.built_in_key),
      ['user'],
      'and the person starts with the built-in User role',
    );
  });

  t.test('bad input gets a clear message and changes nothing', async (t) => {
    const cases: Array<{ name: string; payload: Record<string, unknown>; field: string; message: string }> = [
      {
        name: 'a missing first name',
        payload: { lastName: 'Trần', email: 'x1@example.com' },
        field: 'firstName',
        message: 'This field is required',
      },
      {
        name: 'an empty first name',
        payload: { firstName: '', lastName: 'Trần', email: 'x2@example.com' },
        field: 'firstName',
        message: 'This field is required',
      },
      {
        name: 'a bad email',
        payload: { firstName: 'Bình', lastName: 'Trần', email: 'not-an-email' },
        field: 'email',
        message: 'Invalid email format',
      },
      {
        name: 'a name of 256 characters',
        payload: { firstName: 'a'.repeat(256), lastName: 'Trần', email: 'x3@example.com' },
        field: 'firstName',
        message: 'This field must be less than or equal to 255 characters long',
      },
      {
        name: 'a name of only spaces',
        payload: { firstName: '   ', lastName: 'Trần', email: 'x4@example.com' },
        field: 'firstName',
        message: 'This field cannot contain only spaces',
      },
      {
        name: 'an offboard date before the onboard date',
        payload: {
          firstName: 'Bình',
          lastName: 'Trần',
          email: 'x5@example.com',
          onboardDate: '2024-05-01',
          offboardDate: '2024-04-30',
        },
        field: 'offboardDate',
        message: 'End date must be after start date',
      },
      {
        name: 'an unknown department',
        payload: {
          firstName: 'Bình',
          lastName: 'Trần',
          email: 'x6@example.com',
          departmentId: '00000000-0000-4000-8000-000000000001',
        },
        field: 'departmentId',
        message: 'The selected department does not exist',
      },
      {
        name: 'an inactive employee role',
        payload: { firstName: 'Bình', lastName: 'Trần', email: 'x7@example.com', employeeRoleId: retired.id },
        field: 'employeeRoleId',
        message: 'The selected employee role is not active',
      },
      {
        name: 'a role that is not an employee role',
        payload: {
          firstName: 'Bình',
          lastName: 'Trần',
          email: 'x8@example.com',
          employeeRoleId: (await createRole(db, { type: 'ACCESS' })).id,
        },
        field: 'employeeRoleId',
        message: 'The selected employee role does not exist',
      },
      {
        name: 'a birthday in the future',
        payload: { firstName: 'Bình', lastName: 'Trần', email: 'x9@example.com', birthday: '2999-01-01' },
        field: 'birthday',
        message: 'This date must be in the past',
      },
      {
        name: 'an impossible date',
        payload: { firstName: 'Bình', lastName: 'Trần', email: 'x10@example.com', onboardDate: '2024-02-30' },
        field: 'onboardDate',
        message: 'Onboard date is not valid',
      },
      {
        name: 'an unknown contract type',
        payload: { firstName: 'Bình', lastName: 'Trần', email: 'x11@example.com', contractType: 'CASUAL' },
        field: 'contractType',
        message: 'Choose one of',
      },
      {
        name: 'a Discord id that is not a snowflake',
        payload: {
          firstName: 'Bình',
          lastName: 'Trần',
          email: 'x12@example.com',
          discordAccountId: 'bình#1234',
        },
        field: 'discordAccountId',
        message: 'Discord account ID is not valid',
      },
    ];
    for (const c of cases) {
      const before = await snapshot(db, dataDir);
      const response = await hr.inject({ method: 'POST', url: '/api/users', payload: c.payload });
      t.equal(response.statusCode, 422, `${c.name}: 422`);
      const body = response.json();
      t.equal(body.code, 'VALIDATION_FAILED');
      const detail = body.details.find((d: { field: string }) => d.field === c.field);
      t.ok(detail, `${c.name}: reported on ${c.field}`);
      t.match(detail?.message, c.message, `${c.name}: '${detail?.message}'`);
      t.same(await snapshot(db, dataDir), before, `${c.name}: nothing changed`);
    }

    const vietnamese = await hr.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'accept-language': 'vi' },
      payload: { lastName: 'Trần', email: 'bad' },
    });
    const messages = Object.fromEntries(
      vietnamese.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
    );
    t.same(messages, { email: 'Định dạng email không hợp lệ', firstName: 'Trường này là bắt buộc' });

    const before = await snapshot(db, dataDir);
    const duplicate = await hr.inject({
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'Thảo', lastName: 'Khác', email: 'THAO.NGUYEN@example.com' },
    });
    t.equal(duplicate.statusCode, 409, 'a duplicate email (in any case) is refused');
    t.equal(duplicate.json().message, 'Email is already taken.');
    t.same(await snapshot(db, dataDir), before, 'duplicate: nothing changed');
  });

  t.test('documents: PDFs by content, at most 10 MB', async (t) => {
    const fields = (email: string) => [
      { name: 'firstName', value: 'Minh' },
      { name: 'lastName', value: 'Lê' },
      { name: 'email', value: email },
      { name: 'gender', value: '' },
      { name: 'contractType', value: 'PROBATION' },
    ];
    const created = await hr.inject({
      method: 'POST',
      url: '/api/users',
      ...form([
        ...fields('minh.le@example.com'),
        { name: 'ndaFile', fileName: 'NDA Lê Minh.pdf', type: 'application/pdf', data: PDF },
        { name: 'contractFile', fileName: 'contract.pdf', type: 'application/pdf', data: PDF },
      ]),
    });
    t.equal(created.statusCode, 201, created.body);
    const minh = created.json();
    t.equal(minh.gender, null, 'an empty form field means none');
    t.equal(minh.files.NDA_FILE.fileName, 'NDA Lê Minh.pdf');
    t.equal(minh.files.CONTRACT_FILE.sizeBytes, PDF.length);

    const download = await hr.inject({ method: 'GET', url: minh.files.NDA_FILE.url });
    t.equal(download.statusCode, 200);
    t.equal(download.headers['content-type'], 'application/pdf');
    t.match(download.headers['content-disposition'], /filename\*=UTF-8''NDA%20L%C3%AA%20Minh\.pdf/);
    t.same(download.rawPayload, PDF);
    t.equal((await viewer.inject({ method: 'GET', url: minh.files.NDA_FILE.url })).statusCode, 403);
    t.equal((await nobody.inject({ method: 'GET', url: minh.files.NDA_FILE.url })).statusCode, 404);
    t.equal((await inject({ method: 'GET', url: minh.files.NDA_FILE.url })).statusCode, 401);

    let before = await snapshot(db, dataDir);
    const renamed = await hr.inject({
      method: 'POST',
      url: '/api/users',
      ...form([
        ...fields('renamed@example.com'),
        { name: 'contractFile', fileName: 'contract.pdf', type: 'application/pdf', data: PNG },
      ]),
    });
    t.equal(renamed.statusCode, 415);
    t.equal(renamed.json().message, 'Unsupported file type.');
    t.match(renamed.json().details, [{ field: 'contractFile', message: 'Unsupported file type.' }]);
    t.same(await snapshot(db, dataDir), before, 'a renamed PNG: nothing changed');

    before = await snapshot(db, dataDir);
    const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await hr.inject({
      method: 'POST',
      url: '/api/users',
      ...form([
        ...fields('huge@example.com'),
        { name: 'ndaFile', fileName: 'nda.pdf', type: 'application/pdf', data: huge },
      ]),
    });
    t.equal(tooLarge.statusCode, 413);
    t.equal(tooLarge.json().message, 'File size exceeds the maximum limit of 10MB.');
    t.match(tooLarge.json().details, [{ field: 'ndaFile' }]);
    t.same(await snapshot(db, dataDir), before, 'a file over 10 MB: nothing changed');

    before = await snapshot(db, dataDir);
    const truncated = await hr.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload: '--XyZ\r\ncontent-disposition: form-data; name="firstName"\r\n\r\nMinh',
    });
    t.equal(truncated.statusCode, 400, 'a truncated form is a bad request, not a server error');
    t.same(await snapshot(db, dataDir), before, 'a truncated form: nothing changed');

    t.test('POST /users/{id}/files replaces the current document', async (t) => {
      const second = Buffer.concat([PDF, Buffer.from('% second version\n')]);
      const uploaded = await hr.inject({
        method: 'POST',
        url: `/api/users/${minh.id}/files`,
        ...form([
          { name: 'kind', value: 'NDA_FILE' },
          { name: 'file', fileName: 'nda-v2.pdf', type: 'application/octet-stream', data: second },
        ]),
      });
      t.equal(uploaded.statusCode, 201, uploaded.body);
      t.equal(uploaded.json().fileName, 'nda-v2.pdf');
      const again = await hr.inject({ method: 'GET', url: `/api/users/${minh.id}/files/NDA_FILE` });
      t.same(again.rawPayload, second);
      const rows = await db.selectFrom('user_files').selectAll().where('user_id', '=', minh.id).execute();
      t.equal(rows.filter((r) => r.kind === 'NDA_FILE').length, 2, 'the previous NDA is kept');
      t.equal(rows.filter((r) => r.kind === 'NDA_FILE' && !r.deleted_at).length, 1, 'one is current');

      const snap = await snapshot(db, dataDir);
      const wrong = await hr.inject({
        method: 'POST',
        url: `/api/users/${minh.id}/files`,
        ...form([
          { name: 'kind', value: 'CONTRACT_FILE' },
          {
            name: 'file',
            fileName: 'contract.pdf',
            type: 'application/pdf',
            data: Buffer.from('MZ\x90\x00 not a pdf'),
          },
        ]),
      });
      t.equal(wrong.statusCode, 415);
      t.equal(wrong.json().message, 'Unsupported file type.');
      const big = await hr.inject({
        method: 'POST',
        url: `/api/users/${minh.id}/files`,
        ...form([
          { name: 'kind', value: 'CONTRACT_FILE' },
          { name: 'file', fileName: 'contract.pdf', type: 'application/pdf', data: huge },
        ]),
      });
      t.equal(big.statusCode, 413);
      t.equal(big.json().message, 'File size exceeds the maximum limit of 10MB.');
      const badKind = await hr.inject({
        method: 'POST',
        url: `/api/users/${minh.id}/files`,
        ...form([
          { name: 'kind', value: 'PASSPORT' },
          { name: 'file', fileName: 'p.pdf', type: 'application/pdf', data: PDF },
        ]),
      });
      t.equal(badKind.statusCode, 422);
      const missing = await hr.inject({
        method: 'POST',
        url: `/api/users/${minh.id}/files`,
        ...form([{ name: 'kind', value: 'NDA_FILE' }]),
      });
      t.equal(missing.statusCode, 422);
      t.match(missing.json().details, [{ field: 'file', message: 'This field is required' }]);
      t.same(await snapshot(db, dataDir), snap, 'refused uploads: nothing changed');
      const denied = await viewer.inject({
        method: 'POST',
        url: `/api/users/${minh.id}/files`,
        ...form([
          { name: 'kind', value: 'NDA_FILE' },
          { name: 'file', fileName: 'n.pdf', type: 'application/pdf', data: PDF },
        ]),
      });
      t.equal(denied.statusCode, 403);
    });
  });

  t.test('reading one person: abilities, private fields, not-found looks like forbidden', async (t) => {
    const { id: thaoId } = await newEmployee();
    const asViewer = await viewer.inject({ method: 'GET', url: `/api/users/${thaoId}` });
    t.equal(asViewer.statusCode, 200);
    t.same(asViewer.json().abilities, {
      edit: false,
      viewPrivate: false,
      changeStatus: false,
      delete: false,
      resendInvitation: false,
      uploadFiles: false,
      changeEmail: false,
    });
    t.notOk('bankAccountNumber' in asViewer.json(), 'the summary carries no private fields');
    t.equal((await viewer.inject({ method: 'GET', url: `/api/users/${thaoId}/employee` })).statusCode, 403);
    t.equal((await nobody.inject({ method: 'GET', url: `/api/users/${thaoId}` })).statusCode, 404);
    t.equal((await nobody.inject({ method: 'GET', url: `/api/users/${thaoId}/employee` })).statusCode, 404);
    const asHr = await hr.inject({ method: 'GET', url: `/api/users/${thaoId}/employee` });
    t.equal(asHr.json().bankAccountNumber, full.bankAccountNumber);
    t.equal(asHr.json().abilities.resendInvitation, true);
    const self = await nobody.inject({ method: 'GET', url: `/api/users/${nobody.user.id}/employee` });
    t.equal(self.statusCode, 200, 'everyone sees their own details');
    t.equal(self.json().abilities.edit, false);
    const unknown = await hr.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000009',
    });
    t.equal(unknown.statusCode, 404);
  });

  t.test('update: JSON and multipart, partial, null clears, same rules', async (t) => {
    const { id: thaoId } = await newEmployee();
    const updated = await hr.inject({
      method: 'PUT',
      url: `/api/users/${thaoId}`,
      payload: { phoneNumber: null, contractType: 'PART_TIME', offboardDate: '2025-12-31' },
    });
    t.equal(updated.statusCode, 200, updated.body);
    t.equal(updated.json().phoneNumber, null);
    t.equal(updated.json().contractType, 'PART_TIME');
    t.equal(updated.json().firstName, 'Thảo', 'fields left out stay');

    const multipartUpdate = await hr.inject({
      method: 'PUT',
      url: `/api/users/${thaoId}`,
      ...form([
        { name: 'address', value: '' },
        { name: 'contractFile', fileName: 'hợp đồng.pdf', type: 'application/pdf', data: PDF },
      ]),
    });
    t.equal(multipartUpdate.statusCode, 200, multipartUpdate.body);
    t.equal(multipartUpdate.json().address, null);
    t.equal(multipartUpdate.json().files.CONTRACT_FILE.fileName, 'hợp đồng.pdf');

    const before = await snapshot(db, dataDir);
    const badOrder = await hr.inject({
      method: 'PUT',
      url: `/api/users/${thaoId}`,
      payload: { offboardDate: '2020-01-01' },
    });
    t.equal(badOrder.statusCode, 422, 'compared with the stored onboard date');
    t.match(badOrder.json().details, [
      { field: 'offboardDate', message: 'End date must be after start date' },
    ]);
    const taken = await hr.inject({
      method: 'PUT',
      url: `/api/users/${thaoId}`,
      payload: { email: hr.user.email },
    });
    t.equal(taken.statusCode, 409);
    const blank = await hr.inject({ method: 'PUT', url: `/api/users/${thaoId}`, payload: { lastName: ' ' } });
    t.match(blank.json().details, [{ field: 'lastName', message: 'This field cannot contain only spaces' }]);
    const unknownField = await hr.inject({
      method: 'PUT',
      url: `/api/users/${thaoId}`,
      payload: { status: 'ACTIVE' },
    });
    t.equal(unknownField.statusCode, 422, 'status changes only through PUT /users/{id}/status');
    t.same(await snapshot(db, dataDir), before, 'refused updates: nothing changed');

    t.equal(
      (await viewer.inject({ method: 'PUT', url: `/api/users/${thaoId}`, payload: { note: 'x' } }))
        .statusCode,
      403,
    );
    t.equal(
      (await nobody.inject({ method: 'PUT', url: `/api/users/${thaoId}`, payload: { note: 'x' } }))
        .statusCode,
      404,
    );
  });

  t.test('list: search, filters, sort, stable pages', async (t) => {
    // Its own departments and role: the filters below see only what this subtest made.
    const tag = randomBytes(3).toString('hex');
    const department = async (name: string) =>
      (await admin.inject({ method: 'POST', url: '/api/departments', payload: { name } })).json<{
        id: string;
        name: string;
      }>();
    const sales = await department(`Sales ${tag}`);
    const engineering = await department(`Engineering ${tag}`);
    const developer = await createRole(db, { name: `Developer ${tag}`, type: 'EMPLOYEE_ROLE' });
    const thao = await newEmployee({
      departmentId: engineering.id,
      employeeRoleId: developer.id,
      contractType: 'PART_TIME',
    });
    const both = `departmentId=${sales.id}&departmentId=${engineering.id}`;
    const people = [
      ['Đức', 'Phạm', 'duc.pham@example.com', 'INTERNSHIP', sales.id, '2023-01-10'],
      ['Hà', 'Vũ', 'ha.vu@example.com', 'FULLTIME', engineering.id, '2023-06-01'],
      ['Long', 'Đặng', 'long.dang@example.com', 'FREELANCER', sales.id, '2022-11-20'],
      ['Quân', 'Bùi', 'quan.bui@example.com', 'FULLTIME', engineering.id, '2024-09-09'],
    ] as const;
    const ids: Record<string, string> = {};
    for (const [firstName, lastName, email, contractType, departmentId, onboardDate] of people) {
      const r = await hr.inject({
        method: 'POST',
        url: '/api/users',
        payload: { firstName, lastName, email, contractType, departmentId, onboardDate },
      });
      ids[email] = r.json().id;
    }
    await grantProjectRole(db, ids['ha.vu@example.com']!, '11111111-1111-4111-8111-111111111111', [
      'projects.view',
    ]);

    const list = async (query: string, as: SignedInUser = viewer) => {
      const response = await as.inject({ method: 'GET', url: `/api/users/employees?${query}` });
      t.equal(response.statusCode, 200, `${query}: ${response.statusCode}`);
      return response.json<{ items: Array<{ email: string }>; total: number; lastPage: number }>();
    };
    const emails = (page: { items: Array<{ email: string }> }) => page.items.map((i) => i.email);

    t.same(emails(await list('search=duc')), ['duc.pham@example.com'], 'accents do not matter');
    t.same(
      emails(await list('search=%C4%90%E1%BA%B7ng%20long')),
      ['long.dang@example.com'],
      'words in any order',
    );
    t.same(emails(await list('search=HA.VU@')), ['ha.vu@example.com'], 'email, any case');
    t.same(emails(await list('search=%25')), [], 'a % is a character, not a wildcard');
    t.same(emails(await list(`departmentId=${sales.id}&sortField=onboardDate&sortOrder=asc`)), [
      'long.dang@example.com',
      'duc.pham@example.com',
    ]);
    t.same(
      emails(
        await list(`contractType=FULLTIME&contractType=INTERNSHIP&sortField=email&sortOrder=desc&${both}`),
      ),
      ['quan.bui@example.com', 'ha.vu@example.com', 'duc.pham@example.com'],
    );
    t.same(emails(await list(`roleId=${developer.id}`)), [thao.email]);
    t.same(emails(await list('projectId=11111111-1111-4111-8111-111111111111')), ['ha.vu@example.com']);
    t.same(emails(await list(`onboardFrom=2023-01-01&onboardTo=2023-12-31&sortField=onboardDate&${both}`)), [
      'duc.pham@example.com',
      'ha.vu@example.com',
    ]);
    const pending = await list(`status=PENDING&${both}`);
    t.equal(pending.total, 5, 'the four new people and Thảo have not signed up yet');
    t.ok(!emails(await list('status=ACTIVE')).includes('duc.pham@example.com'));

    const all = await list('perPage=100&sortField=department');
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 3); page++) {
      seen.push(...emails(await list(`perPage=3&page=${page}&sortField=department`)));
    }
    t.same(seen, emails(all), 'pages of 3 add up to the whole list, in order, without overlap');
    t.equal((await list('perPage=3')).lastPage, Math.ceil(all.total / 3));

    const wrong = await viewer.inject({
      method: 'GET',
      url: '/api/users/employees?onboardFrom=2024-01-01&onboardTo=2023-01-01',
    });
    t.equal(wrong.statusCode, 422);
    t.equal(
      (await viewer.inject({ method: 'GET', url: '/api/users/employees?perPage=1000' })).statusCode,
      422,
    );
    t.equal(
      (await viewer.inject({ method: 'GET', url: '/api/users/employees?sortField=password' })).statusCode,
      422,
    );
    t.equal((await nobody.inject({ method: 'GET', url: '/api/users/employees' })).statusCode, 403);
    t.equal((await inject({ method: 'GET', url: '/api/users/employees' })).statusCode, 401);

    const aggregations = await viewer.inject({ method: 'GET', url: '/api/aggregations' });
    t.equal(aggregations.statusCode, 200);
    const counts = aggregations.json();
    t.equal(counts.total, all.total);
    t.ok(
      counts.byDepartment.some(
        (d: { name: string; count: number }) => d.name === sales.name && d.count === 2,
      ),
      'counted by department',
    );
    const inEngineering = (
      await viewer.inject({ method: 'GET', url: `/api/aggregations?departmentId=${engineering.id}` })
    ).json();
    t.equal(inEngineering.byContractType.FULLTIME, 2, 'Hà and Quân; Thảo is part-time');
    const filtered = (
      await viewer.inject({ method: 'GET', url: `/api/aggregations?departmentId=${sales.id}` })
    ).json();
    t.equal(filtered.total, 2);
    t.equal((await nobody.inject({ method: 'GET', url: '/api/aggregations' })).statusCode, 403);

    const users = await viewer.inject({ method: 'GET', url: '/api/users?search=pham' });
    t.same(emails(users.json()), ['duc.pham@example.com']);
  });

  t.test('status: deactivation signs the person out everywhere at once', async (t) => {
    const { id: thaoId } = await newEmployee();
    const worker = await signIn({ email: 'worker@example.com', permissions: ['employees.view'] });
    const secondDevice = await inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'worker@example.com', password: DEFAULT_PASSWORD },
    });
    const secondToken = secondDevice.json().accessToken;
    t.equal((await worker.inject({ method: 'GET', url: '/api/auth/me' })).statusCode, 200);

    t.equal(
      (
        await viewer.inject({
          method: 'PUT',
          url: `/api/users/${worker.user.id}/status`,
          payload: { status: 'INACTIVE' },
        })
      ).statusCode,
      403,
    );
    const off = await hr.inject({
      method: 'PUT',
      url: `/api/users/${worker.user.id}/status`,
      payload: { status: 'DEACTIVATE' },
    });
    t.equal(off.statusCode, 200, off.body);
    t.equal(off.json().status, 'INACTIVE');
    t.equal((await worker.inject({ method: 'GET', url: '/api/auth/me' })).statusCode, 401);
    const other = await inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${secondToken}` },
    });
    t.equal(other.statusCode, 401, 'the other device too');
    const live = await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', worker.user.id)
      .where('revoked_at', 'is', null)
      .execute();
    t.equal(live.length, 0, 'no live session is left');
    const signInAgain = await inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'worker@example.com', password: DEFAULT_PASSWORD },
    });
    t.equal(signInAgain.statusCode, 401);

    const on = await hr.inject({
      method: 'PUT',
      url: `/api/users/${worker.user.id}/status`,
      payload: { status: 'ACTIVE' },
    });
    t.equal(on.json().status, 'ACTIVE', 'someone with a password is active again');
    const pendingOff = await hr.inject({
      method: 'PUT',
      url: `/api/users/${thaoId}/status`,
      payload: { status: 'INACTIVE' },
    });
    t.equal(pendingOff.json().status, 'INACTIVE');
    const pendingOn = await hr.inject({
      method: 'PUT',
      url: `/api/users/${thaoId}/status`,
      payload: { status: 'ACTIVE' },
    });
    t.equal(pendingOn.json().status, 'PENDING', 'someone who never signed up is PENDING again');

    const own = await hr.inject({
      method: 'PUT',
      url: `/api/users/${hr.user.id}/status`,
      payload: { status: 'INACTIVE' },
    });
    t.equal(own.statusCode, 422);
    t.equal(own.json().message, 'You cannot do this to your own account.');
    const bad = await hr.inject({
      method: 'PUT',
      url: `/api/users/${thaoId}/status`,
      payload: { status: 'GONE' },
    });
    t.equal(bad.statusCode, 422);
  });

  t.test('resend invitation: a fresh link for PENDING people only', async (t) => {
    const { id: thaoId, email } = await newEmployee();
    const mails = () => db.selectFrom('mail_outbox').select('id').where('to_email', '=', email).execute();
    const before = (await mails()).length;
    const resent = await hr.inject({ method: 'POST', url: `/api/users/${thaoId}/resend-invitation` });
    t.equal(resent.statusCode, 204, resent.body);
    t.equal((await mails()).length, before + 1);
    const active = await hr.inject({ method: 'POST', url: `/api/users/${viewer.user.id}/resend-invitation` });
    t.equal(active.statusCode, 422);
    t.equal(
      (await viewer.inject({ method: 'POST', url: `/api/users/${thaoId}/resend-invitation` })).statusCode,
      403,
    );
  });

  t.test('delete (soft): gone from lists, signed out, email free again', async (t) => {
    const leaving = await createUser(db, { email: 'leaving@example.com', permissions: ['employees.view'] });
    const session = await inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'leaving@example.com', password: DEFAULT_PASSWORD },
    });
    const token = session.json().accessToken;
    t.equal((await viewer.inject({ method: 'DELETE', url: `/api/users/${leaving.id}` })).statusCode, 403);
    t.equal((await nobody.inject({ method: 'DELETE', url: `/api/users/${leaving.id}` })).statusCode, 404);
    t.equal((await hr.inject({ method: 'DELETE', url: `/api/users/${hr.user.id}` })).statusCode, 422);
    const deleted = await hr.inject({ method: 'DELETE', url: `/api/users/${leaving.id}` });
    t.equal(deleted.statusCode, 204);
    t.equal((await hr.inject({ method: 'GET', url: `/api/users/${leaving.id}` })).statusCode, 404);
    t.equal(
      (await inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
      401,
    );
    const row = await db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', leaving.id)
      .executeTakeFirst();
    t.ok(row?.deleted_at, 'the row is kept');
    const again = await hr.inject({
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'New', lastName: 'Person', email: 'leaving@example.com' },
    });
    t.equal(again.statusCode, 201, 'the email can be used again');
  });

  t.test('picker and public info', async (t) => {
    const thao = await newEmployee();
    const noChat = await createUser(db, { email: `no.chat.${thao.tag}@example.com` });
    const withChat = await createUser(db, { email: 'chat@example.com', lastName: 'Aaa' });
    await db
      .updateTable('users')
      .set({ discord_account_id: '223456789012345678' })
      .where('id', '=', withChat.id)
      .execute();
    const inactive = await createUser(db, { email: 'gone@example.com', status: 'INACTIVE', lastName: 'Aab' });
    await db
      .updateTable('users')
      .set({ discord_account_id: '323456789012345678' })
      .where('id', '=', inactive.id)
      .execute();
    const picker = await nobody.inject({ method: 'GET', url: '/api/users/picker?limit=100' });
    t.equal(picker.statusCode, 200);
    const pickable = picker.json().items.map((i: { email: string }) => i.email);
    t.ok(pickable.includes('chat@example.com'));
    t.ok(pickable.includes(thao.email), 'PENDING with a chat account is pickable');
    t.notOk(pickable.includes('gone@example.com'), 'inactive people are not');
    t.notOk(pickable.includes(noChat.email), 'people without a chat account are not');
    const info = await nobody.inject({ method: 'GET', url: `/api/users/public-info?ids=${inactive.id}` });
    t.same(
      info.json().items.map((i: { email: string }) => i.email),
      ['gone@example.com'],
    );
    t.notOk('bankAccountNumber' in info.json().items[0]);
    t.equal((await inject({ method: 'GET', url: '/api/users/picker' })).statusCode, 401);
  });

  t.test('export: the list’s filters, CSV with a BOM, XLSX, Vietnamese intact', async (t) => {
    const tag = randomBytes(3).toString('hex');
    const team = (
      await admin.inject({ method: 'POST', url: '/api/departments', payload: { name: `Export ${tag}` } })
    ).json<{ id: string }>();
    const thao = await newEmployee({ departmentId: team.id, lastName: `Nguyễn Thị ${tag}` });
    for (const [firstName, lastName, email] of [
      ['Hà', 'Vũ', `ha.vu.${tag}@example.com`],
      ['Quân', 'Bùi', `quan.bui.${tag}@example.com`],
    ] as const) {
      const made = await hr.inject({
        method: 'POST',
        url: '/api/users',
        payload: { firstName, lastName, email, departmentId: team.id },
      });
      t.equal(made.statusCode, 201, made.body);
    }
    const auditBefore = (
      await db.selectFrom('audit_events').select('id').where('action', '=', 'employees.exported').execute()
    ).length;
    // Words in any order: only Thảo is a Nguyễn among this subtest's people.
    const csv = await hr.inject({
      method: 'GET',
      url: `/api/users/export?format=csv&search=${encodeURIComponent(`nguyen ${tag}`)}`,
    });
    t.equal(csv.statusCode, 200, csv.body.slice(0, 300));
    t.match(csv.headers['content-type'], /text\/csv/);
    t.match(csv.headers['content-disposition'], /attachment; filename="employees-\d{4}-\d{2}-\d{2}\.csv"/);
    t.same([...csv.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte-order mark');
    const lines = csv.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    t.equal(lines.length, 2, 'header and the one match');
    t.match(lines[0], /^Email,First name,Last name,Status/);
    t.match(
      lines[1],
      new RegExp(`^${thao.email.replaceAll('.', '\\.')},Thảo,Nguyễn Thị ${tag},Pending,Female,1995/04/30`),
    );
    t.match(lines[1], /"Cục Cảnh sát quản lý hành chính về trật tự xã hội"|Cục Cảnh sát/);

    const vi = await hr.inject({
      method: 'GET',
      url: `/api/users/export?format=csv&search=${tag}`,
      headers: { 'accept-language': 'vi' },
    });
    t.match(vi.rawPayload.toString('utf8'), /Email,Tên,Họ,Trạng thái/);

    const xlsx = await hr.inject({ method: 'GET', url: `/api/users/export?departmentId=${team.id}` });
    t.equal(xlsx.statusCode, 200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(String(row.getCell(1).value));
    });
    t.equal(rows.length, 3, 'the department’s three people');
    t.ok(rows.includes(thao.email));

    t.equal((await viewer.inject({ method: 'GET', url: '/api/users/export' })).statusCode, 403);
    const audit = await db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'employees.exported')
      .execute();
    t.equal(audit.length - auditBefore, 3, 'each export is in the audit trail');
  });
});
