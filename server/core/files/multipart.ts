import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { fileTooLarge } from './file-type.ts';

/** A file of a multipart request, read into memory (documents are at most a few megabytes). */
export interface UploadedFile {
  field: string;
  fileName: string;
  /** What the browser claimed; never trusted, the content decides (see file-type.ts). */
  declaredType: string;
  data: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploads?: UploadedFile[];
  }
}

export interface FormOptions {
  /** Names of the parts that may carry a file. */
  fileFields: readonly string[];
  maxFileMb: number;
  /** Body fields where an empty value means "none" (forms cannot send null). */
  nullableFields?: readonly string[];
  /** Body fields that are lists: repeated parts make the list, one empty part an empty list. */
  listFields?: readonly string[];
}

function emptyToNull(body: unknown, nullable: readonly string[]): void {
  if (!body || typeof body !== 'object') return;
  const record = body as Record<string, unknown>;
  for (const key of nullable) if (record[key] === '') record[key] = null;
}

/**
 * A preValidation hook that lets one route accept JSON or a multipart form: the form's text parts
 * become the body (validated by the route's schema like JSON), its files go to `request.uploads`.
 * The whole request is read even when a file is too large, so the browser gets the answer rather
 * than a reset connection.
 */
export function jsonOrMultipartForm(options: FormOptions) {
  const maxBytes = options.maxFileMb * 1024 * 1024;
  const nullable = options.nullableFields ?? [];
  return async function readForm(request: FastifyRequest): Promise<void> {
    request.uploads = [];
    if (!request.isMultipart()) {
      emptyToNull(request.body, nullable);
      return;
    }
    const fields: Record<string, string | string[]> = {};
    const lists = new Set(options.listFields ?? []);
    let tooLarge: string | null = null;
    let unexpected: string | null = null;
    // Too large a file is reported after the whole request is read (throwFileSizeLimit is a per-request
    // option of @fastify/multipart that its types leave out).
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: options.fileFields.length + 2, fields: 100, fieldSize: 64 * 1024 },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    try {
      for await (const part of parts) {
        if (part.type !== 'file') {
          const value = typeof part.value === 'string' ? part.value : String(part.value);
          if (lists.has(part.fieldname)) {
            const list = (fields[part.fieldname] as string[] | undefined) ?? [];
            fields[part.fieldname] = value === '' ? list : [...list, value];
          } else fields[part.fieldname] = value;
          continue;
        }
        const data = await part.toBuffer();
        if (!options.fileFields.includes(part.fieldname)) unexpected ??= part.fieldname;
        else if (part.file.truncated) tooLarge ??= part.fieldname;
        // An empty file input (nothing chosen) is no file.
        else if (data.length > 0 || part.filename) {
          request.uploads.push({
            field: part.fieldname,
            fileName: part.filename || part.fieldname,
            declaredType: part.mimetype,
            data,
          });
        }
      }
    } catch (error) {
      // A truncated or malformed body is the sender's fault, not ours.
      throw new AppError('BAD_REQUEST', { cause: error });
    }
    if (unexpected) {
      throw new AppError('VALIDATION_FAILED', {
        details: [{ field: unexpected, code: 'unknownField', params: { field: unexpected }, message: '' }],
      });
    }
    if (tooLarge) throw fileTooLarge(tooLarge, options.maxFileMb);
    emptyToNull(fields, nullable);
    request.body = fields;
  };
}
