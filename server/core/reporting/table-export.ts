import { loadExcelJS } from './exceljs.ts';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ExportFormat } from '../../../shared/reporting.schemas.ts';

/**
 * Writes report tables as a file, streaming: rows arrive in batches and leave at once, so a report
 * of a hundred thousand rows keeps memory flat. XLSX holds every sheet; CSV (UTF-8 with a BOM, for
 * Excel) holds the first. Shared by the leave and overtime reports.
 */

export type Cell = string | number | null;

export interface TableColumn {
  header: string;
  width?: number;
  /** Numbers are written as numbers (sums work in the spreadsheet); dates as dates. */
  kind?: 'text' | 'number' | 'date';
}

export interface TableSheet {
  title: string;
  columns: readonly TableColumn[];
  /** Batches of rows, in order. */
  rows: () => AsyncIterable<readonly Cell[][]>;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** A text a spreadsheet would run as a formula gets a leading apostrophe. */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const guarded = guardFormula(cell);
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

async function write(output: Writable, chunk: string): Promise<void> {
  if (!output.write(chunk)) await once(output, 'drain');
}

function xlsxCell(column: TableColumn, cell: Cell): unknown {
  if (cell === null || cell === '') return null;
  if (column.kind === 'number') return Number(cell);
  if (column.kind === 'date') return new Date(`${String(cell).slice(0, 10)}T00:00:00Z`);
  return guardFormula(String(cell));
}

/** Streams the sheets into `output` and ends it; resolves with the data rows written. */
export async function writeTables(
  output: Writable,
  format: ExportFormat,
  sheets: readonly TableSheet[],
): Promise<number> {
  let count = 0;
  if (format === 'csv') {
    const [sheet] = sheets;
    if (sheet) {
      await write(output, `\uFEFF${sheet.columns.map((c) => csvCell(c.header)).join(',')}\r\n`);
      for await (const rows of sheet.rows()) {
        await write(output, rows.map((row) => row.map(csvCell).join(',') + '\r\n').join(''));
        count += rows.length;
      }
    }
    output.end();
    await once(output, 'finish').catch(() => undefined);
    return count;
  }
  const workbook = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.title.slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    worksheet.columns = sheet.columns.map((column, index) => ({
      header: column.header,
      key: String(index),
      width: column.width ?? 14,
      ...(column.kind === 'date' && { style: { numFmt: 'yyyy/mm/dd' } }),
    }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.getRow(1).commit();
    for await (const rows of sheet.rows()) {
      for (const row of rows)
        worksheet.addRow(row.map((cell, index) => xlsxCell(sheet.columns[index]!, cell))).commit();
      count += rows.length;
    }
    worksheet.commit();
  }
  await workbook.commit();
  return count;
}
