// Pages render with the production build of React, as in a deployment (see server/main.ts).
process.env.NODE_ENV ??= 'production';

/**
 * `npm run bench [-- scenario…]`: runs every scenario of bench/scenarios/ (or the named ones) against
 * a real PostgreSQL, prints a table per scenario and writes bench/results/<scenario>-<timestamp>.json.
 *
 * The database comes from scripts/with-test-database.ts (DATABASE_URL's server, or an embedded one in
 * a temporary folder): when this runs outside it, it starts itself again inside it.
 * Knobs: BENCH_DURATION (seconds per load test, default 10), BENCH_CONNECTIONS (default 20).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config.ts';
import { createTestDatabase } from '../tests/helpers/test-database.ts';
import { formatRows, type BenchEnv, type Scenario } from './lib.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCENARIOS_DIR = path.join(ROOT, 'bench/scenarios');
const RESULTS_DIR = path.join(ROOT, 'bench/results');

if (!process.env.TEST_PG_ADMIN_URL || !process.env.TEST_PG_TEMPLATE) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'scripts/with-test-database.ts'),
      process.execPath,
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', cwd: ROOT },
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  process.exitCode = await main(process.argv.slice(2));
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name}=${raw} is not valid: expected a positive whole number`);
    process.exit(2);
  }
  return value;
}

async function main(wanted: string[]): Promise<number> {
  const env: BenchEnv = {
    // The app under test gets the pool a production server has (DATABASE_POOL_SIZE's default), the
    // same size the baselines open: a smaller one would queue the app's statements and not theirs.
    createDatabase: () => createTestDatabase({ poolSize: loadConfig({}).DATABASE_POOL_SIZE }),
    durationSeconds: positiveInteger('BENCH_DURATION', 10),
    connections: positiveInteger('BENCH_CONNECTIONS', 20),
    log: (message) => console.log(`  · ${message}`),
  };
  const files = readdirSync(SCENARIOS_DIR)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .sort();
  const selected = wanted.length
    ? files.filter((file) => wanted.includes(path.basename(file, '.ts')))
    : files;
  const unknown = wanted.filter((name) => !files.includes(`${name}.ts`));
  if (unknown.length) {
    console.error(
      `unknown scenario: ${unknown.join(', ')} (known: ${files.map((f) => path.basename(f, '.ts')).join(', ')})`,
    );
    return 2;
  }

  mkdirSync(RESULTS_DIR, { recursive: true });
  console.log(
    `Backoffice benchmarks: Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? 'unknown'}), ` +
      `${env.durationSeconds}s per load test, ${env.connections} connections`,
  );
  let failed = 0;
  for (const file of selected) {
    const scenario = (await import(pathToFileURL(path.join(SCENARIOS_DIR, file)).href)) as Scenario;
    console.log(`\n▶ ${scenario.name}${scenario.description ? `: ${scenario.description}` : ''}`);
    const startedAt = new Date();
    try {
      const rows = await scenario.run(env);
      console.log(`\n${formatRows(rows)}\n`);
      const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
      const out = path.join(RESULTS_DIR, `${scenario.name}-${stamp}.json`);
      const report = {
        scenario: scenario.name,
        startedAt: startedAt.toISOString(),
        seconds: Math.round((Date.now() - startedAt.getTime()) / 100) / 10,
        node: process.version,
        platform: `${os.platform()} ${os.arch()}`,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? null,
        durationSeconds: env.durationSeconds,
        connections: env.connections,
        rows,
      };
      writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`results: ${path.relative(ROOT, out)}`);
      if (rows.some((row) => row.failures > 0)) {
        console.error('some requests failed: these numbers are not trustworthy');
        failed++;
      }
    } catch (error) {
      console.error(`scenario ${scenario.name} failed:`, error);
      failed++;
    }
  }
  return failed ? 1 : 0;
}
