import ExcelJS from 'exceljs';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { createRole, createUser } from '../helpers/factories.ts';
import { addMember, createClient, createProject } from '../helpers/project-factories.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

// Every case spawns the real CLI (a few seconds each on a busy machine).
t.setTimeout(300_000);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-projects-cli-'));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(database: TestDatabase, args: string[]): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    LANG: 'en_US.UTF-8',
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
t.teardown(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});
const db = database.db;

/** The rows an import may write: a rejected file must leave every one of them as it was. */
async function snapshot() {
  return {
    projects: await db.selectFrom('projects').selectAll().orderBy('id').execute(),
    members: await db.selectFrom('project_members').selectAll().orderBy('id').execute(),
    history: await db.selectFrom('project_stage_changes').selectAll().orderBy('id').execute(),
    grants: await db
      .selectFrom('user_roles')
      .select(['user_id', 'role_id', 'project_id'])
      .orderBy('id')
      .execute(),
  };
}

function file(name: string, content: string): string {
  const target = path.join(dir, name);
  writeFileSync(target, content);
  return target;
}

const acme = await createClient(db, { name: 'Acme' });
await createClient(db, { name: 'Old Partner', status: 'INACTIVE' });
const developer = await createRole(db, {
  name: 'Developer',
  type: 'PROJECT',
  permissions: ['projects.view'],
});
const lead = await createRole(db, {
  name: 'Tech lead',
  type: 'PROJECT',
  permissions: ['projects.view', 'projects.members.manage'],
});
await createRole(db, { name: 'Retired', type: 'PROJECT', status: 'INACTIVE' });
await createRole(db, { name: 'Auditor', type: 'ACCESS', permissions: ['audit.view'] });
const an = await createUser(db, { email: 'an@example.com', firstName: 'An', lastName: 'Nguyễn' });
const binh = await createUser(db, { email: 'binh@example.com', firstName: 'Bình', lastName: 'Trần' });
await createUser(db, { email: 'gone@example.com', status: 'INACTIVE' });
await createUser(db, { email: 'nobody@example.com' });
const portal = await createProject(db, acme.id, {
  name: 'Portal',
  stage: 'DEVELOPMENT',
  startDate: '2026-01-01',
});
await addMember(db, portal.id, an.id, developer.id);

t.test('a projects file with bad rows: every problem with its row and column, nothing written', async (t) => {
  const csv = [
    'Client,Project,Start date,End date,Stage',
    'Acme,Billing,2026/03/01,2026/02/01,Development',
    'Nowhere Inc,Shop,,,',
    'Acme,,,,',
    'Acme,Mobile,,,Launched',
    'Old Partner,Revival,,,',
    'Acme,billing,,,',
  ].join('\n');
  const before = await snapshot();
  const run = await cli(database, ['projects', 'import', file('projects-bad.csv', csv)]);
  t.equal(run.code, 1, run.stderr);
  t.equal(run.stdout, '');
  for (const line of [
    'CSV, row 2, End date: End date must be after start date',
    'CSV, row 3, Client: No client has this name',
    'CSV, row 4, Project: This field is required',
    'CSV, row 5, Stage: Choose one of: NEGOTIATION, POC, SIGNED_CONTRACT, DEVELOPMENT, GO_LIVE, CLOSED',
    'CSV, row 6, Client: The client is inactive: activate it before adding projects',
    'CSV, row 7, Project: This value appears more than once in the file (rows 2)',
  ])
    t.match(run.stderr, line, line);
  t.match(run.stderr, '6 problems found; nothing was written.');
  t.same(await snapshot(), before, 'nothing was written');

  const json = await cli(database, ['--json', 'projects', 'import', path.join(dir, 'projects-bad.csv')]);
  t.equal(json.code, 1);
  const body = JSON.parse(json.stderr);
  t.equal(body.code, 'VALIDATION_FAILED');
  t.match(body.details[0], { sheet: 'CSV', row: 2, column: 'End date', code: 'dateOrder' });
  t.same(
    body.details.map((d: { row: number }) => d.row),
    [2, 3, 4, 5, 6, 7],
  );
  const vi = await cli(database, ['--lang', 'vi', 'projects', 'import', path.join(dir, 'projects-bad.csv')]);
  t.match(vi.stderr, 'CSV, dòng 3, Client: Không có khách hàng nào mang tên này');
});

t.test('a members file with bad rows: the member rules of the API, nothing written', async (t) => {
  const csv = [
    'Client,Project,Email,Project role,Joined at,Exited at,Status',
    'Acme,Portal,ghost@example.com,Developer,,,',
    'Acme,Nowhere,binh@example.com,Developer,,,',
    'Acme,Portal,binh@example.com,Auditor,,,',
    'Acme,Portal,binh@example.com,Retired,,,',
    'Acme,Portal,gone@example.com,Developer,,,Active',
    'Acme,Portal,nobody@example.com,Developer,2026-05-01,2026-04-01,',
    'Acme,Portal,nobody@example.com,,2026-06-01,,',
  ].join('\n');
  const before = await snapshot();
  const run = await cli(database, ['projects', 'import', file('members-bad.csv', csv)]);
  t.equal(run.code, 1, run.stderr);
  for (const line of [
    'row 2, Email: Nobody has the email ghost@example.com',
    'row 3, Project: This client has no project with this name',
    'row 4, Project role: The selected project role does not exist',
    'row 5, Project role: The selected project role is not active',
    'row 6, Email: This person is deactivated and cannot be a project member',
    'row 7, Exited at: Exited at must be after joined at',
    'row 8, Project role: This field is required',
  ])
    t.match(run.stderr, line, line);
  t.same(await snapshot(), before, 'nothing was written');
});

t.test('a good workbook: dry run, then projects and members in one transaction', async (t) => {
  const workbook = new ExcelJS.Workbook();
  const projects = workbook.addWorksheet('Dự án');
  projects.addRow([
    'Khách hàng',
    'Dự án',
    'Mô tả',
    'Ngày bắt đầu',
    'Ngày kết thúc',
    'Giai đoạn',
    'Trạng thái',
  ]);
  projects.addRow([
    'acme',
    'Billing',
    'Hóa đơn',
    new Date(Date.UTC(2026, 2, 1)),
    '2026/12/31',
    'Đàm phán',
    '',
  ]);
  projects.addRow(['Acme', 'Portal', '', '', '', 'Go live', '']);
  const members = workbook.addWorksheet('Thành viên');
  members.addRow(['Khách hàng', 'Dự án', 'Email', 'Vai trò dự án', 'Ghi chú', 'Ngày tham gia', 'Trạng thái']);
  members.addRow(['Acme', 'Billing', 'binh@example.com', 'tech lead', 'Lead', '2026-03-01', '']);
  members.addRow(['Acme', 'Billing', 'an@example.com', 'Developer', '', '', 'Đang hoạt động']);
  members.addRow(['Acme', 'Portal', 'AN@example.com', 'Tech lead', 'Promoted', '', '']);
  const target = path.join(dir, 'good.xlsx');
  await workbook.xlsx.writeFile(target);

  const before = await snapshot();
  const dry = await cli(database, ['projects', 'import', target, '--dry-run']);
  t.equal(dry.code, 0, dry.stderr);
  t.match(dry.stdout, '5 rows: 1 projects to create, 1 to update; 2 members to add, 1 to update.');
  t.match(dry.stdout, 'Dry run: nothing was written.');
  t.same(await snapshot(), before, 'a dry run writes nothing');

  const run = await cli(database, ['projects', 'import', target]);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, '5 rows: 1 projects created, 1 updated; 2 members added, 1 updated.');
  const billing = await db
    .selectFrom('projects')
    .selectAll()
    .where('name', '=', 'Billing')
    .executeTakeFirstOrThrow();
  t.equal(billing.client_id, acme.id, 'the client is named in any case');
  t.equal(billing.description, 'Hóa đơn');
  t.equal(billing.start_date, '2026-03-01');
  t.equal(billing.end_date, '2026-12-31');
  t.equal(billing.stage, 'NEGOTIATION', 'the Vietnamese label is understood');
  const portalAfter = await db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', portal.id)
    .executeTakeFirstOrThrow();
  t.equal(portalAfter.stage, 'GO_LIVE');
  t.equal(portalAfter.start_date, '2026-01-01', 'an empty cell leaves the field as it is');
  const history = await db
    .selectFrom('project_stage_changes')
    .select(['from_stage', 'to_stage', 'changed_by_label'])
    .where('project_id', '=', portal.id)
    .orderBy('changed_at')
    .execute();
  // The CLI acts as the system, labelled with the operating-system account that ran it.
  t.match(history.at(-1), {
    from_stage: 'DEVELOPMENT',
    to_stage: 'GO_LIVE',
    changed_by_label: /^system \(os:.+\)$/,
  });
  const grants = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role_id', 'project_id'])
    .where('project_member_id', 'is not', null)
    .orderBy('project_id')
    .execute();
  t.same(
    grants
      .map(
        (g) =>
          `${g.project_id === portal.id ? 'Portal' : 'Billing'}:${g.user_id === an.id ? 'an' : 'binh'}:${g.role_id === lead.id ? 'lead' : 'dev'}`,
      )
      .sort(),
    ['Billing:an:dev', 'Billing:binh:lead', 'Portal:an:lead'],
    'the project roles apply as through the API',
  );
  const binhMember = await db
    .selectFrom('project_members')
    .selectAll()
    .where('user_id', '=', binh.id)
    .executeTakeFirstOrThrow();
  t.equal(binhMember.note, 'Lead');
  t.equal(binhMember.joined_at, '2026-03-01');
  const audit = await db
    .selectFrom('audit_events')
    .select(['action', 'request_id'])
    .where('action', 'in', [
      'project.created',
      'project.updated',
      'project-member.added',
      'project-member.updated',
      'projects.imported',
    ])
    .execute();
  t.equal(audit.length, 6);
  t.ok(
    audit.every((a) => a.request_id?.startsWith('cli:')),
    'one request id ties the run together',
  );
});

t.test('export: every project with members and stage history; the file imports back unchanged', async (t) => {
  const target = path.join(dir, 'projects.xlsx');
  const run = await cli(database, ['projects', 'export', '-o', target]);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, `2 projects written to ${target}.`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(target);
  t.same(
    workbook.worksheets.map((s) => s.name),
    ['Projects', 'Members', 'Stage history'],
  );
  const names: string[] = [];
  workbook.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) names.push(`${row.getCell(1).value}/${row.getCell(2).value}/${row.getCell(6).value}`);
  });
  t.same(names, ['Acme/Billing/Negotiation', 'Acme/Portal/Go live']);
  t.equal(workbook.worksheets[1]!.rowCount, 4, 'the header and three members');

  const before = await snapshot();
  const roundTrip = await cli(database, ['--json', 'projects', 'import', target]);
  t.equal(roundTrip.code, 0, roundTrip.stderr);
  const report = JSON.parse(roundTrip.stdout);
  t.same(report.projects, { created: 0, updated: 0, unchanged: 2 });
  t.same(report.members, { created: 0, updated: 0, unchanged: 3 });
  t.same(await snapshot(), before, 'an exported file imports back without a change');

  const filtered = await cli(database, [
    'projects',
    'export',
    '-o',
    target,
    '--stage',
    'GO_LIVE',
    '--client',
    'ACME',
  ]);
  t.equal(filtered.code, 0, filtered.stderr);
  t.match(filtered.stdout, '1 projects written');
  const unknown = await cli(database, ['projects', 'export', '-o', target, '--client', 'Nowhere']);
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, 'No client has this name');
  const badStage = await cli(database, ['projects', 'export', '-o', target, '--stage', 'LAUNCHED']);
  t.equal(badStage.code, 2, 'a usage error');
  const forbidden = await cli(database, ['--as', 'nobody@example.com', 'projects', 'import', target]);
  t.equal(forbidden.code, 1);
  t.match(forbidden.stderr, 'You do not have permission to do this.');
  const unreadable = await cli(database, ['projects', 'import', file('junk.csv', 'just one line\n')]);
  t.equal(unreadable.code, 1);
  t.match(unreadable.stderr, 'neither a projects sheet nor a members sheet');
});
