import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { PreparedExport } from '../server/core/files/download.ts';
import { validationError } from '../server/core/errors.ts';
import { printLines, type CliRuntime } from './runtime.ts';

/** The formats a report command writes: the API's files, or the report itself as JSON. */
export const REPORT_FORMATS = ['xlsx', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Where a report command's output comes from: the file for XLSX and CSV, and JSON one of two ways. */
export type ReportSource = {
  /** The file, for XLSX and CSV (the service audits the export). */
  file: (format: 'xlsx' | 'csv') => Promise<PreparedExport>;
} & (
  | {
      /** The whole report, for JSON. */
      json: () => Promise<{ rows: readonly unknown[] }>;
    }
  | {
      /** JSON streamed rather than built whole (exports of many rows). */
      jsonFile: () => Promise<PreparedExport>;
    }
);

/**
 * Writes a report the way every report command does: JSON to stdout (or to `--output`), XLSX and CSV
 * streamed to `--output` (required then), and a line saying how many rows went where.
 */
export async function writeReport(
  runtime: CliRuntime,
  options: { format: ReportFormat; output?: string },
  report: ReportSource,
): Promise<void> {
  const { t } = runtime;
  if (options.format !== 'json' && !options.output)
    throw validationError([{ field: 'output', code: 'required' }]);
  const done = (count: number) =>
    runtime.output({ file: options.output, rows: count }, () =>
      printLines(t('leave:cli.report.done', { count, file: options.output })),
    );
  if (options.format === 'json') {
    if ('json' in report) {
      const full = await report.json();
      const text = `${JSON.stringify(full, null, 2)}\n`;
      if (!options.output) return void process.stdout.write(text);
      await writeFile(options.output, text);
      return done(full.rows.length);
    }
    const prepared = await report.jsonFile();
    if (!options.output) {
      const out = stdoutStream();
      await prepared.write(out);
      // Both sides: everything written has also reached stdout.
      return void (await finished(out));
    }
    const file = createWriteStream(options.output);
    const count = await prepared.write(file);
    await finished(file);
    return done(count);
  }
  const prepared = await report.file(options.format);
  const file = createWriteStream(options.output!);
  const count = await prepared.write(file);
  await finished(file);
  done(count);
}

/** Standard output as a stream a writer may end (ending it must not close the process's stdout). */
function stdoutStream(): PassThrough {
  const stream = new PassThrough();
  stream.pipe(process.stdout, { end: false });
  return stream;
}
