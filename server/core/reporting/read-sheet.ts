import { parse as parseCsv } from 'csv-parse/sync';
import { loadExcelJS } from './exceljs.ts';

/**
 * Reading an uploaded spreadsheet: the first sheet of an XLSX file, or a CSV file (comma, semicolon
 * or tab, with or without a byte-order mark). Shared by the imports (people, assets).
 */

export interface SheetData {
  headers: string[];
  rows: Array<{ number: number; cells: unknown[] }>;
}

/** The text of a spreadsheet cell, whatever exceljs made of it (rich text, hyperlinks, formulas). */
export function cellValue(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const object = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown };
    if (object.richText) return object.richText.map((part) => part.text).join('');
    if (object.text !== undefined) return cellValue(object.text);
    if (object.result !== undefined) return cellValue(object.result);
    return '';
  }
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value);
}

function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

/** Reads the first sheet of an XLSX file, or a CSV file in UTF-8 (with or without a byte-order mark). */
export async function readSheet(data: Buffer): Promise<SheetData> {
  const isZip = data.length > 4 && data.readUInt32LE(0) === 0x04034b50;
  if (isZip) {
    const workbook = new (await loadExcelJS()).Workbook();
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) return { headers: [], rows: [] };
    const rows: SheetData['rows'] = [];
    let headers: string[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const values = (row.values as unknown[]).slice(1).map(cellValue);
      if (headers.length === 0) headers = values.map((v) => String(v ?? '').trim());
      else rows.push({ number, cells: values });
    });
    return { headers, rows };
  }
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const records = parseCsv(text, {
    delimiter: detectDelimiter(text),
    relax_column_count: true,
    skip_empty_lines: false,
    bom: true,
  }) as string[][];
  const [header = [], ...body] = records;
  return {
    headers: header.map((h) => h.trim()),
    rows: body.map((cells, i) => ({ number: i + 2, cells })),
  };
}
