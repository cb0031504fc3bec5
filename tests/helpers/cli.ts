import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real `backoffice …args` against a test database, as an operator would, and collects
 * what it printed. A few seconds each on a busy machine: give the calling file a long timeout.
 */
export function runCli(
  databaseUrl: string,
  args: string[],
  options: { input?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    LANG: 'en_US.UTF-8',
    ...options.env,
  };
  // tap's own loaders and the caller's locale overrides must not leak into the child.
  delete env.NODE_OPTIONS;
  delete env.LC_ALL;
  delete env.LC_MESSAGES;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** The error body a `--json` run printed on stderr (the API's body: statusCode, code, message…). */
export function jsonError(run: CliRun): { statusCode: number; code: string; message: string } {
  return JSON.parse(run.stderr.trim().split('\n').pop() ?? '{}');
}
