import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { i18nFor } from '../../../shared/i18n/index.ts';
import type { InvoiceExportQuery } from '../../../shared/invoices.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { CONTENT_TYPES, writeTables, type Cell, type TableSheet } from '../../core/reporting/table-export.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { PreparedExport } from '../../core/files/download.ts';
import { invoicesPolicy } from './invoices.policy.ts';
import * as repo from './invoices.repository.ts';

/**
 * Every invoice of the filters as a file, one row each (`GET /invoices/export-files`, and `backoffice
 * invoices export … --format xlsx|csv|json`): read in batches by date and streamed out, so a few
 * hundred thousand invoices keep memory flat. Managers, payers and reporters.
 */

export type InvoiceExportFormat = 'xlsx' | 'csv' | 'json';

/** The export's filters (invoice dates, status …) and its format: the API's two, or JSON for the CLI. */
export type InvoiceExportRequest = Omit<InvoiceExportQuery, 'format'> & { format?: InvoiceExportFormat };

const JSON_TYPE = 'application/json; charset=utf-8';

async function write(output: Writable, text: string): Promise<void> {
  if (!output.write(text)) await once(output, 'drain');
}

/** The export as a streamed file; the export itself is audited with its filters. */
export async function prepareInvoiceExport(
  ctx: ServiceContext,
  query: InvoiceExportRequest,
): Promise<PreparedExport> {
  invoicesPolicy.authorize(ctx.actor, 'export', undefined);
  if (query.from && query.to && query.to < query.from)
    throw validationError([{ field: 'to', code: 'dateOrder' }]);
  const format = query.format ?? 'xlsx';
  const filters: repo.InvoiceFilters = {
    status: query.status,
    category: query.category,
    kind: query.kind,
    vendorId: query.vendorId,
    userId: query.personId,
    search: query.search,
    from: query.from,
    to: query.to,
  };
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, { action: 'invoice.exported', entityType: 'invoice', after: { ...filters, format } }),
  );
  const i18n = i18nFor(ctx.request.language);
  const t = (key: string) => i18n.t(`invoices:${key}`) as string;
  const name = `invoices-${query.from ?? 'all'}-${query.to ?? 'all'}${query.status ? `-${query.status.toLowerCase()}` : ''}.${format}`;

  if (format === 'json') {
    return {
      fileName: name,
      contentType: JSON_TYPE,
      async write(output) {
        let count = 0;
        await write(
          output,
          `{"from":${JSON.stringify(query.from ?? null)},"to":${JSON.stringify(query.to ?? null)},"status":${JSON.stringify(query.status ?? null)},"rows":[`,
        );
        for await (const rows of repo.invoiceBatches(ctx.db, filters)) {
          const items = rows.map((row) =>
            JSON.stringify({
              id: row.id,
              name: row.name,
              date: row.invoice_date,
              referenceId: row.reference_id,
              amount: String(row.amount),
              category: row.category,
              kind: row.kind,
              vendor: row.vendor_id
                ? { id: row.vendor_id, name: row.vendor_name, taxCode: row.vendor_tax_code }
                : null,
              creator: {
                id: row.user_id,
                firstName: row.creator_first_name,
                lastName: row.creator_last_name,
                email: row.creator_email,
              },
              status: row.status,
              paymentDate: row.payment_date,
              rejectionReason: row.rejection_reason,
              createdAt: row.created_at.toISOString(),
            }),
          );
          await write(output, `${count > 0 ? ',' : ''}\n${items.join(',\n')}`);
          count += rows.length;
        }
        await write(output, '\n]}\n');
        output.end();
        await once(output, 'finish').catch(() => undefined);
        return count;
      },
    };
  }

  const sheet: TableSheet = {
    title: t('export.sheet'),
    columns: [
      { header: t('export.columns.date'), kind: 'date', width: 12 },
      { header: t('export.columns.name'), width: 32 },
      { header: t('export.columns.referenceId'), width: 16 },
      { header: t('export.columns.amount'), kind: 'number', width: 16 },
      { header: t('export.columns.category'), width: 18 },
      { header: t('export.columns.kind'), width: 14 },
      { header: t('export.columns.vendor'), width: 28 },
      { header: t('export.columns.taxCode'), width: 16 },
      { header: t('export.columns.creator'), width: 28 },
      { header: t('export.columns.email'), width: 28 },
      { header: t('export.columns.status'), width: 12 },
      { header: t('export.columns.paymentDate'), kind: 'date', width: 12 },
      { header: t('export.columns.rejectionReason'), width: 32 },
    ],
    async *rows() {
      for await (const rows of repo.invoiceBatches(ctx.db, filters))
        yield rows.map(
          (row) =>
            [
              row.invoice_date,
              row.name,
              row.reference_id,
              Number(row.amount),
              t(`category.${row.category}`),
              t(`kind.${row.kind}`),
              row.vendor_name,
              row.vendor_tax_code,
              `${row.creator_last_name} ${row.creator_first_name}`.trim(),
              row.creator_email,
              t(`status.${row.status}`),
              row.payment_date,
              row.rejection_reason,
            ] as Cell[],
        );
    },
  };
  return {
    fileName: name,
    contentType: CONTENT_TYPES[format],
    write: (output) => writeTables(output, format, [sheet]),
  };
}
