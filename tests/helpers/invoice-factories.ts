import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../server/db/connect.ts';
import type { InvoiceCategory, InvoiceKind, InvoiceStatus } from '../../shared/invoices.schemas.ts';

/** Records, files and forms the invoice tests share. */

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
export const JPG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
/** An HTML page named like a PDF: only its content gives it away. */
export const HTML = Buffer.from('<!doctype html><script>alert(1)</script> %PDF-1.4');

/** A file of `megabytes` that is a PDF by its first bytes. */
export function bigPdf(megabytes: number): Buffer {
  const data = Buffer.alloc(Math.round(megabytes * 1024 * 1024), 0x20);
  PDF.copy(data);
  return data;
}

export type FormFile = { fileName: string; type: string; data: Buffer };

/** A multipart/form-data body as a browser sends it: text fields, then files under `attachments`. */
export function invoiceForm(
  fields: Record<string, string | number | string[] | null | undefined>,
  files: FormFile[] = [],
  fileField = 'attachments',
) {
  const boundary = `----invoice${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const text = (name: string, value: string) =>
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) text(name, '');
      for (const item of value) text(name, item);
    } else text(name, value === null ? '' : String(value));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${fileField}"; filename="${file.fileName}"\r\n` +
          `content-type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const pdf = (fileName = 'invoice.pdf'): FormFile => ({ fileName, type: 'application/pdf', data: PDF });
export const png = (fileName = 'receipt.png'): FormFile => ({ fileName, type: 'image/png', data: PNG });

/** Today and a few days around it, as the company sees them (tests run in Asia/Ho_Chi_Minh). */
export function days() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
  const shift = (n: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  return { today, yesterday: shift(-1), lastWeek: shift(-7), tomorrow: shift(1), lastMonth: shift(-30) };
}

/** A vendor written directly. */
export async function createVendor(
  db: Db,
  options: { name?: string; taxCode?: string | null; status?: 'ACTIVE' | 'INACTIVE' } = {},
) {
  return db
    .insertInto('vendors')
    .values({
      name: options.name ?? `Vendor ${Math.random().toString(16).slice(2, 8)}`,
      description: null,
      tax_code: options.taxCode ?? null,
      website: null,
      address: null,
      status: options.status ?? 'ACTIVE',
      created_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An invoice written directly (reports, exports, bulk): pending unless told. */
export async function insertInvoice(
  db: Db,
  values: {
    userId: string;
    name?: string;
    date?: string;
    amount?: bigint | string;
    category?: InvoiceCategory;
    kind?: InvoiceKind;
    vendorId?: string | null;
    status?: InvoiceStatus;
  },
) {
  const status = values.status ?? 'PENDING';
  const date = values.date ?? days().lastWeek;
  return db
    .insertInto('invoices')
    .values({
      user_id: values.userId,
      name: values.name ?? 'Printer paper',
      invoice_date: date,
      reference_id: null,
      amount: values.amount ?? 1_250_000n,
      category: values.category ?? 'OFFICE_SUPPLIES',
      kind: values.kind ?? 'PERSONAL',
      vendor_id: values.vendorId ?? null,
      status,
      payment_date: status === 'PAID' ? date : null,
      rejection_reason: status === 'REJECTED' ? 'Duplicate' : null,
      created_by: values.userId,
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
}

/** The files under the storage's folder (every file an upload left behind). */
export function storedFiles(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}

/** Everything an invoice call could change: a refused call must leave it as it was. */
export async function invoiceState(db: Db, dataDir?: string) {
  const [invoices, attachments, vendors, audit, notifications, mails] = await Promise.all([
    db.selectFrom('invoices').selectAll().orderBy('id').execute(),
    db.selectFrom('invoice_attachments').selectAll().orderBy('id').execute(),
    db.selectFrom('vendors').selectAll().orderBy('id').execute(),
    db.selectFrom('audit_events').select('id').execute(),
    db.selectFrom('notifications').select('id').execute(),
    db.selectFrom('mail_outbox').select('id').execute(),
  ]);
  return {
    invoices,
    attachments,
    vendors,
    audit: audit.length,
    notifications: notifications.length,
    mails: mails.length,
    files: dataDir ? storedFiles(dataDir) : [],
  };
}
