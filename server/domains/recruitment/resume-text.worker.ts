import { parentPort, workerData } from 'node:worker_threads';
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * One resume's text extraction on its own thread (started by resume-text.ts): parsing a 10 MB PDF
 * takes the CPU for a while, which on the server's main thread would stall every other request.
 * Answers `{ text, pageCount }`, or `{ error }` when the file is not a readable PDF.
 */
const { data } = workerData as { data: Uint8Array };
try {
  const pdf = await getDocumentProxy(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  parentPort!.postMessage({ text, pageCount: totalPages });
} catch (error) {
  parentPort!.postMessage({ error: (error as Error).message || 'unreadable' });
}
