/**
 * Invoices at scale (issue 17).
 *
 * - The report over 200,000 invoices of one company across three years (300 people, 60 vendors):
 *   `GET /api/invoices/reports` by category, kind, vendor and person, by month, quarter and year,
 *   one call after another, beside the same aggregate written as one plain SQL query (a GROUP BY on
 *   bare pg), and beside the report's own statement (`compileInvoiceReport`) on bare pg.
 * - Uploading an invoice with three 10 MB attachments: the server's peak memory growth (heap and
 *   Buffers, and the resident set) while uploads run, beside a bare multipart route that streams the files to disk (the floor) and one
 *   that reads each file into memory first (what streaming avoids). The client runs in a child
 *   process, so its 30 MB bodies are not counted as the server's.
 */
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { compileInvoiceReport } from '../../server/domains/invoices/invoice-reports.repository.ts';
import type { InvoiceReportGroup } from '../../shared/invoices.schemas.ts';
import type { ReportPeriod } from '../../shared/reporting.schemas.ts';
import { createUser, DEFAULT_PASSWORD } from '../../tests/helpers/factories.ts';
import { compare, loopTest, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'invoices';
export const description =
  'invoice report over 200,000 invoices × three years, and uploads of three 10 MB attachments';

const INVOICES = 200_000;
const PEOPLE = 300;
const VENDORS = 60;
const FROM = '2023-01-01';
const TO = '2025-12-31';
const UPLOADS = 4;
const CLIENT = fileURLToPath(new URL('../upload-client.ts', import.meta.url));

/** The same aggregate as the report, written as one plain query: sums per group and period. */
const PLAIN_KEY: Record<InvoiceReportGroup, string> = {
  category: 'category',
  kind: 'kind',
  vendor: 'vendor_id',
  person: 'user_id',
};
const PLAIN_FORMAT: Record<ReportPeriod, string> = {
  day: 'YYYY-MM-DD',
  week: 'IYYY-"W"IW',
  month: 'YYYY-MM',
  quarter: 'YYYY-"Q"Q',
  year: 'YYYY',
};
const plainSql = (groupBy: InvoiceReportGroup, period: ReportPeriod) =>
  `select ${PLAIN_KEY[groupBy]} as key, to_char(invoice_date, '${PLAIN_FORMAT[period]}') as period,
     sum(amount)::text as total, count(*)::int as n
   from invoices where invoice_date between $1 and $2 and status <> 'REJECTED' group by 1, 2`;

// Collections on demand: memory is measured as what is alive, not as garbage awaiting collection.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;
const mb = (bytes: number) => Number((bytes / 1048576).toFixed(1));
const live = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

/**
 * The peak of what the server keeps alive while `work` runs: every 20 ms a full collection, then the
 * JavaScript heap and the Buffers. A buffered 10 MB file is alive until it is written; a streamed
 * file is a few chunks at a time. Collections slow the uploads down: the times come from a run
 * without them (`peakRss`).
 */
async function peakLive<T>(work: () => Promise<T>): Promise<number> {
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

/** Peak resident-set growth while `work` runs (the allocator keeps freed pages: it only shows growth). */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; rssMb: number }> {
  collect();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await work();
    return { result, rssMb: mb(Math.max(peak, process.memoryUsage().rss) - start) };
  } finally {
    clearInterval(timer);
  }
}

/** Uploads `UPLOADS` times, once timed and watched for RSS, once watched for live memory. */
async function measureUploads(run: () => Promise<Array<{ ms: number; status: number }>>) {
  await run(); // warm-up
  const timed = await peakRss(run);
  const liveMb = await peakLive(run);
  return { results: timed.result, rssMb: timed.rssMb, liveMb };
}

type Client = ReturnType<typeof fork>;

/** Asks the child client for `count` uploads of three 10 MB files to `url`. */
async function uploads(
  client: Client,
  url: string,
  token: string | null,
  count: number,
  fields: Record<string, string> = {},
): Promise<Array<{ ms: number; status: number }>> {
  const answer = once(client, 'message');
  client.send({ url, token, files: 3, megabytes: 10, count, fields });
  const [message] = (await answer) as [{ results: Array<{ ms: number; status: number }> }];
  return message.results;
}

function uploadRow(
  label: string,
  memory: { results: Array<{ ms: number; status: number }>; liveMb: number; rssMb: number },
): BenchRow {
  const { results } = memory;
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0) / 1000;
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return {
    case: `${label} (peak live heap+buffers +${memory.liveMb} MB, RSS +${memory.rssMb} MB)`,
    perSecond: Number((results.length / total).toFixed(2)),
    p50Ms: Number(at(0.5).toFixed(1)),
    p99Ms: Number(at(0.99).toFixed(1)),
    total: results.length,
    failures: results.filter((r) => r.status >= 300).length,
  };
}

/** Bare multipart routes on their own port: one streams each file to disk, one buffers it first. */
async function bareServer(dir: string) {
  const bare = Fastify({ logger: false, bodyLimit: 1048576 });
  await bare.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 100 } });
  let n = 0;
  bare.post('/streamed', async (request) => {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const target = path.join(dir, `s-${++n}`);
      await pipeline(part.file, createWriteStream(target));
      await rm(target);
    }
    return { ok: true };
  });
  bare.post('/buffered', async (request) => {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const target = path.join(dir, `b-${++n}`);
      await writeFile(target, await part.toBuffer());
      await rm(target);
    }
    return { ok: true };
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  return { bare, url: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}` };
}

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const database = await env.createDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ db: handle.db, config, logger: false });
  const direct = new pg.Pool({
    connectionString: database.url,
    max: config.DATABASE_POOL_SIZE,
    options: '-c work_mem=64MB',
  });
  const db = handle.db;
  const client = fork(CLIENT, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { bare, url: bareUrl } = await bareServer(dataDir);
  const rows: BenchRow[] = [];
  try {
    env.log(`seeding ${PEOPLE} people, ${VENDORS} vendors and ${INVOICES} invoices from ${FROM} to ${TO}`);
    await direct.query(`
      insert into users (email, first_name, last_name, status, user_type)
        select 'nv' || g || '@bench.example', 'Người', 'Số ' || g, 'ACTIVE', 'EMPLOYEE' from generate_series(1, ${PEOPLE}) g;
      insert into vendors (name, tax_code)
        select 'Nhà cung cấp ' || g, lpad((100000000 + g)::text, 10, '0') from generate_series(1, ${VENDORS}) g;
      create temporary table bench_people as select id, row_number() over (order by id) - 1 as n from users where email like 'nv%';
      create temporary table bench_vendors as select id, row_number() over (order by id) - 1 as n from vendors;
      insert into invoices (user_id, name, invoice_date, amount, category, kind, vendor_id, status, payment_date, rejection_reason)
        select p.id, 'Hóa đơn ' || g, d,
          50000 + (g * 7919 % 5000) * 10000,
          (array['OFFICE_SUPPLIES','TEAM_BUILDING','SOFTWARE_TOOL','TRAVEL_EXPENSE','DEVICES','OTHER'])[1 + g % 6],
          case when g % 3 = 0 then 'PERSONAL' else 'COMPANY' end,
          case when g % 3 = 0 then null else v.id end,
          case when g % 10 = 0 then 'PENDING' when g % 17 = 0 then 'REJECTED' else 'PAID' end,
          case when g % 10 <> 0 and g % 17 <> 0 then d end,
          case when g % 10 <> 0 and g % 17 = 0 then 'Duplicate' end
        from generate_series(1, ${INVOICES}) g
        cross join lateral (select date '${FROM}' + (g % (date '${TO}' - date '${FROM}' + 1)) as d) day
        join bench_people p on p.n = g % ${PEOPLE}
        join bench_vendors v on v.n = g % ${VENDORS};`);
    await direct.query('vacuum analyze invoices');
    await direct.query('analyze users; analyze vendors');
    const count = await direct.query('select count(*)::int as n from invoices');
    env.log(`${count.rows[0].n} invoices`);

    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const reporter = await createUser(db, { permissions: ['invoices.report', 'invoices.submit'] });
    const signIn = await fetch(`${appUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: reporter.email, password: DEFAULT_PASSWORD }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const seconds = Math.max(3, Math.round(env.durationSeconds / 2));

    const cases: Array<{ groupBy: InvoiceReportGroup; period: ReportPeriod }> = [
      { groupBy: 'category', period: 'month' },
      { groupBy: 'category', period: 'quarter' },
      { groupBy: 'category', period: 'year' },
      { groupBy: 'kind', period: 'month' },
      { groupBy: 'vendor', period: 'month' },
      { groupBy: 'person', period: 'month' },
      { groupBy: 'person', period: 'year' },
    ];
    for (const { groupBy, period } of cases) {
      const plain = plainSql(groupBy, period);
      const baseline = await loopTest(
        env,
        `the aggregate by ${groupBy} and ${period} as one plain SQL query on bare pg`,
        () => direct.query(plain, [FROM, TO]),
        seconds,
      );
      const compiled = compileInvoiceReport(
        db,
        { groupBy, period, from: FROM, to: TO, status: null },
        { offset: 0, limit: 50 },
      );
      const statement = await loopTest(
        env,
        `the report's statement (compileInvoiceReport) by ${groupBy} and ${period} on bare pg`,
        () => direct.query(compiled.sql, compiled.parameters as unknown[]),
        seconds,
      );
      const url = `${appUrl}/api/invoices/reports?groupBy=${groupBy}&period=${period}&from=${FROM}&to=${TO}`;
      const appRow = await loopTest(
        env,
        `GET /api/invoices/reports?groupBy=${groupBy}&period=${period} (app)`,
        async () => {
          const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
          if (!response.ok) throw new Error(String(response.status));
          await response.arrayBuffer();
        },
        seconds,
      );
      rows.push(baseline, compare(statement, baseline), compare(appRow, baseline));
    }

    env.log(
      `uploads of three 10 MB attachments: ${UPLOADS} timed and ${UPLOADS} watched for live memory, after warm-ups`,
    );
    const fields = {
      name: 'Scanned invoices',
      date: '2025-06-30',
      amount: '12.500.000',
      category: 'DEVICES',
      kind: 'PERSONAL',
    };
    const appUpload = `${appUrl}/api/invoices`;
    const streamedRow = uploadRow(
      'bare route streaming 3 × 10 MB to disk',
      await measureUploads(() => uploads(client, `${bareUrl}/streamed`, null, UPLOADS)),
    );
    const appRow = uploadRow(
      'POST /api/invoices with 3 × 10 MB attachments (app: checks, storage, rows, audit)',
      await measureUploads(() => uploads(client, appUpload, accessToken, UPLOADS, fields)),
    );
    const bufferedRow = uploadRow(
      'bare route reading each 10 MB file into memory first',
      await measureUploads(() => uploads(client, `${bareUrl}/buffered`, null, UPLOADS)),
    );
    const stored = await direct.query('select count(*)::int as n from invoice_attachments');
    env.log(`${stored.rows[0].n} attachments stored`);
    rows.push(streamedRow, compare(appRow, streamedRow), compare(bufferedRow, streamedRow));
    return rows;
  } finally {
    client.kill();
    await bare.close();
    await app.close();
    await direct.end();
    await handle.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
