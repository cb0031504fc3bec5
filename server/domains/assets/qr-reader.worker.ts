import { parentPort, workerData } from 'node:worker_threads';
import type { DetectedType } from '../../core/files/file-type.ts';
import { readQr } from './qr-code.ts';

/**
 * One QR read on its own thread (started by qr-reader.ts): decoding a phone photo takes the CPU for
 * most of a second, and up to several seconds for one without a code, which on the server's main
 * thread would stall every other request meanwhile.
 */
const { data, type } = workerData as { data: Uint8Array; type: DetectedType };
parentPort!.postMessage(readQr(Buffer.from(data.buffer, data.byteOffset, data.byteLength), type));
