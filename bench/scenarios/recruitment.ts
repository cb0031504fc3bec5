/**
 * Recruitment at scale (issue 21): 20,000 candidates, each with a resume of about 300 words (English
 * and Vietnamese, with accents), searched accent-insensitively through `GET /api/resumes` (the
 * all-resume page) beside the very same two statements (rows and count, `compileResumeSearch`) on a
 * bare pg pool.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { compileResumeSearch, COUNT_CAP } from '../../server/domains/recruitment/resume-search.repository.ts';
import { resumeTsQuery } from '../../server/domains/recruitment/recruitment-rules.ts';
import { createUser, DEFAULT_PASSWORD } from '../../tests/helpers/factories.ts';
import { compare, loopTest, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'recruitment';
export const description = 'accent-insensitive full-text search over 20,000 resumes';

const RESUMES = 20_000;
const WORDS = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hương',
  'Thảo',
  'Minh',
  'Đức',
  'kỹ',
  'sư',
  'phần',
  'mềm',
  'kinh',
  'nghiệm',
  'lập',
  'trình',
  'viên',
  'quản',
  'lý',
  'dự',
  'án',
  'năm',
  'Hà',
  'Nội',
  'Hồ',
  'Chí',
  'Đà',
  'Nẵng',
  'Cần',
  'Thơ',
  'đại',
  'học',
  'Bách',
  'Khoa',
  'công',
  'ty',
  'TypeScript',
  'JavaScript',
  'PostgreSQL',
  'React',
  'Node',
  'Java',
  'Spring',
  'Python',
  'Django',
  'Go',
  'Docker',
  'Kubernetes',
  'AWS',
  'Azure',
  'Linux',
  'Kafka',
  'Redis',
  'GraphQL',
  'REST',
  'CI',
  'testing',
  'engineer',
  'developer',
  'senior',
  'junior',
  'lead',
  'team',
  'product',
  'design',
  'agile',
  'scrum',
  'built',
  'designed',
  'improved',
  'performance',
  'migration',
  'architecture',
  'service',
  'platform',
  'years',
  'experience',
  'university',
  'degree',
  'bachelor',
  'master',
  'project',
  'customer',
  'bank',
  'payment',
  'ecommerce',
  'logistics',
  'mobile',
  'backend',
  'frontend',
  'fullstack',
  'data',
  'cloud',
];
const SEARCHES = ['da nang kubernetes', 'nguyễn postgresql', 'elixir phoenix', 'huong senior react'];

/** 20,000 candidates with a resume each (also used to look at the search's plans by hand). */
export async function seedResumes(direct: pg.Pool): Promise<void> {
  await direct.query(
    `insert into candidates (first_name, last_name, email, source)
       select ($1::text[])[1 + g % 10], ($1::text[])[11 + g % 4], 'ungvien' || g || '@bench.example', 'JOB_BOARD'
       from generate_series(1, ${RESUMES}) g`,
    [WORDS],
  );
  // Each resume draws its own words (the lateral subquery refers to the row, so it runs per row);
  // one in a hundred also mentions Elixir and Phoenix: a rare term next to common ones.
  await direct.query(
    `insert into candidate_resumes (candidate_id, storage_key, file_name, size_bytes, sha256, page_count, text)
       select c.id, 'resumes/bench/' || c.id || '.pdf', 'cv.pdf', 80000, 'bench', 2,
         c.last_name || ' ' || c.first_name || E'\\n' || t.body ||
           case when random() < 0.01 then ' Elixir Phoenix' else '' end
       from candidates c
       cross join lateral (
         select string_agg(($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int], ' ') as body
         from generate_series(1, 300) w where c.id is not null
       ) t`,
    [WORDS],
  );
  await direct.query('vacuum analyze candidates');
  await direct.query('vacuum analyze candidate_resumes');
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
    // The app's SSO provider signs with a key sealed by this one (the app refuses to start without).
    CONNECTIONS_KEY: 'be0c'.padEnd(64, '0'),
  });
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ db: handle.db, config, logger: false });
  const direct = new pg.Pool({ connectionString: database.url, max: config.DATABASE_POOL_SIZE });
  const db = handle.db;
  const rows: BenchRow[] = [];
  try {
    env.log(`seeding ${RESUMES} candidates with a resume of about 300 words each`);
    await seedResumes(direct);
    const count = await direct.query('select count(*)::int as n from candidate_resumes');
    env.log(`${count.rows[0].n} resumes`);

    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const recruiter = await createUser(db, { permissions: ['recruitment.view'] });
    const signIn = await fetch(`${appUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: recruiter.email, password: DEFAULT_PASSWORD }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const seconds = Math.max(3, Math.round(env.durationSeconds / 2));

    for (const search of SEARCHES) {
      const compiled = compileResumeSearch(db, resumeTsQuery(search), search, {
        currentPage: 1,
        perPage: 20,
        offset: 0,
        limit: 20,
      });
      const baseline = await loopTest(
        env,
        `resume search "${search}": the same two statements on bare pg`,
        () =>
          Promise.all([
            direct.query(compiled.rows.sql, compiled.rows.parameters as unknown[]),
            direct.query(compiled.count.sql, compiled.count.parameters as unknown[]),
          ]),
        seconds,
      );
      const found = await direct.query(compiled.count.sql, compiled.count.parameters as unknown[]);
      // The count stops one past the cap (README "Recruitment"): "1000+" means more match.
      const matches = found.rows[0].total > COUNT_CAP ? `${COUNT_CAP}+` : String(found.rows[0].total);
      env.log(`"${search}": ${matches} resumes match`);
      const url = `${appUrl}/api/resumes?search=${encodeURIComponent(search)}&perPage=20`;
      const appRow = await loopTest(
        env,
        `GET /api/resumes?search=${search} (app: ${matches} matches, snippets)`,
        async () => {
          const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
          if (!response.ok) throw new Error(String(response.status));
          await response.arrayBuffer();
        },
        seconds,
      );
      rows.push(baseline, compare(appRow, baseline));
    }
    return rows;
  } finally {
    await app.close();
    await direct.end();
    await handle.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
