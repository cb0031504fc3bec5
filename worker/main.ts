import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../server/config.ts';
import { createContext, SYSTEM_ACTOR } from '../server/core/context.ts';
import type { Db } from '../server/db/connect.ts';
import type { JobDefinition } from './jobs.ts';
import { ALL_JOBS } from './registry.ts';

export interface RunningWorker {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss against the database: creates each job's queue, registers its schedule and its
 * handler. Several workers can run against one database; pg-boss hands each job to one of them.
 */
export async function startWorker(options: {
  db: Db;
  databaseUrl: string;
  config: Config;
  log: Pick<Logger, 'info' | 'error' | 'warn'>;
  jobs?: JobDefinition[];
}): Promise<RunningWorker> {
  const { db, config, log } = options;
  const boss = new PgBoss({ connectionString: options.databaseUrl, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  for (const job of options.jobs ?? ALL_JOBS) {
    await boss.createQueue(job.name);
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, async (jobs) => {
      for (const item of jobs) {
        const ctx = createContext({ db, config }, SYSTEM_ACTOR, { requestId: `job:${item.id}` });
        const result = await job.handler(ctx, item.data);
        log.info({ job: job.name, id: item.id, result }, 'job done');
      }
    });
  }
  log.info({ jobs: (options.jobs ?? ALL_JOBS).map((j) => j.name) }, 'worker started');
  return { boss, stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}
