import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import type { PreparedExport } from '../../core/files/download.ts';
import { fileStorage } from '../../core/files/file-storage.ts';
import { personalDataPolicy } from './privacy.policy.ts';
import * as repo from './privacy.repository.ts';

/**
 * A person's data export (Decree 13/2023/ND-CP art. 14, the right to one's data; GDPR art. 15/20):
 * everything Backoffice holds about one person as a ZIP — `profile.json`, one JSON array per kind of
 * record (requests, work logs, invoices, assets, access requests, sessions, notifications, consents,
 * acknowledgements, audit events about them) and their files under `files/`. It is streamed: each
 * section is read in batches of BATCH rows as the ZIP is written, and each file is streamed from the
 * storage, so memory stays flat whatever the history.
 */

/** Rows per read of a section (the bench reads with the same size). */
export const EXPORT_BATCH = 500;
const BATCH = EXPORT_BATCH;

/** A JSON array written a batch at a time (keyset on the section's id). */
function sectionStream(db: Db, section: repo.ExportSection, personId: string, counter: { rows: number }) {
  async function* generate() {
    yield '[';
    let after: string | null = null;
    let first = true;
    for (;;) {
      const rows = await repo.exportBatch(db, section, personId, after, BATCH);
      if (rows.length === 0) break;
      const parts: string[] = [];
      for (const row of rows) {
        parts.push(`${first ? '\n' : ',\n'}${JSON.stringify(row.row)}`);
        first = false;
      }
      counter.rows += rows.length;
      yield parts.join('');
      after = rows[rows.length - 1]!.id;
      if (rows.length < BATCH) break;
    }
    yield '\n]\n';
  }
  return Readable.from(generate(), { objectMode: false });
}

/** Safe ZIP entry names: the stored name, without folders or control characters. */
const entryName = (id: string, fileName: string) =>
  `${id}-${[...fileName]
    .map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c))
    .join('')
    .slice(0, 150)}`;

const README = (email: string, at: string) =>
  [
    `Personal data export for ${email}, made ${at}.`,
    '',
    'profile.json: the account and employee record (without the password hash).',
    'Each other .json file is one kind of record about the person, as stored (one JSON array).',
    'files/: the employee documents, the invoices’ attachments and the avatar.',
    '',
  ].join('\n');

/**
 * Prepares the export of one person's data (the caller's own, or anyone's for HR). The export is
 * audited (who exported whose data, when) before it starts.
 */
export async function prepareDataExport(ctx: ServiceContext, personId: string): Promise<PreparedExport> {
  const person = await repo.personExists(ctx.db, personId);
  personalDataPolicy.authorize(ctx.actor, 'export', { userId: personId });
  if (!person) throw new AppError('NOT_FOUND');
  const at = new Date().toISOString();
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: 'person.data_exported',
      entityType: 'user',
      entityId: personId,
      subject: { id: personId, label: person.email },
      after: { sections: ['profile', ...repo.EXPORT_SECTIONS.map((s) => s.name)] },
    }),
  );
  const db = ctx.db;
  const storage = fileStorage(ctx.config);
  return {
    fileName: `personal-data-${person.email.replace(/[^a-zA-Z0-9._-]/g, '_')}-${at.slice(0, 10)}.zip`,
    contentType: 'application/zip',
    async write(output: Writable) {
      const counter = { rows: 0 };
      const zip = new yazl.ZipFile();
      const written = pipeline(zip.outputStream as Readable, output);
      zip.addBuffer(Buffer.from(README(person.email, at)), 'README.txt');
      const profile = await repo.exportProfile(db, personId);
      zip.addBuffer(Buffer.from(`${JSON.stringify(profile, null, 2)}\n`), 'profile.json');
      counter.rows += 1;
      for (const section of repo.EXPORT_SECTIONS) {
        zip.addReadStreamLazy(`${section.name}.json`, (cb) =>
          cb(null, sectionStream(db, section, personId, counter)),
        );
      }
      for (const file of await repo.exportFiles(db, personId)) {
        zip.addReadStreamLazy(`files/${file.folder}/${entryName(file.id, file.file_name)}`, (cb) => {
          storage.get(file.storage_key).then(
            // A file missing from the storage leaves an empty entry rather than failing the whole export.
            (stream) => cb(null, stream ?? Readable.from([])),
            (error) => cb(error, Readable.from([])),
          );
        });
      }
      const avatar = await repo.findAvatarImage(db, personId);
      if (avatar)
        zip.addBuffer(avatar.content, `files/avatar.${avatar.content_type === 'image/png' ? 'png' : 'jpg'}`);
      zip.end();
      await written;
      return counter.rows;
    },
  };
}

/** The person with this email, for the CLI's `people export-data EMAIL` (NOT_FOUND when nobody has it). */
export async function prepareDataExportByEmail(ctx: ServiceContext, email: string): Promise<PreparedExport> {
  const personId = await repo.findPersonIdByEmail(ctx.db, email);
  // Someone who may export only their own data learns nothing about other addresses.
  personalDataPolicy.authorize(ctx.actor, 'export', { userId: personId ?? '' });
  if (!personId) throw new AppError('NOT_FOUND');
  return prepareDataExport(ctx, personId);
}
