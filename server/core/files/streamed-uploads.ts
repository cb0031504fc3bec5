import '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Config } from '../../config.ts';
import { AppError, validationError } from '../errors.ts';
import { FILE_TYPE_HEAD_BYTES } from '../../../shared/rules/file-type.ts';
import { nameProblem } from '../../../shared/rules/text.ts';
import { fileStorage } from './file-storage.ts';
import {
  detectFileType,
  extensionOf,
  fileTooLarge,
  unsupportedFileType,
  type DetectedType,
} from './file-type.ts';

/**
 * Multipart forms whose files go straight to the file storage as they arrive, never whole in
 * memory: three 10 MB attachments cost the server a few chunks, not 30 MB. Each file's type is
 * judged by its first bytes before anything is written (the checks of file-type.ts), its size by
 * the form's limit, its name by the text rules. The first problem fails the whole form: every file
 * already written for it is deleted, so a form that fails half-way leaves nothing behind.
 *
 * A route uses it in three places: `preValidation: form.read` (the text parts become the body, the
 * files `request.storedUploads`), `onSend: form.discard` (deletes the files of a request whose
 * use case did not succeed: a refused body, a refused rule, a failed transaction), and the handler's
 * `form.commit(request, (uploads) => useCase(…, uploads))`, which marks the files as kept once the
 * use case has committed the rows that name them.
 */

/** A file of the form, already in storage under `key`. */
export interface StoredUpload {
  field: string;
  /** The name the browser sent (checked for control and text-direction characters). */
  fileName: string;
  key: string;
  /** What the content is (never the browser's claim). */
  contentType: DetectedType;
  sizeBytes: number;
  sha256: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    storedUploads?: StoredUpload[];
    /** Set once the use case committed: the files are the rows' now, not the request's to clean up. */
    storedUploadsKept?: boolean;
  }
}

export interface StreamedFormOptions {
  /** The part name that carries files (repeated for several). */
  fileField: string;
  maxFiles: number;
  maxFileMb: number;
  types: readonly DetectedType[];
  /** The first segment of the storage keys ('invoices'). */
  keyPrefix: string;
  /** Body fields where an empty value means "none" (forms cannot send null). */
  nullableFields?: readonly string[];
  /** Body fields that are lists: repeated parts make the list, one empty part an empty list. */
  listFields?: readonly string[];
  /** Body fields that are whole numbers (a form sends `version` as text). */
  integerFields?: readonly string[];
}

/** Bytes needed to tell the types apart (file-type.ts reads signatures and office files' first parts). */
const HEAD_BYTES = FILE_TYPE_HEAD_BYTES;

type Problem = AppError;

/** A write to the storage that failed: our fault (a 500), not the sender's. */
class StorageFailure extends Error {
  constructor(cause: unknown) {
    super('file storage write failed', { cause });
  }
}

const removeAll = (config: Config, uploads: readonly StoredUpload[]) =>
  deleteStoredFiles(
    config,
    uploads.map((upload) => upload.key),
  );

/** Writes one chunk, waiting while the storage catches up (or failing if it failed). */
async function write(output: PassThrough, chunk: Buffer, writing: Promise<void>): Promise<void> {
  if (!output.write(chunk)) await Promise.race([once(output, 'drain'), writing]);
}

/**
 * Streams one file part into the storage. Returns the stored file, or the problem with it (its type,
 * its size) once the part has been read to its end — the form goes on being read, so the browser
 * gets the answer rather than a reset connection.
 */
async function storePart(
  config: Config,
  part: MultipartFile,
  options: StreamedFormOptions,
): Promise<{ upload: StoredUpload } | { problem: Problem } | { empty: true }> {
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let size = 0;
  let problem: Problem | null = null;
  let output: PassThrough | null = null;
  let writing: Promise<void> | null = null;
  let key = '';
  let type: DetectedType | null = null;
  let storageFailed = false;

  const start = async (first: Buffer) => {
    type = detectFileType(first);
    if (!type || !options.types.includes(type)) {
      problem = unsupportedFileType(options.fileField);
      return;
    }
    key = `${options.keyPrefix}/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${extensionOf(type)}`;
    output = new PassThrough();
    writing = fileStorage(config).putStream(key, output, type);
    // A failed write is seen by the awaits below; this keeps it from being an unhandled rejection first.
    writing.catch(() => {
      storageFailed = true;
    });
    await write(output, first, writing);
  };

  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      // After a problem the rest of the part is read and dropped.
      if (problem) continue;
      size += chunk.length;
      hash.update(chunk);
      if (output) {
        await write(output, chunk, writing!);
        continue;
      }
      head = Buffer.concat([head, chunk]);
      if (head.length >= HEAD_BYTES) await start(head);
    }
    if (!problem && !output) {
      // An empty file input (nothing chosen) is no file.
      if (size === 0 && !part.filename) return { empty: true };
      await start(head);
    }
    if (output) {
      (output as PassThrough).end();
      await writing;
    }
  } catch (error) {
    // The sender went away (or the storage failed): end the write so the driver removes what it
    // had started (the local `.part` file, the bucket's multipart upload) rather than waiting for
    // the rest forever, then the stored half of this file goes; the form's other files go with
    // the form's failure.
    const failedInStorage = storageFailed;
    if (output) {
      (output as PassThrough).destroy(error as Error);
      await writing!.catch(() => undefined);
    }
    if (key)
      await fileStorage(config)
        .delete(key)
        .catch(() => undefined);
    throw failedInStorage ? new StorageFailure(error) : error;
  }
  if (!problem && part.file.truncated) problem = fileTooLarge(options.fileField, options.maxFileMb);
  if (!problem) {
    const nameCode = nameProblem(part.filename ?? '');
    if (nameCode) problem = validationError([{ field: options.fileField, code: nameCode }]);
  }
  if (problem) {
    if (key)
      await fileStorage(config)
        .delete(key)
        .catch(() => undefined);
    return { problem };
  }
  return {
    upload: {
      field: options.fileField,
      fileName: (part.filename || options.fileField).split(/[\\/]/).pop()!.trim().slice(0, 200) || 'file',
      key,
      contentType: type!,
      sizeBytes: size,
      sha256: hash.digest('hex'),
    },
  };
}

export function streamedMultipartForm(config: Config, options: StreamedFormOptions) {
  const nullable = new Set(options.nullableFields ?? []);
  const lists = new Set(options.listFields ?? []);
  const integers = new Set(options.integerFields ?? []);

  /** The preValidation hook: JSON passes through; a form's files are streamed to storage. */
  async function read(request: FastifyRequest): Promise<void> {
    request.storedUploads = [];
    if (!request.isMultipart()) {
      if (request.body && typeof request.body === 'object')
        for (const key of nullable)
          if ((request.body as Record<string, unknown>)[key] === '')
            (request.body as Record<string, unknown>)[key] = null;
      return;
    }
    const stored: StoredUpload[] = [];
    const fields: Record<string, unknown> = {};
    let problem: Problem | null = null;
    let unexpected: string | null = null;
    const parts = request.parts({
      limits: {
        fileSize: options.maxFileMb * 1024 * 1024,
        files: options.maxFiles,
        fields: 100,
        fieldSize: 64 * 1024,
      },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    try {
      for await (const part of parts) {
        if (part.type !== 'file') {
          const value = typeof part.value === 'string' ? part.value : String(part.value);
          if (lists.has(part.fieldname)) {
            const list = (fields[part.fieldname] as string[] | undefined) ?? [];
            fields[part.fieldname] = value === '' ? list : [...list, value];
          } else if (integers.has(part.fieldname) && /^\d{1,9}$/.test(value)) {
            fields[part.fieldname] = Number(value);
          } else fields[part.fieldname] = nullable.has(part.fieldname) && value === '' ? null : value;
          continue;
        }
        if (part.fieldname !== options.fileField || problem || unexpected) {
          if (part.fieldname !== options.fileField) unexpected ??= part.fieldname;
          for await (const _chunk of part.file) void _chunk;
          continue;
        }
        const result = await storePart(config, part, options);
        if ('upload' in result) stored.push(result.upload);
        else if ('problem' in result) problem = result.problem;
      }
    } catch (error) {
      await removeAll(config, stored);
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw tooManyFiles(options);
      if (error instanceof AppError || error instanceof StorageFailure) throw error;
      // A truncated or malformed body is the sender's fault, not ours.
      throw new AppError('BAD_REQUEST', { cause: error });
    }
    if (unexpected || problem) {
      await removeAll(config, stored);
      if (unexpected)
        throw validationError([{ field: unexpected, code: 'unknownField', params: { field: unexpected } }]);
      throw problem!;
    }
    request.storedUploads = stored;
    request.body = fields;
  }

  /**
   * The onSend hook: the files of a request whose use case did not commit are deleted before the
   * answer goes out, so a caller who reads a refusal never finds its files still in storage.
   */
  async function discard<Payload>(request: FastifyRequest, _reply: FastifyReply, payload: Payload) {
    if (request.storedUploads?.length && !request.storedUploadsKept) {
      const uploads = request.storedUploads;
      request.storedUploads = [];
      await removeAll(config, uploads);
    }
    return payload;
  }

  /** Runs the use case with the stored files; once it has committed, they are kept. */
  async function commit<T>(
    request: FastifyRequest,
    work: (uploads: readonly StoredUpload[]) => Promise<T>,
  ): Promise<T> {
    const result = await work(request.storedUploads ?? []);
    request.storedUploadsKept = true;
    return result;
  }

  return { read, discard, commit };
}

/** 422 'The total number of files uploaded must not exceed {{number}}', on the file field. */
export function tooManyFiles(options: { fileField: string; maxFiles: number }): AppError {
  return validationError([
    { field: options.fileField, code: 'tooManyFiles', params: { number: options.maxFiles } },
  ]);
}

/** Deletes stored files (a use case that failed after they were written, or files replaced). */
export function deleteStoredFiles(config: Config, keys: readonly string[]): Promise<void> {
  const storage = fileStorage(config);
  return Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined))).then(() => undefined);
}
