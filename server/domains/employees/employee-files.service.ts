import type { Readable } from 'node:stream';
import type { EmployeeFile, EmployeeFileKind } from '../../../shared/employees.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { fileStorage } from '../../core/files/file-storage.ts';
import {
  checkDocuments,
  storeDocuments,
  withStoredFiles,
  type DocumentUpload,
} from './employee-documents.ts';
import { toFile } from './employee-views.ts';
import { peoplePolicy } from './employees.policy.ts';
import * as repo from './employees.repository.ts';
import { documentFileName } from './employee-documents.ts';
import { requireVisiblePerson } from './person-records.ts';

/** Attaches an NDA or contract PDF to an employee, replacing the current one of that kind. */
export async function uploadEmployeeFile(
  ctx: ServiceContext,
  userId: string,
  document: DocumentUpload,
): Promise<EmployeeFile> {
  return withStoredFiles(ctx, (written) =>
    inTransaction(ctx, async (tx) => {
      const person = await requireVisiblePerson(tx, userId, { lock: true });
      // Documents belong to employees only: for anyone else there is no such place.
      if (person.user_type !== 'EMPLOYEE') throw new AppError('NOT_FOUND');
      peoplePolicy.authorize(tx.actor, 'uploadFiles', person);
      checkDocuments([document]);
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
  const person = await requireVisiblePerson(ctx, userId);
  peoplePolicy.authorize(ctx.actor, 'viewPrivate', person);
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
