import { spawn } from 'node:child_process';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { buildApp } from '../../server/app.ts';
import { insertMail } from '../../server/domains/mail/mail.repository.ts';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

// Every case spawns the real CLI (a few seconds each on a busy machine); the file needs more than the default.
t.setTimeout(300_000);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `backoffice …args` as a user would, against `database`, and collects what it printed. */
function cli(
  database: TestDatabase,
  args: string[],
  options: { input?: string; env?: Record<string, string> } = {},
): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    LANG: 'en_US.UTF-8',
    ...options.env,
  };
  // tap's own loaders and the caller's locale overrides must not leak into the child.
  delete env.NODE_OPTIONS;
  delete env.LC_ALL;
  delete env.LC_MESSAGES;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

const database = await createTestDatabase();
const app = await buildApp({ db: database.db, config: testConfig(), logger: false });
t.teardown(async () => {
  await app.close();
  await database.drop();
});
const db = database.db;

function signIn(email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
}

async function auditCount() {
  const row = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

t.test('usage errors exit 2 with a translated message', async (t) => {
  const unknownCommand = await cli(database, ['frobnicate']);
  t.equal(unknownCommand.code, 2);
  t.match(unknownCommand.stderr, "Unknown command 'frobnicate'.");
  t.match(unknownCommand.stderr, "Run 'backoffice --help'");
  t.equal(unknownCommand.stdout, '');

  const unknownOption = await cli(database, ['roles', 'list', '--bogus']);
  t.equal(unknownOption.code, 2);
  t.match(unknownOption.stderr, "Unknown option '--bogus'.");

  const missingEmail = await cli(database, ['user', 'create-admin', '--password-stdin']);
  t.equal(missingEmail.code, 2);
  t.match(missingEmail.stderr, "The option '--email <email>' is required.");

  const missingValue = await cli(database, ['mail', 'list', '--to']);
  t.equal(missingValue.code, 2);
  t.match(missingValue.stderr, "The option '--to <email>' needs a value.");

  const badLimit = await cli(database, ['mail', 'list', '--limit', '0']);
  t.equal(badLimit.code, 2);
  t.match(badLimit.stderr, "Invalid value '0' for '--limit <n>'. Enter a whole number from 1 to 500.");

  const badType = await cli(database, ['--json', 'roles', 'list', '--type', 'NOPE']);
  t.equal(badType.code, 2);
  t.same(JSON.parse(badType.stderr), {
    code: 'USAGE',
    message: "Invalid value 'NOPE' for '--type <type>'. Choose one of: EMPLOYEE_ROLE, PROJECT, ACCESS.",
  });

  const noCommand = await cli(database, []);
  t.equal(noCommand.code, 2, 'no command shows the help as an error');
  t.match(noCommand.stderr, 'Usage: backoffice');

  const vietnamese = await cli(database, ['roles', 'lst'], { env: { LANG: 'vi_VN.UTF-8' } });
  t.equal(vietnamese.code, 2);
  t.match(
    vietnamese.stderr,
    "Lệnh không xác định 'lst'. Có phải ý bạn là list?",
    'LANG=vi answers in Vietnamese',
  );
});

t.test('--help lists the commands and exits 0', async (t) => {
  const help = await cli(database, ['--help']);
  t.equal(help.code, 0);
  for (const command of ['migrate', 'user', 'roles', 'mail', '--json', '--as <email>', '--lang <lang>'])
    t.match(help.stdout, command);
  const vi = await cli(database, ['--lang', 'vi', 'user', 'create-admin', '--help']);
  t.equal(vi.code, 0);
  t.match(vi.stdout, 'Cách dùng: backoffice user create-admin');
  t.match(vi.stdout, 'Tùy chọn chung:');
});

t.test('create-admin --password-stdin creates an active administrator who can sign in', async (t) => {
  const before = await auditCount();
  const run = await cli(
    database,
    [
      'user',
      'create-admin',
      '--email',
      'ada@example.com',
      '--first-name',
      'Ada',
      '--last-name',
      'Lovelace',
      '--password-stdin',
      '--json',
    ],
    { input: 'Str0ng!pass\n' },
  );
  t.equal(run.code, 0, run.stderr);
  t.equal(run.stderr, '');
  const output = JSON.parse(run.stdout);
  t.match(output, {
    created: true,
    user: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', status: 'ACTIVE' },
  });
  t.notOk('password' in output, 'a password from stdin is never printed');

  const roles = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select('r.built_in_key')
    .where('u.email', '=', 'ada@example.com')
    .execute();
  t.same(
    roles.map((r) => r.built_in_key),
    ['admin'],
  );

  const audit = await db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', 'user.administrator_created')
    .where('entity_id', '=', output.user.id)
    .executeTakeFirstOrThrow();
  // The system acted, and the trail says who ran the command on this machine.
  t.equal(audit.actor_label, `system (os:${userInfo().username})`);
  t.equal(audit.actor_id, null);
  t.match(audit.request_id, /^cli:/);
  t.equal(await auditCount(), before + 1, 'one audit event, written with the change');

  const signedIn = await signIn('ada@example.com', 'Str0ng!pass');
  t.equal(signedIn.statusCode, 200, 'the trailing newline of stdin is not part of the password');
});

t.test('a weak password exits 1 with the field error and creates nothing', async (t) => {
  const before = await auditCount();
  const run = await cli(
    database,
    ['user', 'create-admin', '--email', 'weak@example.com', '--password-stdin'],
    {
      input: 'short',
    },
  );
  t.equal(run.code, 1);
  t.equal(run.stdout, '');
  t.match(run.stderr, 'Error: Some fields are not valid.');
  t.match(run.stderr, '  password: Password must be 8 to 40 characters');
  const user = await db.selectFrom('users').select('id').where('email', '=', 'weak@example.com').execute();
  t.same(user, []);
  t.equal(await auditCount(), before);

  const json = await cli(
    database,
    ['--json', 'user', 'create-admin', '--email', 'not-an-email', '--password-stdin'],
    { input: 'short' },
  );
  t.equal(json.code, 1);
  t.match(JSON.parse(json.stderr), {
    statusCode: 422,
    code: 'VALIDATION_FAILED',
    details: [
      { field: 'email', message: 'Invalid email format' },
      { field: 'password', code: 'password' },
    ],
  });
});

t.test('without --password-stdin a password is generated and printed once', async (t) => {
  const run = await cli(database, ['user', 'create-admin', '--email', 'grace@example.com']);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, 'Administrator created: grace@example.com');
  const password = /Password: (\S+) {3}\(shown once/.exec(run.stdout)?.[1];
  t.ok(password, 'the password is printed');
  t.equal((await signIn('grace@example.com', password!)).statusCode, 200);
});

t.test('an existing account is made administrator', async (t) => {
  const person = await createUser(db, { builtInRoles: ['user'] });
  const run = await cli(database, ['user', 'create-admin', '--email', person.email, '--password-stdin'], {
    input: 'An0ther!pass',
  });
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, `${person.email} is now an administrator with the new password.`);
  t.equal((await signIn(person.email, 'An0ther!pass')).statusCode, 200);
});

t.test('--as acts with that user: their permissions, their name in the audit trail', async (t) => {
  const admin = await createUser(db, { builtInRoles: ['admin'] });
  const viewer = await createUser(db, { builtInRoles: ['user'] });

  const byAdmin = await cli(
    database,
    [
      '--as',
      admin.email,
      'user',
      'create-admin',
      '--email',
      'linus@example.com',
      '--password-stdin',
      '--json',
    ],
    { input: 'Str0ng!pass' },
  );
  t.equal(byAdmin.code, 0, byAdmin.stderr);
  const audit = await db
    .selectFrom('audit_events')
    .selectAll()
    .where('entity_id', '=', JSON.parse(byAdmin.stdout).user.id)
    .executeTakeFirstOrThrow();
  t.equal(audit.actor_label, admin.email);
  t.equal(audit.actor_id, admin.id);

  const before = await auditCount();
  const forbiddenCreate = await cli(
    database,
    ['--as', viewer.email, 'user', 'create-admin', '--email', 'mallory@example.com', '--password-stdin'],
    { input: 'Str0ng!pass' },
  );
  t.equal(forbiddenCreate.code, 1);
  t.match(forbiddenCreate.stderr, 'You do not have permission to do this.');
  t.same(await db.selectFrom('users').select('id').where('email', '=', 'mallory@example.com').execute(), []);
  t.equal(await auditCount(), before);

  const forbiddenList = await cli(database, ['roles', 'list', '--as', viewer.email]);
  t.equal(forbiddenList.code, 1);
  t.equal(forbiddenList.stdout, '');
  t.equal(forbiddenList.stderr, 'Error: You do not have permission to do this.\n');

  const inVietnamese = await cli(database, ['--lang', 'vi', '--as', viewer.email, 'roles', 'list']);
  t.equal(inVietnamese.code, 1);
  t.equal(inVietnamese.stderr, 'Lỗi: Bạn không có quyền thực hiện thao tác này.\n');

  const asJson = await cli(database, ['--json', '--as', viewer.email, 'roles', 'list']);
  t.equal(asJson.code, 1);
  t.equal(asJson.stdout, '');
  t.match(JSON.parse(asJson.stderr), {
    statusCode: 403,
    code: 'FORBIDDEN',
    message: 'You do not have permission to do this.',
  });

  const unknown = await cli(database, ['--as', 'nobody@example.com', 'roles', 'list']);
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, 'There is no active user with the email nobody@example.com to act as.');
});

t.test('roles list shows the built-in roles', async (t) => {
  const json = await cli(database, ['roles', 'list', '--json']);
  t.equal(json.code, 0, json.stderr);
  const { items } = JSON.parse(json.stdout) as { items: Array<{ name: string; builtIn: boolean }> };
  const builtIn = items.filter((r) => r.builtIn).map((r) => r.name);
  t.same(builtIn.sort(), ['Admin', 'HR', 'User']);

  const table = await cli(database, ['roles', 'list', '--type', 'ACCESS']);
  t.equal(table.code, 0, table.stderr);
  const lines = table.stdout.trimEnd().split('\n');
  t.match(lines[0], /^Name\s+Type\s+Status\s+Permissions\s+Members\s+Built-in$/);
  t.ok(
    lines.some((line) => /^Admin\s+ACCESS\s+Active\s+\d+\s+\d+\s+yes$/.test(line)),
    'a row per role',
  );

  const none = await cli(database, ['roles', 'list', '--type', 'PROJECT']);
  t.equal(none.stdout, 'Nothing to show.\n');
});

t.test('mail list shows what the outbox kept', async (t) => {
  const mail = {
    subject: 'Welcome to Backoffice',
    text_body: 'Hello',
    html_body: null,
    template: 'invitation',
    language: 'en',
  };
  await insertMail(db, { ...mail, to_email: 'one@example.com' });
  await insertMail(db, { ...mail, to_email: 'two@example.com', subject: 'Reset your password' });

  const json = await cli(database, ['mail', 'list', '--to', 'one@example.com', '--limit', '5', '--json']);
  t.equal(json.code, 0, json.stderr);
  t.match(JSON.parse(json.stdout), {
    items: [{ to: 'one@example.com', subject: 'Welcome to Backoffice', status: 'QUEUED', text: 'Hello' }],
  });
  t.equal(JSON.parse(json.stdout).items.length, 1);

  const table = await cli(database, ['mail', 'list']);
  t.equal(table.code, 0, table.stderr);
  t.match(table.stdout, /^Created\s+To\s+Subject\s+Status\s+Attempts\n/);
  t.match(table.stdout, /two@example\.com\s+Reset your password\s+Queued\s+0/);
});

t.test('migrate --down reverts one migration, commands then refuse, migrate brings it back', async (t) => {
  const own = await createTestDatabase();
  t.teardown(() => own.drop());

  const upToDate = await cli(own, ['migrate', '--json']);
  t.equal(upToDate.code, 0, upToDate.stderr);
  t.same(JSON.parse(upToDate.stdout), { applied: [] });

  const down = await cli(own, ['migrate', '--down', '--json']);
  t.equal(down.code, 0, down.stderr);
  const { reverted } = JSON.parse(down.stdout) as { reverted: string[] };
  t.equal(reverted.length, 1);

  const refused = await cli(own, ['roles', 'list']);
  t.equal(refused.code, 1);
  t.match(refused.stderr, '(1 pending migration). Run `backoffice migrate` first.');

  const up = await cli(own, ['migrate']);
  t.equal(up.code, 0, up.stderr);
  t.match(up.stdout, `Applied migration ${reverted[0]}`);
  t.match(up.stdout, 'The database is up to date');

  const works = await cli(own, ['roles', 'list', '--json']);
  t.equal(works.code, 0, works.stderr);
});

t.test('a bad environment variable is a clear failure, not a stack trace', async (t) => {
  const run = await cli(database, ['roles', 'list'], { env: { DATABASE_URL: 'mysql://nowhere/db' } });
  t.equal(run.code, 1);
  t.equal(
    run.stderr,
    'Error: The configuration is not valid:\n  DATABASE_URL="mysql://nowhere/db" is not valid: expected a postgres:// URL\n',
  );
});
