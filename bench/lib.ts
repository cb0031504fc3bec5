/**
 * What a benchmark scenario is and the tools it uses. A scenario module in bench/scenarios/
 * exports `name` and `run(env)`; bench/run.ts runs each, prints its rows and keeps them as JSON.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { TestDatabase } from '../tests/helpers/test-database.ts';
import { processRss } from './server-process.ts';

/** One measured case: HTTP under load (autocannon), or a function called in a loop. */
export interface BenchRow {
  /** What was measured, e.g. "GET /api/user-roles/me (app)". */
  case: string;
  /** Requests (or calls) per second, averaged over the run. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Total requests or calls. */
  total: number;
  /** Connection errors, timeouts and non-2xx answers: a benchmark with any is not trustworthy. */
  failures: number;
  /** For a case measured beside a baseline: the baseline's case name and the ratios to it. */
  baseline?: string;
  /** perSecond / baseline.perSecond (below 1: slower than the baseline). */
  throughputRatio?: number;
  /** p99Ms / baseline.p99Ms (above 1: slower than the baseline). */
  p99Ratio?: number;
  /**
   * Peak resident memory during an HTTP load test, in MiB: of the server's own process when the case
   * names it (`rssPid`: a server started apart, bench/server-process.ts), otherwise of the bench
   * process, where the servers under test run beside the load generator (a worker thread). A leak
   * shows as a peak that grows from round to round (`peakRssByRoundMiB`) instead of staying flat.
   */
  peakRssMiB?: number;
  peakRssByRoundMiB?: number[];
}

export interface BenchEnv {
  /** A fresh, migrated database of its own (dropped at the end of the run). */
  createDatabase(): Promise<TestDatabase>;
  /** Seconds per load test (BENCH_DURATION, default 10). */
  durationSeconds: number;
  /** Concurrent connections per load test (BENCH_CONNECTIONS, default 20). */
  connections: number;
  log(message: string): void;
}

export interface Scenario {
  name: string;
  description?: string;
  run(env: BenchEnv): Promise<BenchRow[]>;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/**
 * Loads a URL on the loopback interface with autocannon (in a worker thread, so the load generator
 * does not share the event loop of a server running in this process). A short warm-up comes first.
 */
export async function loadTest(
  env: BenchEnv,
  label: string,
  url: string,
  headers: Record<string, string> = {},
  measure: { rssPid?: number } = {},
): Promise<BenchRow> {
  const target = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) {
    throw new Error(`benchmarks only load the loopback interface, not ${target.hostname}`);
  }
  env.log(`${label}: ${env.durationSeconds}s, ${env.connections} connections`);
  const options = { url, headers, connections: env.connections, workers: 1, timeout: 10 };
  await autocannon({ ...options, duration: 1 });
  const rss = () => (measure.rssPid ? (processRss(measure.rssPid) ?? 0) : process.memoryUsage.rss());
  let peakRss = rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rss());
  }, 100);
  let result: Awaited<ReturnType<typeof autocannon>>;
  try {
    result = await autocannon({ ...options, duration: env.durationSeconds, title: label });
  } finally {
    clearInterval(sampler);
  }
  return {
    case: label,
    perSecond: round(result.requests.average, 1),
    p50Ms: round(result.latency.p50),
    p99Ms: round(result.latency.p99),
    total: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
    peakRssMiB: Math.round(peakRss / 1024 / 1024),
  };
}

export interface LoadCase {
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** The server's process, when it runs apart: its memory is the one recorded. */
  rssPid?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Loads several URLs in turns — round 1 of each, then round 2 of each… — and keeps each case's
 * median round. On a busy machine the load changes from minute to minute; cases measured one after
 * the other for the whole duration each see a different machine, cases measured in turns the same
 * one, so their ratios hold. `rounds` × the duration per round = BENCH_DURATION per case.
 */
export async function loadTestsInTurns(env: BenchEnv, cases: LoadCase[], rounds = 5): Promise<BenchRow[]> {
  const seconds = Math.max(1, Math.round(env.durationSeconds / rounds));
  const turns: BenchRow[][] = cases.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, loadCase] of cases.entries()) {
      const row = await loadTest(
        { ...env, durationSeconds: seconds, log: round === 0 ? env.log : () => {} },
        loadCase.label,
        loadCase.url,
        loadCase.headers,
        { rssPid: loadCase.rssPid },
      );
      turns[index]!.push(row);
    }
  }
  return cases.map((loadCase, index) => {
    const rows = turns[index]!;
    return {
      case: loadCase.label,
      perSecond: round(median(rows.map((row) => row.perSecond)), 1),
      p50Ms: round(median(rows.map((row) => row.p50Ms))),
      p99Ms: round(median(rows.map((row) => row.p99Ms))),
      total: rows.reduce((sum, row) => sum + row.total, 0),
      failures: rows.reduce((sum, row) => sum + row.failures, 0),
      peakRssMiB: Math.max(...rows.map((row) => row.peakRssMiB ?? 0)),
      peakRssByRoundMiB: rows.map((row) => row.peakRssMiB ?? 0),
    };
  });
}

/** Calls a function back to back for a while and times each call (a baseline without HTTP). */
export async function loopTest(
  env: BenchEnv,
  label: string,
  fn: () => unknown | Promise<unknown>,
  seconds = env.durationSeconds,
): Promise<BenchRow> {
  env.log(`${label}: ${seconds}s in a loop`);
  const warmUntil = performance.now() + 500;
  while (performance.now() < warmUntil) await fn();
  const samples: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let failures = 0;
  while (performance.now() < deadline) {
    const begin = performance.now();
    try {
      await fn();
    } catch {
      failures++;
    }
    samples.push(performance.now() - begin);
  }
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return {
    case: label,
    perSecond: round(samples.length / elapsed, 1),
    p50Ms: round(at(0.5), 3),
    p99Ms: round(at(0.99), 3),
    total: samples.length,
    failures,
  };
}

/** Marks `row` as measured beside `baseline` and computes the ratios. */
export function compare(row: BenchRow, baseline: BenchRow): BenchRow {
  return {
    ...row,
    baseline: baseline.case,
    throughputRatio: baseline.perSecond ? round(row.perSecond / baseline.perSecond, 3) : undefined,
    p99Ratio: baseline.p99Ms ? round(row.p99Ms / baseline.p99Ms, 2) : undefined,
  };
}

/** A plain text table of the rows, with the ratios spelled out. */
export function formatRows(rows: BenchRow[]): string {
  const header = ['case', 'req/s', 'p50 ms', 'p99 ms', 'total', 'failures', 'peak RSS MiB', 'vs baseline'];
  const lines = rows.map((row) => [
    row.case,
    row.perSecond.toFixed(1),
    String(row.p50Ms),
    String(row.p99Ms),
    String(row.total),
    String(row.failures),
    row.peakRssByRoundMiB ? row.peakRssByRoundMiB.join('/') : row.peakRssMiB ? String(row.peakRssMiB) : '',
    row.baseline
      ? `${row.throughputRatio}× throughput, ${row.p99Ratio}× p99 of "${row.baseline}"`
      : 'baseline',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  // Names left-aligned, numbers right-aligned; the last column is not padded.
  const format = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === cells.length - 1 ? cell : i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!),
      )
      .join('  ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n');
}
