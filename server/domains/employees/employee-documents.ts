import { createHash, randomUUID } from 'node:crypto';
import { EMPLOYEE_FILE_MAX_MB, type EmployeeFileKind } from '../../../shared/employees.schemas.ts';
import { nameProblem } from '../../../shared/rules/text.ts';
import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { fileStorage } from '../../core/files/file-storage.ts';
import { checkUpload, extensionOf } from '../../core/files/file-type.ts';
import * as repo from './employees.repository.ts';

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
 * name with control characters or text-direction marks (`invoice\u202efdp.exe` shows as `invoiceexe.pdf`).
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
