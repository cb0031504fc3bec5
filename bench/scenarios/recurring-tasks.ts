/**
 * Recurring tasks at scale (issue 18): 10,000 active tasks (every cycle, one or two of 500
 * assignees each) all due today, so one scheduler run generates 10,000 child tasks.
 *
 * - `generateDueChildren`: one run, from a clean slate each round — the children, the next
 *   scheduled dates, the assignees' notifications (about 15,000) and the audit events, in batches of
 *   1,000 tasks — beside the same children inserted by one statement on a bare pg pool (no
 *   notifications, no audit: the floor of the work).
 * - The re-run right after each: nothing is due any more, nothing is created (checked: no
 *   occurrence has two children, or the case counts a failure).
 * - Two runs at once (two workers): they share the tasks and create each child once (checked).
 * - `markOverdueChildren` over the 10,000 children once they are past due, beside the bare update.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { companyToday } from '../../server/core/company-date.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import {
  generateDueChildren,
  markOverdueChildren,
} from '../../server/domains/recurring-tasks/recurring-task-jobs.service.ts';
import { addDays } from '../../shared/rules/periods.ts';
import { compare, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'recurring-tasks';
export const description =
  'one scheduler run generating 10,000 child tasks, its re-run, two workers at once, the overdue sweep';

const TASKS = 10_000;
const PEOPLE = 500;

/** Runs `work` `rounds` times, each after `prepare` (not timed), and reports the times of `work`. */
async function timedRounds(
  env: BenchEnv,
  label: string,
  rounds: number,
  prepare: () => Promise<unknown>,
  work: () => Promise<{ failures: number }>,
): Promise<BenchRow> {
  env.log(`${label}: ${rounds} rounds`);
  const samples: number[] = [];
  let failures = 0;
  for (let round = 0; round < rounds; round++) {
    await prepare();
    const begin = performance.now();
    const result = await work();
    samples.push(performance.now() - begin);
    failures += result.failures;
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
  const ctx = (worker: string) =>
    createContext({ db: handle.db, config }, SYSTEM_ACTOR, { requestId: `bench:${worker}` });
  const today = companyToday(config);
  const rows: BenchRow[] = [];
  try {
    env.log(`seeding ${TASKS} recurring tasks due ${today}, assigned among ${PEOPLE} people`);
    await direct.query(`
      insert into users (email, first_name, last_name, status, user_type)
        select 'nv' || g || '@bench.example', 'Người', 'Số ' || g, 'ACTIVE', 'EMPLOYEE' from generate_series(1, ${PEOPLE}) g;
      create temporary table bench_people as
        select id, row_number() over (order by id) - 1 as n from users where email like 'nv%@bench.example';
      -- Started some whole cycles ago (months-based ones a multiple of four years ago, so even a
      -- 29 February stays one), so today is an occurrence of every task.
      insert into recurring_tasks (name, cycle, start_date, deadline_days, next_scheduled_date)
        select 'Việc định kỳ ' || g, cycle,
          case cycle
            when 'DAILY' then date '${today}' - g % 30
            when 'WEEKLY' then date '${today}' - 7 * (g % 8)
            else (date '${today}' - make_interval(years => 4 * (g % 3)))::date
          end,
          0, date '${today}'
        from generate_series(1, ${TASKS}) g,
          lateral (select (array['DAILY','WEEKLY','MONTHLY','QUARTERLY','YEARLY'])[g % 5 + 1] as cycle) c;
      insert into recurring_task_assignees (recurring_task_id, user_id)
        select t.id, p.id from (select id, row_number() over (order by id) as rn from recurring_tasks) t
        join bench_people p on p.n = t.rn % ${PEOPLE} or (t.rn % 2 = 0 and p.n = (t.rn + 7) % ${PEOPLE});
      analyze users; analyze recurring_tasks; analyze recurring_task_assignees;`);
    const rounds = Math.max(3, Math.min(10, Math.round(env.durationSeconds / 2)));

    const reset = () =>
      direct.query(`
        delete from recurring_task_children;
        delete from notifications where type like 'RECURRING_TASK_%';
        update recurring_tasks set next_scheduled_date = '${today}';`);
    const check = async (expected: number) => {
      const { rows: found } = await direct.query<{ children: number; distinct: number }>(
        `select count(*)::int as children,
           count(distinct (recurring_task_id, occurrence_date))::int as distinct
         from recurring_task_children`,
      );
      const { children, distinct } = found[0]!;
      return { failures: children !== expected || distinct !== children ? 1 : 0 };
    };

    const baseline = await timedRounds(
      env,
      `${TASKS.toLocaleString('en')} children inserted by one statement on bare pg (no notifications)`,
      rounds,
      reset,
      async () => {
        await direct.query(`
          with due as (
            select id, next_scheduled_date as occurrence, deadline_days from recurring_tasks
            where active and deleted_at is null and next_scheduled_date <= '${today}'),
          made as (
            insert into recurring_task_children (recurring_task_id, occurrence_date, start_date, due_date, status, source)
            select id, occurrence, occurrence, occurrence + deadline_days, 'INCOMPLETE', 'GENERATED' from due
            on conflict (recurring_task_id, occurrence_date) do nothing returning 1)
          update recurring_tasks t set next_scheduled_date = t.next_scheduled_date + 1
          from due where t.id = due.id`);
        return check(TASKS);
      },
    );
    rows.push(baseline);

    let generatedOnce = 0;
    const generate = await timedRounds(
      env,
      `generateDueChildren: ${TASKS.toLocaleString('en')} children in one run (notifications, audit)`,
      rounds,
      reset,
      async () => {
        const result = await generateDueChildren(ctx('one'));
        generatedOnce = result.generated;
        return { failures: (await check(TASKS)).failures + (result.generated === TASKS ? 0 : 1) };
      },
    );
    env.log(`one run generated ${generatedOnce} children`);
    rows.push(compare(generate, baseline));

    rows.push(
      await timedRounds(
        env,
        'the re-run right after: nothing due, nothing created',
        rounds,
        async () => {
          await reset();
          await generateDueChildren(ctx('first'));
        },
        async () => {
          const again = await generateDueChildren(ctx('again'));
          return { failures: (await check(TASKS)).failures + (again.generated === 0 ? 0 : 1) };
        },
      ),
    );

    rows.push(
      compare(
        await timedRounds(env, 'two workers at once: each child once', rounds, reset, async () => {
          const [a, b] = await Promise.all([generateDueChildren(ctx('a')), generateDueChildren(ctx('b'))]);
          env.log(`  worker a ${a.generated}, worker b ${b.generated}`);
          return { failures: (await check(TASKS)).failures + (a.generated + b.generated === TASKS ? 0 : 1) };
        }),
        generate,
      ),
    );

    // The sweep runs as of tomorrow: every child (due today) is then past due.
    const tomorrow = addDays(today, 1);
    const pastDue = async () => {
      await reset();
      await generateDueChildren(ctx('overdue'));
    };
    const overdueBaseline = await timedRounds(
      env,
      `${TASKS.toLocaleString('en')} children marked overdue by one statement on bare pg`,
      rounds,
      pastDue,
      async () => {
        const result = await direct.query(
          `update recurring_task_children set status = 'OVERDUE', updated_at = now()
           where status = 'INCOMPLETE' and due_date < '${tomorrow}'`,
        );
        return { failures: result.rowCount === TASKS ? 0 : 1 };
      },
    );
    const overdue = await timedRounds(
      env,
      `markOverdueChildren: ${TASKS.toLocaleString('en')} children (notifications, audit)`,
      rounds,
      pastDue,
      async () => {
        const result = await markOverdueChildren(ctx('overdue'), { today: tomorrow });
        return { failures: result.overdue === TASKS ? 0 : 1 };
      },
    );
    rows.push(overdueBaseline, compare(overdue, overdueBaseline));
    return rows;
  } finally {
    await direct.end();
    await handle.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
