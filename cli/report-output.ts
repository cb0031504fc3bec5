import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { PreparedExport } from '../server/domains/files/download.ts';
import { validationError } from '../server/core/errors.ts';
import { printLines, type CliRuntime } from './runtime.ts';

/** The formats a report command writes: the API's files, or the report itself as JSON. */
export const REPORT_FORMATS = ['xlsx', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * Writes a report the way every report command does: JSON to stdout (or to `--output`), XLSX and CSV
 * streamed to `--output` (required then), and a line saying how many rows went where.
 */
export async function writeReport(
  runtime: CliRuntime,
  options: { format: ReportFormat; output?: string },
  report: {
    /** The whole report, for JSON. */
    json: () => Promise<{ rows: readonly unknown[] }>;
    /** The file, for XLSX and CSV (the service audits the export). */
    file: (format: 'xlsx' | 'csv') => Promise<PreparedExport>;
  },
): Promise<void> {
  const { t } = runtime;
  if (options.format !== 'json' && !options.output)
    throw validationError([{ field: 'output', code: 'required' }]);
  const done = (count: number) =>
    runtime.output({ file: options.output, rows: count }, () =>
      printLines(t('leave:cli.report.done', { count, file: options.output })),
    );
  if (options.format === 'json') {
    const full = await report.json();
    const text = `${JSON.stringify(full, null, 2)}\n`;
    if (!options.output) return void process.stdout.write(text);
    await writeFile(options.output, text);
    return done(full.rows.length);
  }
  const prepared = await report.file(options.format);
  const file = createWriteStream(options.output!);
  const count = await prepared.write(file);
  await finished(file);
  done(count);
}
