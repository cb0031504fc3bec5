import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Spawned {
  child: ChildProcess;
  /** What it printed so far. */
  output(): { stdout: string; stderr: string };
  finished: Promise<Finished>;
}

/**
 * Runs a TypeScript entry point of the project (`cli/main.ts`, `server/main.ts`) as its own process,
 * as a person would, with `env` on top of a clean copy of this one's environment.
 */
export function spawnEntry(entry: string, args: string[], env: Record<string, string | undefined>): Spawned {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', LANG: 'en_US.UTF-8', ...env };
  // tap's loaders and the caller's locale must not leak into the child.
  delete childEnv.NODE_OPTIONS;
  delete childEnv.LC_ALL;
  delete childEnv.LC_MESSAGES;
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: ROOT, env: childEnv });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const finished = new Promise<Finished>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, output: () => ({ stdout, stderr }), finished };
}

/** Polls `check` every `intervalMs` until it returns a value other than undefined/false, or gives up. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 60_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
