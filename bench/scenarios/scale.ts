/**
 * Scale-out (issue 23): files in an S3-compatible bucket.
 *
 * - Uploading a 10 MB file through the app's real upload route (`POST /api/invoices` with one
 *   attachment: authentication, the streamed multipart form, the type check, the S3 driver's
 *   multipart Upload, the rows, the audit) beside a direct SDK PutObject of the same bytes to the same
 *   server; and downloading it through the permission-checked route (streamed from the bucket)
 *   beside a direct SDK GetObject.
 * - The app server's peak resident set while the uploads run, round after round: it stays flat
 *   (each upload holds a few 5 MiB parts at most), it does not grow with the number of uploads.
 *
 * The bucket is s3rver (a local S3-compatible server) in a child process, the upload client another
 * child (bench/upload-client.ts): neither's memory is counted as the app's.
 * - Then authenticated API throughput through one server replica and through two on the same
 *   machine (bench/replica-throughput.ts): on a few cores, the per-replica overhead, not a speed-up.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { createUser, DEFAULT_PASSWORD } from '../../tests/helpers/factories.ts';
import { S3_TEST_CREDENTIALS } from '../../tests/helpers/s3-server.ts';
import { Upload } from '@aws-sdk/lib-storage';
import { compare, type BenchEnv, type BenchRow } from '../lib.ts';
import { runReplicaThroughput } from '../replica-throughput.ts';

export const name = 'scale';
export const description =
  '10 MB upload and download through the S3 driver beside the SDK alone, the server’s peak memory, and the API through one replica and two';

const BUCKET = 'bench-files';
const MEGABYTES = 10;
const ROUNDS = 3;
const PER_ROUND = 4;
const UPLOAD_CLIENT = fileURLToPath(new URL('../upload-client.ts', import.meta.url));
const S3_SERVER = fileURLToPath(new URL('../s3-server-process.ts', import.meta.url));

const mb = (bytes: number) => Number((bytes / 1048576).toFixed(1));

// Collections on demand: each round starts from what is alive, not from garbage awaiting collection.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/** Times of a series of calls as a row (calls per second, p50, p99). */
function timedRow(label: string, results: Array<{ ms: number; ok: boolean }>): BenchRow {
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0) / 1000;
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return {
    case: label,
    perSecond: Number((results.length / total).toFixed(2)),
    p50Ms: Number(at(0.5).toFixed(1)),
    p99Ms: Number(at(0.99).toFixed(1)),
    total: results.length,
    failures: results.filter((r) => !r.ok).length,
  };
}

async function times(count: number, call: () => Promise<boolean>) {
  const results: Array<{ ms: number; ok: boolean }> = [];
  for (let i = 0; i < count; i++) {
    const began = performance.now();
    const ok = await call().catch(() => false);
    results.push({ ms: performance.now() - began, ok });
  }
  return results;
}

/**
 * The resident set of this process (the app server) while `work` runs, sampled every 5 ms, after a
 * full collection: where it started and its peak.
 */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; startMb: number; peakMb: number }> {
  collect();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await work();
    return { result, startMb: mb(start), peakMb: mb(Math.max(peak, process.memoryUsage().rss)) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The peak of what is alive (JavaScript heap and Buffers) while `work` runs, above where it started:
 * a full collection every 20 ms. An upload through the S3 driver holds the parts being sent.
 */
async function peakLive(work: () => Promise<unknown>): Promise<number> {
  const live = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  collect();
  const start = live();
  let peak = start;
  const timer = setInterval(() => {
    collect();
    peak = Math.max(peak, live());
  }, 20);
  try {
    await work();
    return mb(peak - start);
  } finally {
    clearInterval(timer);
  }
}

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  const storage = await runStorageCases(env);
  // Then the API through one replica and through two (bench/replica-throughput.ts).
  return [...storage, ...(await runReplicaThroughput(env))];
}

async function runStorageCases(env: BenchEnv): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const s3Process = fork(S3_SERVER, [BUCKET], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [{ endpoint }] = (await once(s3Process, 'message')) as [{ endpoint: string }];
  // Credentials through the SDK's default chain, as in a deployment.
  process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
  const database = await env.createDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    FILE_STORAGE: 's3',
    FILE_STORAGE_S3_BUCKET: BUCKET,
    FILE_STORAGE_S3_ENDPOINT: endpoint,
    FILE_STORAGE_S3_FORCE_PATH_STYLE: 'true',
    FILE_STORAGE_S3_PREFIX: 'app',
  });
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ db: handle.db, config, logger: false });
  const uploader = fork(UPLOAD_CLIENT, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // The baseline: the SDK alone, with the same client settings as the driver.
  const sdk = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const rows: BenchRow[] = [];
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const person = await createUser(handle.db, { permissions: ['invoices.submit'] });
    const signIn = await fetch(`${appUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: DEFAULT_PASSWORD }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    const fields = {
      name: 'Scanned contract',
      date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      amount: '12.500.000',
      category: 'DEVICES',
      kind: 'PERSONAL',
    };
    const upload = async (count: number) => {
      const answer = once(uploader, 'message');
      uploader.send({
        url: `${appUrl}/api/invoices`,
        token: accessToken,
        files: 1,
        megabytes: MEGABYTES,
        count,
        fields,
      });
      const [message] = (await answer) as [{ results: Array<{ ms: number; status: number }> }];
      return message.results.map((r) => ({ ms: r.ms, ok: r.status === 201 }));
    };

    env.log(`app: a warm-up upload, then ${ROUNDS} rounds of ${PER_ROUND} uploads watched for RSS`);
    await upload(1);
    const uploads: Array<{ ms: number; ok: boolean }> = [];
    const rounds: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { result, startMb, peakMb } = await peakRss(() => upload(PER_ROUND));
      uploads.push(...result);
      rounds.push(`${startMb} → ${peakMb} MB (+${(peakMb - startMb).toFixed(1)})`);
    }
    env.log(`server RSS per round of ${PER_ROUND} uploads (start → peak): ${rounds.join('; ')}`);
    // A separate round (the collections slow the uploads down, so its times are not kept).
    const liveMb = await peakLive(() => upload(PER_ROUND));
    env.log(`peak live heap + Buffers during ${PER_ROUND} more uploads: +${liveMb} MB`);
    const appUpload = timedRow(
      `POST /api/invoices with one ${MEGABYTES} MB attachment → S3 driver (app; server RSS per round of ${PER_ROUND}, start → peak: ${rounds.join('; ')}; peak live heap + Buffers +${liveMb} MB)`,
      uploads,
    );

    const bytes = Buffer.alloc(MEGABYTES * 1024 * 1024, 0x20);
    bytes.write('%PDF-1.4\n', 0);
    let n = 0;
    env.log(`direct SDK: ${ROUNDS * PER_ROUND} PutObject and GetObject of ${MEGABYTES} MB`);
    await sdk.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'direct/warm-up', Body: bytes }));
    const directPut = timedRow(
      `direct SDK PutObject of ${MEGABYTES} MB to the same server (baseline)`,
      await times(ROUNDS * PER_ROUND, async () => {
        await sdk.send(new PutObjectCommand({ Bucket: BUCKET, Key: `direct/${++n}`, Body: bytes }));
        return true;
      }),
    );
    const directUpload = timedRow(
      `direct SDK multipart Upload (lib-storage, the driver's 5 MiB parts, 2 at once) of the same ${MEGABYTES} MB`,
      await times(ROUNDS * PER_ROUND, async () => {
        const body = Readable.from(
          (function* () {
            for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
          })(),
        );
        await new Upload({
          client: sdk,
          params: { Bucket: BUCKET, Key: `direct/upload-${++n}`, Body: body },
          partSize: 5 * 1024 * 1024,
          queueSize: 2,
        }).done();
        return true;
      }),
    );
    const directGet = timedRow(
      `direct SDK GetObject of ${MEGABYTES} MB, read to the end (baseline)`,
      await times(ROUNDS * PER_ROUND, async () => {
        const object = await sdk.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'direct/1' }));
        return (await object.Body!.transformToByteArray()).length === bytes.length;
      }),
    );

    const invoices = (await (
      await fetch(`${appUrl}/api/invoices/me?perPage=1`, { headers: auth })
    ).json()) as {
      items: Array<{ id: string }>;
    };
    const invoice = (await (
      await fetch(`${appUrl}/api/invoices/${invoices.items[0]!.id}`, { headers: auth })
    ).json()) as {
      id: string;
      attachments: Array<{ id: string; sizeBytes: number }>;
    };
    const attachment = invoice.attachments[0]!;
    const downloadUrl = `${appUrl}/api/invoices/${invoice.id}/attachments/${attachment.id}?download=true`;
    const appDownload = timedRow(
      `GET /api/invoices/:id/attachments/:id of ${MEGABYTES} MB (app: permission check, streamed from the bucket)`,
      await times(ROUNDS * PER_ROUND, async () => {
        const response = await fetch(downloadUrl, { headers: auth });
        return response.ok && (await response.arrayBuffer()).byteLength === attachment.sizeBytes;
      }),
    );
    rows.push(
      directPut,
      compare(directUpload, directPut),
      compare(appUpload, directPut),
      directGet,
      compare(appDownload, directGet),
    );
    return rows;
  } finally {
    uploader.kill();
    sdk.destroy();
    await app.close();
    await handle.destroy();
    await database.drop();
    s3Process.disconnect();
    await once(s3Process, 'exit');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
