import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  EMPLOYEE_FILE_MAX_MB,
  type EmployeeFile,
  type EmployeeFileKind,
} from '../../../shared/employees.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { nameProblem } from '../../../shared/rules/text.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { fileStorage } from '../files/file-storage.ts';
import { checkUpload, extensionOf } from '../files/file-type.ts';
import * as repo from './employees.repository.ts';
import { abilitiesFor, canSee, toFile } from './employee-views.ts';

/** An NDA or contract sent with a form: checked by content (PDF only) and size before anything is kept. */
export interface DocumentUpload {
  kind: EmployeeFileKind;
  /** The form field, so that an error points at the right input. */
  field: string;
  fileName: string;
  data: Buffer;
}

/**
 * Rejects anything that is not a PDF of at most 10 MB, judged by its content, not its name, and a
 * name with control characters or text-direction marks (`invoice‮fdp.exe` shows as `invoiceexe.pdf`).
 */
export function checkDocuments(documents: readonly DocumentUpload[]): void {
  for (const document of documents) {
    checkUpload(document, ['application/pdf'], EMPLOYEE_FILE_MAX_MB);
    const problem = nameProblem(document.fileName);
    if (problem) throw validationError([{ field: document.field, code: problem }]);
  }
}

/** The name a document is kept and downloaded under: its own, without a path, ending in `.pdf`. */
export function documentFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replaceAll('"', '').trim().slice(0, 200);
  if (!base) return 'document.pdf';
  // The content is a PDF whatever the name said: `report.html` is kept as `report.pdf`.
  return /\.pdf$/i.test(base) ? base : `${base.replace(/\.[^.]*$/, '') || 'document'}.pdf`;
}

/**
 * Writes the documents to the file storage and makes them the person's current ones. Call inside the
 * transaction of the change; the keys it returns are what to remove should that transaction fail.
 */
export async function storeDocuments(
  tx: ServiceContext,
  userId: string,
  documents: readonly DocumentUpload[],
  written: string[],
): Promise<repo.FileRecord[]> {
  const storage = fileStorage(tx.config);
  const stored: repo.FileRecord[] = [];
  for (const document of documents) {
    const key = `users/${userId}/${randomUUID()}.${extensionOf('application/pdf')}`;
    await storage.put(key, document.data, 'application/pdf');
    written.push(key);
    stored.push(
      await repo.replaceCurrentFile(tx.db, {
        user_id: userId,
        kind: document.kind,
        storage_key: key,
        file_name: documentFileName(document.fileName),
        content_type: 'application/pdf',
        size_bytes: document.data.length,
        sha256: createHash('sha256').update(document.data).digest('hex'),
        created_by: tx.actor.id,
      }),
    );
  }
  return stored;
}

/** Runs `work` and removes the files it wrote if it fails: a rolled-back change leaves nothing on disk. */
export async function withStoredFiles<T>(
  ctx: ServiceContext,
  work: (written: string[]) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    return await work(written);
  } catch (error) {
    const storage = fileStorage(ctx.config);
    await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
}

/** Attaches an NDA or contract PDF to an employee, replacing the current one of that kind. */
export async function uploadEmployeeFile(
  ctx: ServiceContext,
  userId: string,
  document: DocumentUpload,
): Promise<EmployeeFile> {
  authorize(ctx.actor, 'employees.manage');
  checkDocuments([document]);
  return withStoredFiles(ctx, (written) =>
    inTransaction(ctx, async (tx) => {
      const person = await repo.findPerson(tx.db, userId, { lock: true });
      if (!person || !abilitiesFor(tx.actor, person).uploadFiles) throw new AppError('NOT_FOUND');
      const [file] = await storeDocuments(tx, userId, [document], written);
      await recordAudit(tx, {
        action: 'employee.file_uploaded',
        entityType: 'user',
        entityId: userId,
        after: { kind: file!.kind, fileName: file!.file_name, sizeBytes: file!.size_bytes },
      });
      return toFile(file!);
    }),
  );
}

/** A person's current document, for those who manage employees and for the person. */
export async function openEmployeeFile(
  ctx: ServiceContext,
  userId: string,
  kind: EmployeeFileKind,
): Promise<{ stream: Readable; fileName: string; contentType: string; sizeBytes: number }> {
  const person = await repo.findPerson(ctx.db, userId);
  if (!person || !canSee(ctx.actor, person)) throw new AppError('NOT_FOUND');
  if (!abilitiesFor(ctx.actor, person).viewPrivate) throw new AppError('FORBIDDEN');
  const file = await repo.findCurrentFile(ctx.db, userId, kind);
  const stream = file ? await fileStorage(ctx.config).get(file.storage_key) : null;
  if (!file || !stream) throw new AppError('NOT_FOUND');
  // Documents kept before names were made to end in .pdf are served with one too.
  return {
    stream,
    fileName: documentFileName(file.file_name),
    contentType: file.content_type,
    sizeBytes: file.size_bytes,
  };
}
