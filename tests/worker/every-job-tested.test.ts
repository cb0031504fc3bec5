import { readdirSync, readFileSync } from 'node:fs';
import t from 'tap';
import { ALL_JOBS } from '../../worker/registry.ts';

/**
 * Every job the worker registers is run by a worker test: its name appears in one of the other
 * tests/worker/*.test.ts files (as `runJobHandler(…, 'name')` or a pg-boss `runJob('name')`).
 * A new job without a test fails here, naming it.
 */
t.test('every registered job has a worker test', async (t) => {
  const folder = new URL('.', import.meta.url);
  const sources = readdirSync(folder)
    .filter((file) => file.endsWith('.test.ts') && !import.meta.url.endsWith(file))
    .map((file) => readFileSync(new URL(file, folder), 'utf8'));
  t.ok(ALL_JOBS.length > 0);
  for (const job of ALL_JOBS) {
    t.ok(
      sources.some((source) => source.includes(`'${job.name}'`)),
      `${job.name} is run by a test in tests/worker/`,
    );
  }
});
