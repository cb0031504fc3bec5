import { Worker } from 'node:worker_threads';
import type { DetectedType } from '../../core/files/file-type.ts';

/**
 * Reads a QR code off the server's main thread (qr-reader.worker.ts), a few at a time, each within a
 * time limit. The worker inherits the process's `--import tsx`, so it runs the same TypeScript.
 */

/** Reads at once; more wait their turn (each one holds a core for up to a few seconds). */
const MAX_PARALLEL = 2;
/** A read that takes longer is stopped and answers "no code". */
const TIME_LIMIT_MS = 20_000;

let running = 0;
const waiting: Array<() => void> = [];

async function turn(): Promise<() => void> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/** The text of the QR code in a PNG or JPG, or null when none can be read in time. */
export async function readQrOffThread(data: Buffer, type: DetectedType): Promise<string | null> {
  const done = await turn();
  try {
    return await new Promise<string | null>((resolve, reject) => {
      const worker = new Worker(new URL('./qr-reader.worker.ts', import.meta.url), {
        workerData: { data, type },
      });
      const timer = setTimeout(() => {
        void worker.terminate();
        resolve(null);
      }, TIME_LIMIT_MS);
      worker.once('message', (text: string | null) => {
        clearTimeout(timer);
        resolve(text);
        void worker.terminate();
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  } finally {
    done();
  }
}
