import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import t from 'tap';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import type { Db } from '../../server/db/connect.ts';
import { createBackupConfiguration } from '../../server/domains/backups/backup-configurations.service.ts';
import { ARCHIVE_PATTERN } from '../../server/domains/backups/archive/create-archive.ts';
import { extractArchive } from '../../server/domains/backups/archive/read-archive.ts';
import { fileStorage } from '../../server/core/files/file-storage.ts';
import { parseKey } from '../../server/domains/connections/token-crypto.ts';
import type { BackupConfigurationBody } from '../../shared/backups.schemas.ts';
import { writeUploads } from '../helpers/backup-fixtures.ts';
import { testConfig } from '../helpers/build-app.ts';
import { startDriveTestServer } from '../helpers/drive-test-server.ts';
import { S3_TEST_CREDENTIALS, startS3Server } from '../helpers/s3-server.ts';
import { createUser } from '../helpers/factories.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The jobs of server/domains/backups/backups.jobs.ts against a real database and real destinations:
// a local folder, S3 (s3rver, started here) and Google Drive (a local server answering Drive v3).
t.setTimeout(600_000);

const work = mkdtempSync(path.join(os.tmpdir(), 'bo-backup-jobs-'));
t.teardown(() => rmSync(work, { recursive: true, force: true }));

async function setUp(
  t: { teardown(fn: () => unknown): void },
  name: string,
  overrides: Record<string, string> = {},
) {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  const dataDir = path.join(work, name);
  writeUploads(dataDir, 3);
  const config = testConfig({ DATA_DIR: dataDir, BACKUP_ENCRYPTION_KEY: 'c'.repeat(64), ...overrides });
  const ctx = createContext({ db: database.db, config }, SYSTEM_ACTOR, { requestId: 'setup' });
  const configure = (body: Partial<BackupConfigurationBody>) =>
    createBackupConfiguration(ctx, {
      name: 'Nightly',
      destination: 'LOCAL',
      url: path.join(dataDir, 'archives'),
      frequency: 'DAILY',
      retention: 2,
      ...body,
    } as BackupConfigurationBody);
  return { db: database.db, config, dataDir, configure };
}

const queue = (db: Db, configurationId: string) =>
  db
    .insertInto('backup_logs')
    .values({ configuration_id: configurationId, status: 'QUEUED', trigger: 'MANUAL' })
    .execute();
const logsOf = (db: Db, configurationId: string) =>
  db
    .selectFrom('backup_logs')
    .selectAll()
    .where('configuration_id', '=', configurationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

t.test(
  'backups.run-queued: runs what was queued, logs it, keeps the newest `retention` archives',
  async (t) => {
    const { db, config, configure } = await setUp(t, 'local');
    const configuration = await configure({});
    for (let i = 0; i < 3; i++) {
      await queue(db, configuration.id);
      t.same(await runJobHandler(db, config, 'backups.run-queued'), { ran: 1 });
    }
    const logs = await logsOf(db, configuration.id);
    t.same(
      logs.map((log) => log.status),
      ['SUCCEED', 'SUCCEED', 'SUCCEED'],
    );
    t.ok(
      logs.every(
        (log) => Number(log.size_bytes) > 0 && log.duration_ms !== null && log.archive_name?.endsWith('.enc'),
      ),
    );
    const folder = readdirSync(configuration.url).sort();
    t.same(
      folder,
      logs
        .slice(1)
        .map((log) => log.archive_name)
        .sort(),
      'the oldest archive was deleted by retention',
    );
    const audit = await auditOfJob(db, 'backups.run-queued');
    t.same(
      audit.map((event) => event.action),
      ['backup.succeeded', 'backup.succeeded', 'backup.succeeded'],
    );
    t.same((audit[2]!.after as { removed: string[] }).removed, [logs[0]!.archive_name]);
  },
);

t.test('two configurations sharing a folder each keep their own archives; other files stay', async (t) => {
  const { db, config, configure, dataDir } = await setUp(t, 'shared-folder');
  const folder = path.join(dataDir, 'archives');
  const nightly = await configure({ name: 'Nightly', retention: 1 });
  const weekly = await configure({ name: 'Weekly', frequency: 'WEEKLY', retention: 1 });
  await queue(db, weekly.id);
  t.same(await runJobHandler(db, config, 'backups.run-queued'), { ran: 1 });
  // Someone's own copy, named like an archive, dropped in the same folder.
  writeFileSync(path.join(folder, 'backoffice-20200101T000000000Z-abcdef.tar.gz'), 'a copy kept by hand');
  for (let i = 0; i < 2; i++) {
    await queue(db, nightly.id);
    t.same(await runJobHandler(db, config, 'backups.run-queued'), { ran: 1 });
  }
  const weeklyArchive = (await logsOf(db, weekly.id))[0]!.archive_name!;
  const nightlyNewest = (await logsOf(db, nightly.id))[1]!.archive_name!;
  t.same(
    readdirSync(folder).sort(),
    ['backoffice-20200101T000000000Z-abcdef.tar.gz', nightlyNewest, weeklyArchive].sort(),
    "the nightly retention removed only the nightly's older archive",
  );
});

t.test('a failed run is logged FAILED with its error and the backup managers are notified', async (t) => {
  const { db, config, configure, dataDir } = await setUp(t, 'failing');
  const admin = await createUser(db, { permissions: ['backups.manage'] });
  const bystander = await createUser(db, { permissions: ['platform-settings.manage'] });
  const blocker = path.join(dataDir, 'a-file');
  writeFileSync(blocker, 'not a folder');
  const configuration = await configure({ url: path.join(blocker, 'archives') });
  await queue(db, configuration.id);
  await runJobHandler(db, config, 'backups.run-queued');
  const [log] = await logsOf(db, configuration.id);
  t.equal(log!.status, 'FAILED');
  t.match(log!.error, /ENOTDIR|not a directory/);
  const notices = await db.selectFrom('notifications').select(['user_id', 'type', 'data']).execute();
  t.same(
    notices.map((n) => [n.user_id, n.type]),
    [[admin.id, 'BACKUP_FAILED']],
  );
  t.notOk(notices.some((n) => n.user_id === bystander.id));
  t.same(
    (await auditOfJob(db, 'backups.run-queued')).map((e) => e.action),
    ['backup.failed'],
  );
});

t.test('backups.schedule: queues and runs each active configuration once per period', async (t) => {
  const { db, config, configure } = await setUp(t, 'schedule');
  const active = await configure({ name: 'Active' });
  const inactive = await configure({ name: 'Off' });
  await db
    .updateTable('backup_configurations')
    .set({ active: false })
    .where('id', '=', inactive.id)
    .execute();
  await runJobHandler(db, config, 'backups.schedule');
  t.same(
    (await logsOf(db, active.id)).map((log) => [log.status, log.trigger]),
    [['SUCCEED', 'SCHEDULE']],
  );
  t.same(await logsOf(db, inactive.id), []);
  await runJobHandler(db, config, 'backups.schedule');
  t.equal((await logsOf(db, active.id)).length, 1, 'not again within the day');
  await db
    .updateTable('backup_logs')
    .set({ created_at: new Date(Date.now() - 25 * 3600_000) as never })
    .execute();
  await runJobHandler(db, config, 'backups.schedule');
  t.equal((await logsOf(db, active.id)).length, 2, 'again once the day has passed');
});

t.test(
  'backups.restore-drill: the newest archive restores into a throw-away database and matches',
  async (t) => {
    const { db, config, configure } = await setUp(t, 'drill');
    const configuration = await configure({});
    await queue(db, configuration.id);
    await runJobHandler(db, config, 'backups.run-queued');
    const result = (await runJobHandler(db, config, 'backups.restore-drill')) as {
      drills: Array<{ matched: boolean }>;
    };
    t.same(
      result.drills.map((d) => d.matched),
      [true],
    );
    const [log] = await logsOf(db, configuration.id);
    t.equal(log!.drill_matched, true);
    t.ok(log!.drilled_at);
    t.same(
      (await auditOfJob(db, 'backups.restore-drill')).map((e) => e.action),
      ['backup.drill_passed'],
    );
  },
);

t.test('S3: archives are uploaded to S3-compatible storage (s3rver) and rotated there', async (t) => {
  const { db, config, configure } = await setUp(t, 's3');
  const s3 = await startS3Server(['company-backups']);
  t.teardown(() => s3.close());
  const endpoint = s3.endpoint;
  const configuration = await configure({
    destination: 'S3',
    url: 's3://company-backups/backoffice',
    endpoint,
    credentials: S3_TEST_CREDENTIALS,
    retention: 1,
  });
  for (let i = 0; i < 2; i++) {
    await queue(db, configuration.id);
    await runJobHandler(db, config, 'backups.run-queued');
  }
  const logs = await logsOf(db, configuration.id);
  t.same(
    logs.map((log) => log.status),
    ['SUCCEED', 'SUCCEED'],
    logs.map((l) => l.error).join(),
  );
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: 'company-backups' }));
  t.same(
    listed.Contents?.map((o) => o.Key),
    [`backoffice/${logs[1]!.archive_name}`],
  );
  t.equal(listed.Contents?.[0]?.Size, Number(logs[1]!.size_bytes));
  t.same(readdirSync(path.join(config.dataDir, 'backups', '.outgoing')), [], 'no local copy is left');
});

t.test("FILE_STORAGE=s3: the archive holds the bucket's files, not DATA_DIR/files", async (t) => {
  const s3 = await startS3Server(['company-files']);
  t.teardown(() => s3.close());
  process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
  const { db, config, configure } = await setUp(t, 's3-files', {
    FILE_STORAGE: 's3',
    FILE_STORAGE_S3_BUCKET: 'company-files',
    FILE_STORAGE_S3_ENDPOINT: s3.endpoint,
    FILE_STORAGE_S3_FORCE_PATH_STYLE: 'true',
    FILE_STORAGE_S3_PREFIX: 'backoffice',
  });
  const storage = fileStorage(config);
  const stored = {
    'users/u1/nda.pdf': Buffer.from('%PDF-1.4 the bucket copy'),
    'invoices/2026-11/r.png': Buffer.from('a receipt'),
  };
  for (const [key, data] of Object.entries(stored)) await storage.put(key, data, 'application/pdf');
  const configuration = await configure({});
  await queue(db, configuration.id);
  t.same(await runJobHandler(db, config, 'backups.run-queued'), { ran: 1 });
  const [log] = await logsOf(db, configuration.id);
  t.equal(log!.status, 'SUCCEED', log!.error ?? '');
  const staging = path.join(work, 's3-files-staging');
  mkdirSync(staging);
  const manifest = await extractArchive(
    path.join(configuration.url, log!.archive_name!),
    staging,
    parseKey('c'.repeat(64)),
  );
  t.same(
    manifest.entries.filter((entry) => entry.path.startsWith('files/')).map((entry) => entry.path),
    ['files/invoices/2026-11/r.png', 'files/users/u1/nda.pdf'],
    "the bucket's files (verified by size and SHA-256 while unpacking), not the local uploads",
  );
  for (const [key, data] of Object.entries(stored))
    t.same(readFileSync(path.join(staging, 'files', ...key.split('/'))), data, key);
});

t.test('Google Drive: uploaded through the Drive API, shared in the Editor role, rotated', async (t) => {
  const { db, config, configure } = await setUp(t, 'drive');
  const drive = await startDriveTestServer();
  t.teardown(() => drive.close());
  const configuration = await configure({
    destination: 'GOOGLE_DRIVE',
    url: 'https://drive.google.com/drive/folders/1BackupFolderId0001',
    endpoint: drive.rootUrl,
    credentials: { clientId: 'client', clientSecret: 'secret', refreshToken: 'test-refresh-token' },
    shareEmails: ['lan@example.com', 'binh@example.com'],
    shareRole: 'EDITOR',
    retention: 1,
  });
  for (let i = 0; i < 2; i++) {
    await queue(db, configuration.id);
    await runJobHandler(db, config, 'backups.run-queued');
  }
  const logs = await logsOf(db, configuration.id);
  t.same(
    logs.map((log) => log.status),
    ['SUCCEED', 'SUCCEED'],
    logs.map((l) => l.error).join(),
  );
  const stored = [...drive.files.values()];
  t.same(
    stored.map((file) => [file.name, file.parents]),
    [[logs[1]!.archive_name, ['1BackupFolderId0001']]],
  );
  t.match(stored[0]!.name, ARCHIVE_PATTERN);
  t.equal(stored[0]!.content.length, Number(logs[1]!.size_bytes), 'the whole archive arrived');
  t.same(
    [...new Set(drive.permissions.map((p) => `${p.fileId} ${p.type} ${p.role} ${p.emailAddress}`))].sort(),
    ['1BackupFolderId0001 user writer binh@example.com', '1BackupFolderId0001 user writer lan@example.com'],
  );
  t.ok(drive.tokenRequests >= 1, 'the refresh token was exchanged at the configured endpoint');
});
