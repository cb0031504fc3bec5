import { Worker } from 'node:worker_threads';

/**
 * Reads a resume's text off the server's main thread (resume-text.worker.ts, the pattern of the
 * assets' QR reader), a few at a time, each within a time limit. The text is what makes resumes
 * searchable; it is cut at MAX_TEXT characters (a resume is a few pages: more is noise, and a
 * PostgreSQL tsvector has a size limit).
 */

const MAX_PARALLEL = 2;
const TIME_LIMIT_MS = 30_000;
export const MAX_TEXT = 100_000;

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

export type ResumeText = { text: string; pageCount: number } | { unreadable: true };

/** The PDF's text and page count, or `unreadable` (not a PDF a reader can open, or too slow to read). */
export async function extractResumeText(data: Buffer): Promise<ResumeText> {
  const done = await turn();
  try {
    const answer = await new Promise<{ text?: string; pageCount?: number; error?: string } | null>(
      (resolve, reject) => {
        const worker = new Worker(new URL('./resume-text.worker.ts', import.meta.url), {
          workerData: { data },
        });
        const timer = setTimeout(() => {
          void worker.terminate();
          resolve(null);
        }, TIME_LIMIT_MS);
        worker.once('message', (message) => {
          clearTimeout(timer);
          resolve(message);
          void worker.terminate();
        });
        worker.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      },
    );
    if (!answer || answer.error !== undefined) return { unreadable: true };
    // NUL bytes cannot be stored in a PostgreSQL text column.
    const text = (answer.text ?? '').replaceAll(String.fromCharCode(0), '').trim().slice(0, MAX_TEXT);
    return { text, pageCount: answer.pageCount ?? 0 };
  } finally {
    done();
  }
}
