import type { Db } from '../../server/db/connect.ts';
import { invoiceForm, PDF, type FormFile } from './invoice-factories.ts';

/** Files, forms and readings the document and privacy tests share. */

export { PDF };

/** A ZIP made of stored (uncompressed) entries: enough for the content checks, which read local headers. */
export function storedZip(entries: Array<{ name: string; data: string }>): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'latin1');
    const data = Buffer.from(entry.data, 'latin1');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0, 6); // flags: sizes in the header
    header.writeUInt16LE(0, 8); // stored
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    parts.push(header, name, data);
  }
  return Buffer.concat(parts);
}

/** A Word document as far as its first bytes tell. */
export const DOCX = storedZip([
  { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types/>' },
  { name: '_rels/.rels', data: '<Relationships/>' },
  { name: 'word/document.xml', data: '<w:document/>' },
]);
/** A ZIP that is no office document. */
export const PLAIN_ZIP = storedZip([{ name: 'notes.txt', data: 'hello' }]);

export const pdfFile = (fileName = 'policy.pdf'): FormFile => ({
  fileName,
  type: 'application/pdf',
  data: PDF,
});
export const docxFile = (fileName = 'template.docx'): FormFile => ({
  fileName,
  type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  data: DOCX,
});

/** The multipart form of a new document (or version), its file under `file`. */
export function documentForm(
  fields: Record<string, string | number | string[] | null | undefined>,
  files: FormFile[] = [pdfFile()],
) {
  return invoiceForm(fields, files, 'file');
}

/** Everything a refused document call must leave as it was. */
export async function documentState(db: Db) {
  const [documents, versions, acknowledgements, notifications, audits] = await Promise.all([
    db.selectFrom('documents').selectAll().orderBy('id').execute(),
    db.selectFrom('document_versions').selectAll().orderBy('id').execute(),
    db.selectFrom('document_acknowledgements').selectAll().orderBy('version_id').orderBy('user_id').execute(),
    db.selectFrom('notifications').select('id').orderBy('id').execute(),
    db.selectFrom('audit_events').select('id').orderBy('id').execute(),
  ]);
  return { documents, versions, acknowledgements, notifications, audits };
}

export async function createDepartment(db: Db, name: string): Promise<string> {
  const row = await db.insertInto('departments').values({ name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
