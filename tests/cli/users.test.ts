import ExcelJS from 'exceljs';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { buildApp } from '../../server/app.ts';
import { DEFAULT_PASSWORD, createRole, createUser } from '../helpers/factories.ts';
import { testConfig } from '../helpers/build-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

// Every case spawns the real CLI (a few seconds each on a busy machine).
t.setTimeout(300_000);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-users-cli-'));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(database: TestDatabase, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    LANG: 'en_US.UTF-8',
    ...env,
  };
  delete childEnv.NODE_OPTIONS;
  delete childEnv.LC_ALL;
  delete childEnv.LC_MESSAGES;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], {
      cwd: ROOT,
      env: childEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

const database = await createTestDatabase();
const app = await buildApp({ db: database.db, config: testConfig(), logger: false });
t.teardown(async () => {
  await app.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});
const db = database.db;

async function counts() {
  const n = async (table: 'users' | 'audit_events' | 'mail_outbox' | 'user_roles') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await n('users'),
    audit: await n('audit_events'),
    mails: await n('mail_outbox'),
    roles: await n('user_roles'),
  };
}

function file(name: string, content: string | Buffer): string {
  const target = path.join(dir, name);
  writeFileSync(target, content);
  return target;
}

const engineering = await db
  .insertInto('departments')
  .values({ name: 'Kỹ thuật', description: null, created_by: null })
  .returning('id')
  .executeTakeFirstOrThrow();
await createRole(db, { name: 'Developer', type: 'EMPLOYEE_ROLE' });
await createUser(db, { email: 'existing@example.com', firstName: 'Cũ', lastName: 'Người' });

t.test(
  'a file mixing good and bad rows: every problem with its row and column, nothing written',
  async (t) => {
    const csv = [
      'Email,First name,Last name,Department,Contract type,Onboard date,Offboard date',
      'anh.do@example.com,Ánh,Đỗ,Kỹ thuật,Full-time,2024/01/02,',
      'not-an-email,Bình,Lê,,,,',
      'no.first@example.com,,Lê,,,,',
      `long@example.com,${'a'.repeat(256)},Lê,,,,`,
      'spaces@example.com,   ,Lê,,,,',
      'marketing@example.com,Chi,Phạm,Marketing,,,',
      'dates@example.com,Dũng,Võ,,,2024-05-01,2024-04-01',
      'ANH.DO@example.com,Ánh,Đỗ,,,,',
      'existing@example.com,,,,Casual,,',
    ].join('\n');
    const before = await counts();
    const run = await cli(database, ['users', 'import', file('mixed.csv', csv)]);
    t.equal(run.code, 1, run.stderr);
    t.equal(run.stdout, '');
    const expected = [
      'Row 3, Email: Invalid email format',
      'Row 4, First name: This field is required',
      'Row 5, First name: This field must be less than or equal to 255 characters long',
      'Row 6, First name: This field cannot contain only spaces',
      'Row 7, Department: The selected department does not exist',
      'Row 8, Offboard date: End date must be after start date',
      'Row 2, Email: This value appears more than once in the file (rows 2, 9)',
      'Row 9, Email: This value appears more than once in the file (rows 2, 9)',
      'Row 10, Contract type: Choose one of: FULLTIME',
    ];
    for (const line of expected) t.match(run.stderr, line, line);
    t.match(run.stderr, '9 problems found; nothing was written.');
    t.same(await counts(), before, 'nothing was written');

    const json = await cli(database, ['--json', 'users', 'import', path.join(dir, 'mixed.csv')]);
    t.equal(json.code, 1);
    const body = JSON.parse(json.stderr);
    t.equal(body.code, 'VALIDATION_FAILED');
    t.match(
      body.details.find((d: { row: number }) => d.row === 3),
      { row: 3, column: 'Email', code: 'email', message: 'Invalid email format' },
    );
    t.same(
      body.details.map((d: { row: number }) => d.row),
      [2, 3, 4, 5, 6, 7, 8, 9, 10],
      'in the order of the file',
    );

    const vi = await cli(database, ['--lang', 'vi', 'users', 'import', path.join(dir, 'mixed.csv')]);
    t.match(vi.stderr, 'Dòng 3, Email: Định dạng email không hợp lệ');
  },
);

t.test('a good CSV: dry run, then upsert by email in one transaction, Vietnamese intact', async (t) => {
  const csv =
    '\uFEFFEmail,Tên,Họ,Phòng ban,Loại hợp đồng,Ngày vào làm,Vai trò nhân viên,Ngân hàng,Số tài khoản ngân hàng\n' +
    'thu.hoang@example.com,Thu,Hoàng Thị,kỹ thuật,Toàn thời gian,2024-02-01,developer,VCB,0011223344\n' +
    'existing@example.com,Cũ,Người Đã Có,,Thử việc,,,,\n' +
    'nga.trinh@example.com,Nga,Trịnh,,PART_TIME,01/03/2024,,Techcombank,\n';
  const target = file('good.csv', csv);
  const before = await counts();
  const dry = await cli(database, ['users', 'import', target, '--dry-run']);
  t.equal(dry.code, 0, dry.stderr);
  t.match(dry.stdout, '3 rows: 2 to create, 1 to update.');
  t.match(dry.stdout, 'Dry run: nothing was written.');
  t.same(await counts(), before, 'a dry run writes nothing');

  const run = await cli(database, ['users', 'import', target, '--send-invitations']);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, '3 rows: 2 created, 1 updated, 2 invitations queued.');
  t.match(run.stderr, /Writing 3\/3/, 'progress on stderr');
  const thu = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'thu.hoang@example.com')
    .executeTakeFirstOrThrow();
  t.equal(thu.last_name, 'Hoàng Thị');
  t.equal(thu.status, 'PENDING');
  t.equal(thu.department_id, engineering.id);
  t.equal(thu.contract_type, 'FULLTIME');
  t.equal(thu.onboard_date, '2024-02-01');
  t.equal(thu.bank_account_number, '0011223344');
  const nga = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'nga.trinh@example.com')
    .executeTakeFirstOrThrow();
  t.equal(nga.onboard_date, '2024-03-01', 'DD/MM/YYYY is understood');
  const existing = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'existing@example.com')
    .executeTakeFirstOrThrow();
  t.equal(existing.last_name, 'Người Đã Có');
  t.equal(existing.contract_type, 'PROBATION');
  t.equal(existing.status, 'ACTIVE', 'an update keeps the status');
  const role = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('r.name')
    .where('ur.user_id', '=', thu.id)
    .execute();
  t.same(
    role.map((r) => r.name).sort(),
    ['Developer', 'User'],
    'the employee role, and the default access role new people start with',
  );
  const mails = await db
    .selectFrom('mail_outbox')
    .select('to_email')
    .where('template', '=', 'invitation')
    .execute();
  t.same(mails.map((m) => m.to_email).sort(), ['nga.trinh@example.com', 'thu.hoang@example.com']);

  const again = await cli(database, ['--json', 'users', 'import', target]);
  t.equal(again.code, 0, again.stderr);
  t.match(
    JSON.parse(again.stdout),
    { total: 3, created: 0, updated: 0, unchanged: 3 },
    'importing twice changes nothing',
  );
});

t.test('XLSX: date cells, hyperlinked emails, rich text', async (t) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Nhân viên');
  sheet.addRow(['Email', 'First name', 'Last name', 'Onboard date', 'Birthday', 'Gender']);
  sheet.addRow([
    { text: 'khoa.ngo@example.com', hyperlink: 'mailto:khoa.ngo@example.com' },
    { richText: [{ text: 'Khoa' }] },
    'Ngô Đăng',
    new Date(Date.UTC(2024, 6, 15)),
    new Date(Date.UTC(1990, 0, 31)),
    'Nam',
  ]);
  const target = path.join(dir, 'people.xlsx');
  await workbook.xlsx.writeFile(target);
  const run = await cli(database, ['users', 'import', target]);
  t.equal(run.code, 0, run.stderr);
  const khoa = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'khoa.ngo@example.com')
    .executeTakeFirstOrThrow();
  t.equal(khoa.first_name, 'Khoa');
  t.equal(khoa.last_name, 'Ngô Đăng');
  t.equal(khoa.onboard_date, '2024-07-15');
  t.equal(khoa.birthday, '1990-01-31');
  t.equal(khoa.gender, 'MALE', 'the Vietnamese label is understood');
});

t.test('export: CSV with BOM and XLSX, with filters; an export imports back unchanged', async (t) => {
  const csvPath = path.join(dir, 'out.csv');
  const run = await cli(database, [
    'users',
    'export',
    '--format',
    'csv',
    '--department',
    'Kỹ thuật',
    '-o',
    csvPath,
  ]);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, `1 employees written to ${csvPath}.`);
  const csv = readFileSync(csvPath);
  t.same([...csv.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  t.match(csv.toString('utf8'), /thu\.hoang@example\.com,Thu,Hoàng Thị,Pending/);

  const xlsxPath = path.join(dir, 'out.xlsx');
  const all = await cli(database, ['users', 'export', '-o', xlsxPath, '--sort', 'email']);
  t.equal(all.code, 0, all.stderr);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsxPath);
  const emails: string[] = [];
  workbook.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) emails.push(String(row.getCell(1).value));
  });
  t.same(emails, [...emails].sort());
  t.ok(emails.includes('khoa.ngo@example.com'));

  const roundTrip = await cli(database, ['--json', 'users', 'import', xlsxPath]);
  t.equal(roundTrip.code, 0, roundTrip.stderr);
  const report = JSON.parse(roundTrip.stdout);
  t.equal(report.created, 0);
  t.equal(report.updated, 0, 'an exported file imports back without a change');

  const unknown = await cli(database, [
    'users',
    'export',
    '--department',
    'Nowhere',
    '-o',
    path.join(dir, 'x.csv'),
  ]);
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, 'The selected department does not exist');
  const badFormat = await cli(database, [
    'users',
    'export',
    '--format',
    'pdf',
    '-o',
    path.join(dir, 'x.pdf'),
  ]);
  t.equal(badFormat.code, 2);
});

t.test('invite and deactivate by email: all or nothing', async (t) => {
  const before = await counts();
  const unknown = await cli(database, ['users', 'invite', 'thu.hoang@example.com', 'ghost@example.com']);
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, 'Nobody has the email ghost@example.com');
  const active = await cli(database, ['users', 'invite', 'existing@example.com']);
  t.equal(active.code, 1);
  t.match(active.stderr, 'This person has already signed up');
  t.same(await counts(), before, 'nothing sent');

  const invite = await cli(database, ['users', 'invite', 'khoa.ngo@example.com']);
  t.equal(invite.code, 0, invite.stderr);
  t.match(invite.stdout, 'Invitation queued for khoa.ngo@example.com.');
  const mail = await db
    .selectFrom('mail_outbox')
    .select('to_email')
    .where('to_email', '=', 'khoa.ngo@example.com')
    .execute();
  t.equal(mail.length, 1);

  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: 'existing@example.com', password: DEFAULT_PASSWORD },
  });
  const token = signIn.json().accessToken;
  const off = await cli(database, ['users', 'deactivate', 'existing@example.com']);
  t.equal(off.code, 0, off.stderr);
  t.match(off.stdout, 'existing@example.com deactivated.');
  const me = await app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${token}` },
  });
  t.equal(me.statusCode, 401, 'signed out at once');
});
