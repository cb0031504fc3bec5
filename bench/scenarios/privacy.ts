/**
 * A person's data export at scale (issue 21): one person with five years of history — two work logs
 * a working day, five invoices a month each with a 200 KB attachment, notifications, sessions and
 * audit events — among 300 other people with a year of work logs and their own audit trail.
 *
 * - `prepareDataExport(…).write()`: the whole ZIP (every JSON section read in keyset batches, every
 *   file streamed from the storage, deflated), written to a sink that drops the bytes;
 * - beside the very same statements on a bare pg pool (same batch size, each row turned to JSON) and
 *   the same files read from disk: what is left is the ZIP and the service.
 * Memory: the heap is sampled during both; a flat export grows by far less than the files it carries.
 */
import { createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { EXPORT_BATCH, prepareDataExport } from '../../server/domains/privacy/data-export.service.ts';
import { EXPORT_SECTIONS, exportFiles } from '../../server/domains/privacy/privacy.repository.ts';
import { compare, loopTest, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'privacy';
export const description =
  'one person’s data export (five years of history, 300 files) against the same reads on bare pg';

const OTHERS = 300;
const FILE_BYTES = 200 * 1024;

/** A sink that drops what it is given (the bytes' cost is the producer's). */
const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** Samples the heap while `work` runs; answers the highest growth above the start, in MB. */
async function heapGrowth<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  globalThis.gc?.();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { result, peakMb: Math.round(((peak - start) / 1024 / 1024) * 10) / 10 };
  } finally {
    clearInterval(timer);
  }
}

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const database = await env.createDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
  });
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  const direct = new pg.Pool({ connectionString: database.url, max: config.DATABASE_POOL_SIZE });
  const rows: BenchRow[] = [];
  try {
    env.log(`seeding one person with five years of history among ${OTHERS} others`);
    const person = await direct.query<{ id: string }>(
      `insert into users (email, first_name, last_name, status, user_type, phone_number, address, birthday)
       values ('lan.pham@bench.example', 'Lan', 'Phạm', 'ACTIVE', 'EMPLOYEE', '0901234567', '1 Lê Lợi', '1990-04-01')
       returning id`,
    );
    const id = person.rows[0]!.id;
    await direct.query(`
      insert into clients (name) values ('Bench client');
      insert into projects (client_id, name) select (select id from clients limit 1), 'Dự án ' || g from generate_series(1, 2) g;
      insert into users (email, first_name, last_name, status, user_type)
        select 'nv' || g || '@bench.example', 'Người', 'Số ' || g, 'ACTIVE', 'EMPLOYEE' from generate_series(1, ${OTHERS}) g;
      insert into work_logs (user_id, project_id, work_date, minutes, description)
        select u.id, p.id, d::date, 240, 'Làm việc'
        from users u cross join projects p
        cross join generate_series(date '2021-01-01', date '2025-12-31', interval '1 day') d
        where extract(isodow from d) < 6 and (u.id = '${id}' or (u.email like 'nv%' and d >= date '2025-01-01'));
      insert into invoices (user_id, name, invoice_date, amount, category, kind, status)
        select '${id}', 'Hóa đơn ' || g, date '2021-01-01' + (g * 6), 150000 + g, 'OFFICE_SUPPLIES', 'PERSONAL', 'PENDING'
        from generate_series(1, 300) g;
      insert into notifications (user_id, type, tab, data)
        select '${id}', 'ANNOUNCEMENT', 'PLATFORM', jsonb_build_object('actor', null, 'message', 'Thông báo ' || g)
        from generate_series(1, 5000) g;
      insert into sessions (user_id, token_hash, expires_at, created_at)
        select '${id}', md5(g::text), now() - interval '1 day', now() - (g || ' hours')::interval
        from generate_series(1, 1000) g;
      insert into audit_events (actor_id, actor_label, action, entity_type, entity_id, after)
        select case when g % 4 = 0 then '${id}'::uuid else u.id end, 'bench', 'work_log.created', 'work_log', g::text,
          jsonb_build_object('minutes', 240)
        from generate_series(1, 40000) g
        join lateral (select id from users where email = 'nv' || (g % ${OTHERS} + 1) || '@bench.example') u on true;
      analyze;`);
    const invoices = await direct.query<{ id: string }>('select id from invoices where user_id = $1', [id]);
    const file = Buffer.alloc(FILE_BYTES, 0x20);
    Buffer.from('%PDF-1.4\n').copy(file);
    mkdirSync(path.join(dataDir, 'files', 'invoices', 'bench'), { recursive: true });
    for (const invoice of invoices.rows) {
      const key = `invoices/bench/${invoice.id}.pdf`;
      writeFileSync(path.join(dataDir, 'files', ...key.split('/')), file);
      await direct.query(
        `insert into invoice_attachments (invoice_id, storage_key, file_name, content_type, size_bytes, sha256)
         values ($1, $2, 'hoa-don.pdf', 'application/pdf', $3, 'x')`,
        [invoice.id, key, FILE_BYTES],
      );
    }
    const counts = await direct.query(
      `select (select count(*) from work_logs where user_id = $1)::int as logs,
              (select count(*) from audit_events where actor_id = $1)::int as audits`,
      [id],
    );
    env.log(
      `${counts.rows[0].logs} work logs, ${counts.rows[0].audits} audit events, 5000 notifications, ` +
        `1000 sessions, ${invoices.rows.length} invoices with a ${FILE_BYTES / 1024} KB file each`,
    );

    const db = handle.db;
    const seconds = Math.max(4, env.durationSeconds);
    const baselineRead = async () => {
      for (const section of EXPORT_SECTIONS) {
        let after: string | null = null;
        for (;;) {
          const compiled: { sql: string; parameters: readonly unknown[] } = section
            .query(id, after, EXPORT_BATCH)
            .compile(db);
          const result: pg.QueryResult<{ id: string; row: unknown }> = await direct.query<{
            id: string;
            row: unknown;
          }>(compiled.sql, compiled.parameters as unknown[]);
          for (const row of result.rows) JSON.stringify(row.row);
          if (result.rows.length < EXPORT_BATCH) break;
          after = result.rows[result.rows.length - 1]!.id;
        }
      }
      for (const stored of await exportFiles(db, id))
        await pipeline(
          createReadStream(path.join(dataDir, 'files', ...stored.storage_key.split('/'))),
          sink(),
        );
    };
    const baseMemory = await heapGrowth(baselineRead);
    const baseline = await loopTest(
      env,
      'the same section reads on bare pg + the files read from disk',
      baselineRead,
      seconds,
    );
    const ctx = createContext({ db, config }, SYSTEM_ACTOR, { requestId: 'bench' });
    const exportOnce = async () => (await prepareDataExport(ctx, id)).write(sink());
    const appMemory = await heapGrowth(exportOnce);
    const app = await loopTest(
      env,
      'prepareDataExport → streamed ZIP of JSON and files (app)',
      exportOnce,
      seconds,
    );
    env.log(
      `heap growth during one run: bare reads ${baseMemory.peakMb} MB, export ${appMemory.peakMb} MB ` +
        `(the export carries ${((invoices.rows.length * FILE_BYTES) / 1024 / 1024).toFixed(0)} MB of files)`,
    );
    rows.push(baseline, compare(app, baseline));
    return rows;
  } finally {
    await direct.end();
    await handle.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
