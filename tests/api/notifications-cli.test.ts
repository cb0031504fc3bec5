import { spawn } from 'node:child_process';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { userRoom, type ServerMessage } from '../../shared/realtime.schemas.ts';
import { createUser } from '../helpers/factories.ts';
import { startRealtimeServer, TestSocket } from '../helpers/realtime.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

// Each case spawns the real CLI, a few seconds each on a busy machine.
t.setTimeout(300_000);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `backoffice …args` in its own process against `database`. */
function cli(database: TestDatabase, args: string[], lang = 'en_US.UTF-8') {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    LANG: lang,
  };
  delete env.NODE_OPTIONS;
  delete env.LC_ALL;
  delete env.LC_MESSAGES;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

t.test('backoffice notify', async (t) => {
  const database = await createTestDatabase();
  const server = await startRealtimeServer(database);
  const sockets: TestSocket[] = [];
  t.teardown(async () => {
    for (const socket of sockets) socket.close();
    await server.app.close();
    await database.drop();
  });
  const alice = await server.signIn({ builtInRoles: ['user'] });
  const bob = await createUser(database.db);
  const socket = await TestSocket.connect(server.socketUrl(alice.accessToken));
  sockets.push(socket);
  await socket.join(userRoom(alice.user.id));

  t.test('to chosen people: delivered live from another process', async (t) => {
    const run = await cli(database, [
      'notify',
      '--to',
      `${alice.user.email},${bob.email}`,
      '--message',
      'Server maintenance tonight',
    ]);
    t.equal(run.code, 0, run.stderr);
    t.equal(run.stdout.trim(), 'Announcement sent to 2 people.');
    const pushed = await socket.next((m: ServerMessage) => m.event === 'activity-notification');
    t.match(pushed, {
      data: { type: 'ANNOUNCEMENT', data: { message: 'Server maintenance tonight', actor: null } },
    });
    const audit = await database.db
      .selectFrom('audit_events')
      .select(['actor_label', 'request_id'])
      .where('action', '=', 'notification.announced')
      .executeTakeFirstOrThrow();
    t.equal(audit.actor_label, `system (os:${userInfo().username})`);
    t.match(audit.request_id, /^cli:/);
  });

  t.test('to everyone, as JSON', async (t) => {
    const run = await cli(database, ['notify', '--all', '--message', 'Happy new year', '--json']);
    t.equal(run.code, 0, run.stderr);
    const body = JSON.parse(run.stdout);
    t.ok(body.recipientCount >= 2);
  });

  t.test('mistakes get a clear message and send nothing', async (t) => {
    const count = async () => (await database.db.selectFrom('notifications').select('id').execute()).length;
    const before = await count();

    const unknown = await cli(database, ['notify', '--to', 'nobody@example.com', '--message', 'Hi']);
    t.equal(unknown.code, 1);
    t.match(unknown.stderr, /emails\.0: nobody@example\.com is not an active user/);

    const none = await cli(database, ['notify', '--message', 'Hi']);
    t.equal(none.code, 1);
    t.match(none.stderr, /Choose who receives the announcement, or send it to everyone/);

    const both = await cli(database, ['notify', '--all', '--to', alice.user.email, '--message', 'Hi']);
    t.equal(both.code, 2, 'a usage error');

    const noMessage = await cli(database, ['notify', '--all']);
    t.equal(noMessage.code, 2);
    t.match(noMessage.stderr, /--message/);

    const blank = await cli(database, ['notify', '--all', '--message', '   '], 'vi_VN.UTF-8');
    t.equal(blank.code, 1);
    t.match(blank.stderr, /Trường này không được chỉ chứa khoảng trắng/);

    const notAllowed = await cli(database, ['notify', '--all', '--message', 'Hi', '--as', alice.user.email]);
    t.equal(notAllowed.code, 1, 'acting as someone without notifications.announce');
    t.match(notAllowed.stderr, /permission/);

    t.equal(await count(), before);
  });
});
