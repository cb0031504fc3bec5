import type { Command } from 'commander';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../shared/invoices.schemas.ts';
import { prepareInvoiceExport } from '../../server/domains/invoices/invoice-export.service.ts';
import { matching, oneOf } from '../parsers.ts';
import { REPORT_FORMATS, writeReport, type ReportFormat } from '../report-output.ts';
import { commandGroup, type CliRuntime } from '../runtime.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `backoffice invoices export`: every invoice of a date range (and a status) as XLSX, CSV or JSON. */
export function registerInvoiceCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'invoices', t('invoices:cli.description'));

  group
    .command('export')
    .description(t('invoices:cli.export.description'))
    .option('--from <date>', t('invoices:cli.export.from'), matching(DATE, t, 'leave:cli.badDate'))
    .option('--to <date>', t('invoices:cli.export.to'), matching(DATE, t, 'leave:cli.badDate'))
    .option('--status <status>', t('invoices:cli.export.status'), oneOf(INVOICE_STATUSES, t))
    .option('--format <format>', t('invoices:cli.export.format'), oneOf(REPORT_FORMATS, t), 'xlsx')
    .option('-o, --output <file>', t('invoices:cli.export.output'))
    .action(
      (options: {
        from?: string;
        to?: string;
        status?: InvoiceStatus;
        format: ReportFormat;
        output?: string;
      }) =>
        runtime.withContext(async (ctx) => {
          const query = {
            ...(options.from && { from: options.from }),
            ...(options.to && { to: options.to }),
            ...(options.status && { status: options.status }),
          };
          await writeReport(runtime, options, {
            // JSON is streamed too: an export may hold hundreds of thousands of rows.
            jsonFile: () => prepareInvoiceExport(ctx, { ...query, format: 'json' }),
            file: (format) => prepareInvoiceExport(ctx, { ...query, format }),
          });
        }),
    );
}
