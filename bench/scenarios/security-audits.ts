/**
 * Security audits and the password-expiry roster at scale (issue 19, part B): 20,000 people (2,000
 * deactivated still holding a role, 3,000 dormant holding HR, none with two-factor), 2,000 access
 * requests of which 500 are stale.
 *
 * - `runAuditNow` for each check — the query, the run, its findings (the first 1,000), the audit
 *   event and the administrators' notification — beside the check's bare query on a pg pool.
 * - `listPasswordExpiries`, the first page (20) of SECURITY's "who expires when", soonest first,
 *   beside the same page by hand on bare pg.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { listPasswordExpiries } from '../../server/domains/accounts/password-expiry-roster.service.ts';
import { runAuditNow } from '../../server/domains/security-audits/audit-runs.service.ts';
import { compare, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'security-audits';
export const description =
  'each security audit check run now over 20,000 people (run, findings, notification) and the expiry roster page';

const PEOPLE = 20_000;

async function timed(
  env: BenchEnv,
  label: string,
  rounds: number,
  work: () => Promise<{ failures: number }>,
): Promise<BenchRow> {
  env.log(`${label}: ${rounds} rounds`);
  const samples: number[] = [];
  let failures = 0;
  for (let round = 0; round < rounds; round++) {
    const begin = performance.now();
    failures += (await work()).failures;
    samples.push(performance.now() - begin);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  const total = samples.reduce((sum, ms) => sum + ms, 0);
  return {
    case: label,
    perSecond: Number((rounds / (total / 1000)).toFixed(2)),
    p50Ms: Number(at(0.5).toFixed(1)),
    p99Ms: Number(at(0.99).toFixed(1)),
    total: rounds,
    failures,
  };
}

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  const database = await env.createDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
  });
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  const direct = new pg.Pool({ connectionString: database.url, max: config.DATABASE_POOL_SIZE });
  const ctx = createContext({ db: handle.db, config }, SYSTEM_ACTOR, { requestId: 'bench:audits' });
  const rows: BenchRow[] = [];
  try {
    env.log(`seeding ${PEOPLE} people, their roles and 2,000 access requests`);
    await direct.query(`
      insert into users (email, first_name, last_name, status, user_type, password_hash, password_changed_at,
          last_sign_in_at, created_at)
        select 'nv' || g || '@bench.example', 'Người', 'Số ' || g,
          case when g % 10 = 0 then 'INACTIVE' else 'ACTIVE' end, 'EMPLOYEE', 'x',
          now() - make_interval(days => g % 120), now() - make_interval(days => case when g % 7 = 0 then 200 else 1 end),
          now() - interval '400 days'
        from generate_series(1, ${PEOPLE}) g;
      insert into user_roles (user_id, role_id)
        select u.id, r.id from users u, roles r
        where u.email like 'nv%@bench.example' and r.built_in_key = 'hr'
          and (u.status = 'INACTIVE' or u.last_sign_in_at < now() - interval '100 days');
      insert into access_requests (requester_id, path, created_at)
        select id, '/asset-management', now() - make_interval(days => case when n % 4 = 0 then 10 else 1 end)
        from (select id, row_number() over (order by id) as n from users where email like 'nv%@bench.example' limit 2000) u;
      analyze users; analyze user_roles; analyze access_requests;`);
    const rounds = Math.max(3, Math.min(10, Math.round(env.durationSeconds / 2)));

    const checks: Array<[string, string, number]> = [
      [
        'STALE_ACCESS_REQUESTS',
        `select ar.id, ar.path, ar.created_at, u.id, u.email from access_requests ar join users u on u.id = ar.requester_id
         where ar.status = 'PENDING' and ar.created_at < now() - interval '7 days' order by ar.created_at, ar.id limit 1000`,
        500,
      ],
      [
        'USERS_WITHOUT_TWO_FACTOR',
        `select u.id, u.email, u.last_sign_in_at from users u left join user_two_factor tf on tf.user_id = u.id
         where u.deleted_at is null and u.status = 'ACTIVE' and u.password_hash is not null
           and (tf.enabled_at is null or tf.secret is null) order by u.email, u.id limit 1000`,
        1000,
      ],
      [
        'INACTIVE_ACCOUNTS_WITH_ROLES',
        `select u.id, u.email, u.status, u.last_sign_in_at, array_agg(distinct r.name order by r.name)
         from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
         where u.deleted_at is null and r.deleted_at is null and (u.status = 'INACTIVE' or (u.status = 'ACTIVE'
           and coalesce(r.built_in_key, '') != 'user' and (u.last_sign_in_at < now() - interval '90 days'
           or (u.last_sign_in_at is null and u.created_at < now() - interval '90 days'))))
         group by u.id, u.email, u.status, u.last_sign_in_at order by u.email, u.id limit 1000`,
        1000,
      ],
    ];
    for (const [check, sql, expected] of checks) {
      const baseline = await timed(env, `${check}: the bare query on pg`, rounds, async () => {
        const result = await direct.query(sql);
        return { failures: result.rowCount === expected ? 0 : 1 };
      });
      const service = await timed(
        env,
        `runAuditNow ${check} (run, findings, notification)`,
        rounds,
        async () => {
          const result = await runAuditNow(ctx, check);
          return { failures: result.result === 'SUCCEED' && result.findingCount === expected ? 0 : 1 };
        },
      );
      rows.push(baseline, compare(service, baseline));
    }

    const rosterBaseline = await timed(
      env,
      'expiry roster page 1 by hand on bare pg',
      rounds * 5,
      async () => {
        const result = await direct.query(`
        select u.id, u.first_name, u.last_name, u.email, d.name, u.password_changed_at,
          u.password_changed_at + make_interval(days => 90) as expires_at
        from users u left join departments d on d.id = u.department_id
        where u.deleted_at is null and u.status = 'ACTIVE'
        order by u.password_changed_at + make_interval(days => 90) asc nulls last, u.email, u.id limit 20;
        select count(*) from users u where u.deleted_at is null and u.status = 'ACTIVE'`);
        return { failures: Array.isArray(result) ? 0 : 1 };
      },
    );
    const roster = await timed(env, 'listPasswordExpiries page 1 (20 of 18,000)', rounds * 5, async () => {
      const page = await listPasswordExpiries(ctx, { page: 1, perPage: 20 });
      return { failures: page.items.length === 20 ? 0 : 1 };
    });
    rows.push(rosterBaseline, compare(roster, rosterBaseline));
    return rows;
  } finally {
    await direct.end();
    await handle.destroy();
    await database.drop();
  }
}
