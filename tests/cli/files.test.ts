import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import t from 'tap';
import { LocalDiskStorage, type FileStorage } from '../../server/core/files/file-storage.ts';
import { migrateFiles } from '../../server/core/files/migrate-files.ts';
import { jsonError, runCli } from '../helpers/cli.ts';
import { storedFiles } from '../helpers/invoice-factories.ts';
import { S3_TEST_CREDENTIALS, startS3Server } from '../helpers/s3-server.ts';

// `backoffice files migrate`, spawned for real, against a local S3-compatible server (s3rver).
t.setTimeout(300_000);

const s3 = await startS3Server(['company-files']);
const work = mkdtempSync(path.join(os.tmpdir(), 'bo-files-cli-'));
t.teardown(async () => {
  await s3.close();
  rmSync(work, { recursive: true, force: true });
});

const FILES: Record<string, Buffer> = {
  'users/u1/nda.pdf': Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000)]),
  'users/u2/contract.pdf': Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)]),
  'invoices/2026-10/a.png': randomBytes(500),
  // Larger than one 5 MiB part: copied as a multipart upload.
  'documents/d1/big.pdf': randomBytes(6 * 1024 * 1024),
};

const dataDir = path.join(work, 'data');
for (const [key, data] of Object.entries(FILES)) {
  mkdirSync(path.dirname(path.join(dataDir, 'files', key)), { recursive: true });
  writeFileSync(path.join(dataDir, 'files', key), data);
}
// A write in progress when the copy runs: not a file yet, not copied.
writeFileSync(
  path.join(dataDir, 'files', 'users/u1/x.pdf.0d5c2f4e-3c1b-4a6e-9f0e-1a2b3c4d5e6f.part'),
  'half',
);

const env = (extra: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  FILE_STORAGE_S3_BUCKET: 'company-files',
  FILE_STORAGE_S3_ENDPOINT: s3.endpoint,
  FILE_STORAGE_S3_FORCE_PATH_STYLE: 'true',
  FILE_STORAGE_S3_PREFIX: 'backoffice',
  AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  ...extra,
});
const files = (args: string[], extra: Record<string, string> = {}) =>
  runCli(process.env.TEST_PG_ADMIN_URL!, ['files', 'migrate', ...args], { env: env(extra) });

const bucket = async () =>
  Object.fromEntries(
    ((await s3.client.send(new ListObjectsV2Command({ Bucket: 'company-files' }))).Contents ?? []).map(
      (o) => [o.Key!, o.Size!],
    ),
  );
const objectBytes = async (key: string) => {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: 'company-files', Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
};

t.test('usage: --to is required and checked; a bucket must be named', async (t) => {
  t.equal((await files([])).code, 2);
  t.equal((await files(['--to', 'ftp'])).code, 2);
  const noBucket = await files(['--to', 's3', '--json'], { FILE_STORAGE_S3_BUCKET: '' });
  t.equal(noBucket.code, 2);
  t.match(jsonError(noBucket).message, /FILE_STORAGE_S3_BUCKET is not set/);
  const wrongWay = await files(['--to', 'local', '--delete-local']);
  t.equal(wrongWay.code, 2);
  t.match(wrongWay.stderr, /--delete-local goes with --to s3/);
  const vietnamese = await files(['--to', 's3', '--lang', 'vi'], { FILE_STORAGE_S3_BUCKET: '' });
  t.match(vietnamese.stderr, /Chưa đặt FILE_STORAGE_S3_BUCKET/);
  t.same(await bucket(), {}, 'nothing written');
});

t.test('--dry-run counts, writes nothing', async (t) => {
  const run = await files(['--to', 's3', '--dry-run']);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, /Would copy 4 files \(6\.0 MB\); 0 are already there\. Nothing was written\./);
  t.same(await bucket(), {});
});

t.test('--to s3 copies every file under the prefix; a second run skips them all', async (t) => {
  const run = await files(['--to', 's3', '--json']);
  t.equal(run.code, 0, run.stderr);
  t.match(JSON.parse(run.stdout), { copied: 4, skipped: 0, failed: 0, deleted: 0, dryRun: false });
  t.same(
    await bucket(),
    Object.fromEntries(Object.entries(FILES).map(([key, data]) => [`backoffice/${key}`, data.length])),
    'every file, same sizes, no part file',
  );
  t.ok((await objectBytes('backoffice/documents/d1/big.pdf')).equals(FILES['documents/d1/big.pdf']!));
  t.equal(storedFiles(dataDir).length, 5, 'the local files are kept');

  // As after an interruption: one object missing, one cut short.
  await s3.client.send(
    new DeleteObjectCommand({ Bucket: 'company-files', Key: 'backoffice/users/u1/nda.pdf' }),
  );
  await s3.client.send(
    new PutObjectCommand({
      Bucket: 'company-files',
      Key: 'backoffice/users/u2/contract.pdf',
      Body: FILES['users/u2/contract.pdf']!.subarray(0, 100),
    }),
  );
  const again = await files(['--to', 's3']);
  t.equal(again.code, 0, again.stderr);
  t.match(again.stdout, /Copied 2 files \(0\.0 MB\), skipped 2 already there, 0 failed\./);
  t.match(again.stderr, /copied users\/u1\/nda\.pdf/);
  t.ok((await objectBytes('backoffice/users/u1/nda.pdf')).equals(FILES['users/u1/nda.pdf']!));
  t.ok((await objectBytes('backoffice/users/u2/contract.pdf')).equals(FILES['users/u2/contract.pdf']!));
});

t.test('--delete-local deletes each local file once its copy is verified', async (t) => {
  const run = await files(['--to', 's3', '--delete-local', '--json']);
  t.equal(run.code, 0, run.stderr);
  t.match(JSON.parse(run.stdout), { copied: 0, skipped: 4, failed: 0, deleted: 4 });
  t.same(
    storedFiles(dataDir).map((file) => path.basename(file)),
    ['x.pdf.0d5c2f4e-3c1b-4a6e-9f0e-1a2b3c4d5e6f.part'],
    'only the write in progress is left',
  );
  t.equal(Object.keys(await bucket()).length, 4, 'the bucket keeps them');
});

t.test('--to local brings them back into an empty data folder', async (t) => {
  const elsewhere = path.join(work, 'restored');
  const run = await files(['--to', 'local', '--json'], { DATA_DIR: elsewhere });
  t.equal(run.code, 0, run.stderr);
  t.match(JSON.parse(run.stdout), { copied: 4, skipped: 0, failed: 0 });
  for (const [key, data] of Object.entries(FILES))
    t.ok(readFileSync(path.join(elsewhere, 'files', key)).equals(data), key);
});

t.test('a bucket that does not exist: the run fails with the reason', async (t) => {
  const run = await files(['--to', 's3', '--json'], { FILE_STORAGE_S3_BUCKET: 'no-such-bucket' });
  t.equal(run.code, 1);
  t.match(jsonError(run).message, /bucket/i);
});

t.test('migrateFiles: a file that fails is counted and reported; running again copies it', async (t) => {
  const from: FileStorage = new LocalDiskStorage(path.join(work, 'source'));
  const target: FileStorage = new LocalDiskStorage(path.join(work, 'target'));
  await from.put('users/a/1.pdf', Buffer.from('one'), 'application/pdf');
  await from.put('users/a/2.pdf', Buffer.from('two'), 'application/pdf');
  let refuse = true;
  const flaky: FileStorage = {
    put: (key, data, type) => target.put(key, data, type),
    putStream: (key: string, data: Readable, type: string) =>
      refuse && key.endsWith('2.pdf')
        ? Promise.reject(new Error('the bucket said no'))
        : target.putStream(key, data, type),
    get: (key) => target.get(key),
    delete: (key) => target.delete(key),
    exists: (key) => target.exists(key),
    list: (prefix) => target.list(prefix),
  };
  const first = await migrateFiles({ from, to: flaky, deleteSource: true });
  t.match(first, {
    copied: 1,
    failed: 1,
    deleted: 1,
    failures: [{ key: 'users/a/2.pdf', reason: 'the bucket said no' }],
  });
  t.ok(await from.exists('users/a/2.pdf'), 'a file not copied is never deleted');
  refuse = false;
  t.match(await migrateFiles({ from, to: flaky }), { copied: 1, skipped: 0, failed: 0 });
  t.equal((await buffer((await target.get('users/a/2.pdf'))!)).toString(), 'two');
});
