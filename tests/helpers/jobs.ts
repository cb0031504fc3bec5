import type { Config } from '../../server/config.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import type { Db } from '../../server/db/connect.ts';
import { ALL_JOBS } from '../../worker/registry.ts';

/**
 * Runs a registered job's handler once, as the worker does (the system actor, a `job:` request id),
 * without pg-boss: the test then asserts what it changed in the database. Looking the job up by name
 * in the worker's registry tests the handler the worker really runs.
 */
export async function runJobHandler(db: Db, config: Config, name: string, data: unknown = {}) {
  const job = ALL_JOBS.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`no job named ${name} in the worker registry`);
  const ctx = createContext({ db, config }, SYSTEM_ACTOR, { requestId: `job:test-${name}` });
  return job.handler(ctx, data);
}

/** The audit events a job run wrote (its request id is `job:test-<name>`). */
export function auditOfJob(db: Db, name: string) {
  return db
    .selectFrom('audit_events')
    .select(['action', 'actor_id', 'actor_label', 'entity_id', 'subject_id', 'subject_label', 'after'])
    .where('request_id', '=', `job:test-${name}`)
    .orderBy('id')
    .execute();
}
