import {
  readdirSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
  closeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { ARCHIVE_PATTERN } from '../../server/domains/backups/archive/create-archive.ts';
import {
  awkwardRows,
  databaseState,
  emptyDatabase,
  folderState,
  writeUploads,
} from '../helpers/backup-fixtures.ts';
import { jsonError, runCli } from '../helpers/cli.ts';
import { createUser } from '../helpers/factories.ts';
import { spawnEntry } from '../helpers/cli-process.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// `backoffice backup run|list|verify|restore`, spawned for real against test databases.
t.setTimeout(600_000);

const KEY = 'a'.repeat(64);
const source = await createTestDatabase();
const work = mkdtempSync(path.join(os.tmpdir(), 'bo-backup-cli-'));
t.teardown(async () => {
  await source.drop();
  rmSync(work, { recursive: true, force: true });
});
const sourceData = path.join(work, 'source-data');
await createUser(source.db, { firstName: 'Lan', lastName: 'Nguyễn', email: 'lan@example.com' });
await createUser(source.db, { email: 'binh@example.com' });
await awkwardRows(source.db);
writeUploads(sourceData, 7);
const archives = path.join(work, 'archives');
const env = { DATA_DIR: sourceData, BACKUP_ENCRYPTION_KEY: KEY };

const before = await databaseState(source.url);
const run = await runCli(source.url, ['backup', 'run', '--to', archives, '--json'], { env });
t.equal(run.code, 0, run.stderr);
const made = JSON.parse(run.stdout) as { name: string; location: string; files: number; encrypted: boolean };
const archive = made.location;

t.test('run: one encrypted archive, progress on stderr, nothing temporary left', async (t) => {
  t.match(made.name, ARCHIVE_PATTERN);
  t.equal(made.files, 7);
  t.equal(made.encrypted, true);
  t.match(run.stderr, /database: users: 2/);
  t.same(readdirSync(archives), [made.name], 'only the finished archive is in the folder');
  const list = await runCli(source.url, ['backup', 'list', '--to', archives, '--json'], { env });
  t.equal(list.code, 0, list.stderr);
  t.same(
    (JSON.parse(list.stdout) as Array<{ name: string }>).map((a) => a.name),
    [made.name],
  );
});

t.test(
  'round trip: restore into an empty database and data folder gives every row and file back',
  async (t) => {
    const target = await emptyDatabase();
    t.teardown(() => target.drop());
    const targetData = path.join(work, 'restored-data');
    const restored = await runCli(target.url, ['backup', 'restore', archive, '--json'], {
      env: { DATA_DIR: targetData, BACKUP_ENCRYPTION_KEY: KEY },
    });
    t.equal(restored.code, 0, restored.stderr);
    t.match(restored.stderr, /verified \d+ entries/);
    const after = await databaseState(target.url);
    t.same(after.migrations, before.migrations, 'same migrations');
    t.same(Object.keys(after.state), Object.keys(before.state), 'same tables');
    for (const table of Object.keys(before.state))
      t.same(after.state[table], before.state[table], `${table} identical`);
    t.same(
      folderState(path.join(targetData, 'files')),
      folderState(path.join(sourceData, 'files')),
      'every file identical',
    );
  },
);

t.test('verify restores into a throw-away database and compares', async (t) => {
  const verified = await runCli(source.url, ['backup', 'verify', archive, '--json'], { env });
  t.equal(verified.code, 0, verified.stderr);
  const body = JSON.parse(verified.stdout) as {
    matched: boolean;
    tables: Array<{ name: string; expected: number; actual: number }>;
  };
  t.equal(body.matched, true);
  t.ok(body.tables.find((table) => table.name === 'users' && table.actual === 2));
});

t.test('a target that holds data is refused without --force, and nothing changes', async (t) => {
  const refused = await runCli(source.url, ['backup', 'restore', archive, '--json'], { env });
  t.equal(refused.code, 1);
  t.equal(jsonError(refused).code, 'BACKUP_TARGET_NOT_EMPTY');
  t.same((await databaseState(source.url)).state.users, before.state.users);
});

t.test('a corrupt or truncated archive is refused before anything is touched', async (t) => {
  const target = await emptyDatabase();
  t.teardown(() => target.drop());
  const targetData = path.join(work, 'corrupt-target');
  const flipped = path.join(work, 'flipped.tar.gz.enc');
  rmSync(flipped, { force: true });
  const size = statSync(archive).size;
  const fd = openSync(flipped, 'w');
  const src = openSync(archive, 'r');
  const buffer = Buffer.alloc(size);
  readSync(src, buffer, 0, size, 0);
  closeSync(src);
  buffer[Math.floor(size / 2)]! ^= 0xff;
  writeSync(fd, buffer);
  closeSync(fd);
  const truncated = path.join(work, 'truncated.tar.gz.enc');
  const fd2 = openSync(truncated, 'w');
  writeSync(fd2, buffer.subarray(0, Math.floor(size * 0.6)));
  closeSync(fd2);
  for (const [file, reason] of [
    [flipped, /altered/],
    [truncated, /truncated/],
  ] as const) {
    const refused = await runCli(target.url, ['backup', 'restore', file, '--json'], {
      env: { DATA_DIR: targetData, BACKUP_ENCRYPTION_KEY: KEY },
    });
    t.equal(refused.code, 1, path.basename(file));
    const error = jsonError(refused);
    t.equal(error.code, 'BACKUP_ARCHIVE_INVALID');
    t.match(error.message, reason);
    t.same(
      Object.keys((await databaseState(target.url).catch(() => ({ state: {} }))).state),
      [],
      'target untouched',
    );
    t.same(folderState(targetData), {}, 'no file written');
  }
  const noKey = await runCli(target.url, ['backup', 'restore', archive, '--json'], {
    env: { DATA_DIR: targetData },
  });
  t.equal(jsonError(noKey).code, 'BACKUP_KEY_REQUIRED');
  const wrongKey = await runCli(target.url, ['backup', 'restore', archive, '--json'], {
    env: { DATA_DIR: targetData, BACKUP_ENCRYPTION_KEY: 'b'.repeat(64) },
  });
  t.equal(jsonError(wrongKey).code, 'BACKUP_KEY_MISMATCH');
});

t.test('kill -9 mid-backup leaves nothing that looks like an archive; the next run cleans up', async (t) => {
  const bigData = path.join(work, 'big-data');
  writeUploads(bigData, 40, 2 * 1024 * 1024); // 80 MB: long enough to be caught half-way
  const folder = path.join(work, 'killed');
  const spawned = spawnEntry('cli/main.ts', ['backup', 'run', '--to', folder], {
    DATABASE_URL: source.url,
    DATA_DIR: bigData,
  });
  // Killed once it has begun writing (the staging folder or the temporary archive exists).
  await t.resolves(
    (async () => {
      for (;;) {
        const entries = (() => {
          try {
            return readdirSync(folder);
          } catch {
            return [];
          }
        })();
        if (entries.some((entry) => entry.startsWith('.staging-') || entry.endsWith('.part'))) return;
        if (spawned.child.exitCode !== null)
          throw new Error(`finished before it could be killed: ${spawned.output().stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })(),
  );
  spawned.child.kill('SIGKILL');
  const finished = await spawned.finished;
  t.equal(finished.signal, 'SIGKILL');
  t.same(
    readdirSync(folder).filter((entry) => ARCHIVE_PATTERN.test(entry)),
    [],
    'no complete-looking archive',
  );
  const again = await runCli(source.url, ['backup', 'run', '--to', folder, '--json'], {
    env: { DATA_DIR: bigData },
  });
  t.equal(again.code, 0, again.stderr);
  const left = readdirSync(folder);
  t.equal(left.length, 1, `only the new archive: ${left.join(', ')}`);
  t.match(left[0], ARCHIVE_PATTERN);
});
