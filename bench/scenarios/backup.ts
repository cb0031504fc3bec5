/**
 * Backups (issue 20): `backoffice backup run` and `restore` on a seeded database plus uploaded files,
 * beside `pg_dump --format=custom` + `tar -czf` run directly on the same data when a `pg_dump` of
 * the server's major version (or newer) is on PATH or in PG_BIN_DIR — the embedded server is 18 and
 * Debian 12's pg_dump is 15, which refuses it; then only `tar -czf` of the files is the baseline.
 *
 * Size: BENCH_BACKUP_PEOPLE (default 2,000; the issue's full size is 10,000) people, each with a
 * year of notifications (52 each) and BENCH_BACKUP_FILES_MB of uploaded files (default 100; full
 * size 1024) in 2 MB files. Peak memory: the resident set, sampled every 20 ms, above where it was.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../../server/config.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import {
  restoreBackupArchive,
  runBackupArchive,
} from '../../server/domains/backups/backup-archives.service.ts';
import { emptyDatabase } from '../../tests/helpers/backup-fixtures.ts';
import { compare, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'backup';
export const description = 'backup and restore (database + files) vs pg_dump + tar, with peak memory';

const PEOPLE = Number(process.env.BENCH_BACKUP_PEOPLE ?? 2000);
const FILES_MB = Number(process.env.BENCH_BACKUP_FILES_MB ?? 100);

/** Runs `work`, returning its seconds and the peak resident memory above the start, in MB. */
async function measured(work: () => Promise<unknown> | unknown) {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  return { seconds, peakMb: (Math.max(peak, process.memoryUsage().rss) - base) / 1048576 };
}

const row = (label: string, megabytes: number, seconds: number): BenchRow => ({
  case: label,
  perSecond: Number((megabytes / seconds).toFixed(2)),
  p50Ms: Math.round(seconds * 1000),
  p99Ms: Math.round(seconds * 1000),
  total: 1,
  failures: 0,
});

function compatiblePgDump(serverMajor: number): string | null {
  const candidates = [process.env.PG_BIN_DIR && path.join(process.env.PG_BIN_DIR, 'pg_dump'), 'pg_dump'];
  for (const candidate of candidates.filter(Boolean) as string[]) {
    const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    const major = Number(/(\d+)(?:\.\d+)?/.exec(probe.stdout ?? '')?.[1]);
    if (probe.status === 0 && major >= serverMajor) return candidate;
  }
  return null;
}

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-backup-'));
  const database = await env.createDatabase();
  const dataDir = path.join(work, 'data');
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const handle = connectDatabase(database.url, 4);
  const ctx = createContext({ db: handle.db, config }, SYSTEM_ACTOR, { requestId: 'bench' });
  try {
    env.log(`seeding ${PEOPLE} people, ${PEOPLE * 52} notifications, ${FILES_MB} MB of files`);
    await sql`insert into users (email, first_name, last_name, status, language, password_hash, password_changed_at)
      select 'person' || i || '@example.com', 'First ' || i, 'Last ' || i, 'ACTIVE', 'en', 'x', now()
      from generate_series(1, ${PEOPLE}) i`.execute(handle.db);
    await sql`insert into notifications (user_id, type, data, created_at)
      select u.id, 'ANNOUNCEMENT', jsonb_build_object('actor', null, 'message', 'Week ' || w || ' announcement'),
             now() - make_interval(weeks => w)
      from users u cross join generate_series(1, 52) w`.execute(handle.db);
    for (let i = 0; i < FILES_MB / 2; i++) {
      const folder = path.join(dataDir, 'files', 'users', `u${i % 50}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, `${randomBytes(8).toString('hex')}.pdf`), randomBytes(2 * 1048576));
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const size = await client.query<{ bytes: string; major: number }>(
      `select pg_database_size(current_database())::text as bytes, current_setting('server_version_num')::int / 10000 as major`,
    );
    await client.end();
    const totalMb = Number(size.rows[0]!.bytes) / 1048576 + FILES_MB;
    env.log(`data: ${totalMb.toFixed(0)} MB (database files + uploads)`);

    let location = '';
    const backup = await measured(async () => {
      location = (await runBackupArchive(ctx, { to: path.join(work, 'archives') })).location;
    });
    const archiveMb = statSync(location).size / 1048576;
    const rows: BenchRow[] = [];
    const tar = await measured(() =>
      execFileSync('tar', ['-czf', path.join(work, 'files.tgz'), '-C', dataDir, 'files']),
    );
    const tarRow = row('tar -czf of the files alone (baseline)', FILES_MB, tar.seconds);
    const pgDump = compatiblePgDump(size.rows[0]!.major);
    let baseline = tarRow;
    if (pgDump) {
      const direct = await measured(() => {
        execFileSync(pgDump, [
          '--format=custom',
          '--no-owner',
          '-f',
          path.join(work, 'db.dump'),
          database.url,
        ]);
        execFileSync('tar', [
          '-czf',
          path.join(work, 'all.tgz'),
          '-C',
          work,
          'db.dump',
          '-C',
          dataDir,
          'files',
        ]);
      });
      baseline = row('pg_dump -Fc + tar -czf (baseline)', totalMb, direct.seconds);
      rows.push(baseline);
    } else {
      env.log(
        `no pg_dump for PostgreSQL ${size.rows[0]!.major} on PATH or PG_BIN_DIR: tar alone is the baseline`,
      );
    }
    rows.push(tarRow);
    rows.push(
      compare(
        row(
          `backup run (archive ${archiveMb.toFixed(0)} MB, peak +${backup.peakMb.toFixed(0)} MB RSS)`,
          totalMb,
          backup.seconds,
        ),
        baseline,
      ),
    );

    const target = await emptyDatabase();
    const targetHandle = connectDatabase(target.url, 2);
    try {
      const targetConfig = loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATA_DIR: path.join(work, 'restored'),
      });
      const targetCtx = createContext({ db: targetHandle.db, config: targetConfig }, SYSTEM_ACTOR, {
        requestId: 'bench',
      });
      const restore = await measured(() => restoreBackupArchive(targetCtx, { file: location }));
      rows.push(
        compare(
          row(`backup restore (peak +${restore.peakMb.toFixed(0)} MB RSS)`, totalMb, restore.seconds),
          baseline,
        ),
      );
    } finally {
      await targetHandle.destroy();
      await target.drop();
    }
    return rows;
  } finally {
    await handle.destroy();
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
}
