import { parse as parseCsv } from 'csv-parse/sync';
import { loadExcelJS } from '../../core/reporting/exceljs.ts';
import { i18nFor, LANGUAGES, type Language } from '../../../shared/i18n/index.ts';
import { ACTIVE_STATUSES, CLIENT_TYPES, PROJECT_STAGES } from '../../../shared/projects.schemas.ts';

/**
 * The spreadsheets of clients and projects: what the exports write and the import reads, column by
 * column. Headers are translated; the import recognises the English and the Vietnamese header and
 * the API field name. Enums are written as labels and read as codes or labels in either language.
 */
export type ColumnKind = 'text' | 'date' | 'enum' | 'number';

export interface SheetColumn<Row> {
  key: string;
  kind: ColumnKind;
  /** Export only: the import ignores the column. */
  readOnly?: boolean;
  width: number;
  /** For enums: the values and the i18n prefix of their labels. */
  values?: readonly string[];
  labels?: string;
  value: (row: Row) => string | number | null;
}

export interface ProjectSheetRow {
  client: string;
  name: string;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
  stage: string;
  status: string;
  totalMembers: number;
}

export interface MemberSheetRow {
  client: string;
  project: string;
  email: string;
  fullName: string;
  role: string;
  note: string | null;
  joinedAt: string | null;
  exitedAt: string | null;
  status: string;
}

export interface HistorySheetRow {
  client: string;
  project: string;
  fromStage: string | null;
  toStage: string;
  changedAt: Date;
  changedBy: string;
}

export interface ClientSheetRow {
  name: string;
  type: string;
  email: string | null;
  status: string;
  projectCount: number;
  description: string | null;
  createdAt: Date;
}

const stage = { kind: 'enum', values: PROJECT_STAGES, labels: 'projects:stage' } as const;
const status = { kind: 'enum', values: ACTIVE_STATUSES, labels: 'projects:status' } as const;

export const PROJECT_COLUMNS: SheetColumn<ProjectSheetRow>[] = [
  { key: 'client', kind: 'text', width: 24, value: (r) => r.client },
  { key: 'project', kind: 'text', width: 28, value: (r) => r.name },
  { key: 'description', kind: 'text', width: 40, value: (r) => r.description },
  { key: 'startDate', kind: 'date', width: 12, value: (r) => r.startDate },
  { key: 'endDate', kind: 'date', width: 12, value: (r) => r.endDate },
  { key: 'stage', ...stage, width: 18, value: (r) => r.stage },
  { key: 'status', ...status, width: 12, value: (r) => r.status },
  { key: 'totalMembers', kind: 'number', readOnly: true, width: 10, value: (r) => r.totalMembers },
];

export const MEMBER_COLUMNS: SheetColumn<MemberSheetRow>[] = [
  { key: 'client', kind: 'text', width: 24, value: (r) => r.client },
  { key: 'project', kind: 'text', width: 28, value: (r) => r.project },
  { key: 'email', kind: 'text', width: 32, value: (r) => r.email },
  { key: 'fullName', kind: 'text', readOnly: true, width: 24, value: (r) => r.fullName },
  { key: 'projectRole', kind: 'text', width: 20, value: (r) => r.role },
  { key: 'note', kind: 'text', width: 36, value: (r) => r.note },
  { key: 'joinedAt', kind: 'date', width: 12, value: (r) => r.joinedAt },
  { key: 'exitedAt', kind: 'date', width: 12, value: (r) => r.exitedAt },
  { key: 'status', ...status, width: 12, value: (r) => r.status },
];

export const HISTORY_COLUMNS: SheetColumn<HistorySheetRow>[] = [
  { key: 'client', kind: 'text', width: 24, value: (r) => r.client },
  { key: 'project', kind: 'text', width: 28, value: (r) => r.project },
  { key: 'fromStage', ...stage, width: 18, value: (r) => r.fromStage },
  { key: 'toStage', ...stage, width: 18, value: (r) => r.toStage },
  { key: 'changedAt', kind: 'text', width: 18, value: (r) => r.changedAt.toISOString() },
  { key: 'changedBy', kind: 'text', width: 28, value: (r) => r.changedBy },
];

export const CLIENT_COLUMNS: SheetColumn<ClientSheetRow>[] = [
  { key: 'name', kind: 'text', width: 28, value: (r) => r.name },
  {
    key: 'type',
    kind: 'enum',
    values: CLIENT_TYPES,
    labels: 'projects:clientType',
    width: 12,
    value: (r) => r.type,
  },
  { key: 'email', kind: 'text', width: 30, value: (r) => r.email },
  { key: 'status', ...status, width: 12, value: (r) => r.status },
  { key: 'projectCount', kind: 'number', width: 10, value: (r) => r.projectCount },
  { key: 'description', kind: 'text', width: 40, value: (r) => r.description },
  { key: 'createdAt', kind: 'date', width: 12, value: (r) => r.createdAt.toISOString().slice(0, 10) },
];

export function projectsT(language: Language) {
  const instance = i18nFor(language);
  return (key: string, params?: Record<string, unknown>) => instance.t(key, params ?? {}) as string;
}

export function headerOf(column: { key: string }, language: Language): string {
  return projectsT(language)(`projects:sheet.columns.${column.key}`);
}

/** Lower case, no accents, letters and digits only: 'Ngày tham gia' and 'ngay_tham_gia' compare equal. */
export function normalizeLabel(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The column of `columns` a header names, in English, in Vietnamese or by its key. */
export function columnForHeader<Row>(
  columns: SheetColumn<Row>[],
  header: string,
): SheetColumn<Row> | undefined {
  const wanted = normalizeLabel(header);
  if (!wanted) return undefined;
  return columns.find(
    (column) =>
      normalizeLabel(column.key) === wanted ||
      LANGUAGES.some((language) => normalizeLabel(headerOf(column, language)) === wanted),
  );
}

/** The label of an enum value in a language ('GO_LIVE' → 'Go live'). */
export function enumLabel(column: { labels?: string }, value: string, language: Language): string {
  return column.labels ? projectsT(language)(`${column.labels}.${value}`) : value;
}

/** The enum value a cell means: the code itself, or its English or Vietnamese label. */
export function enumValue(
  column: { values?: readonly string[]; labels?: string },
  cell: string,
): string | null {
  const wanted = normalizeLabel(cell);
  for (const value of column.values ?? []) {
    if (normalizeLabel(value) === wanted) return value;
    for (const language of LANGUAGES) {
      if (normalizeLabel(enumLabel(column, value, language)) === wanted) return value;
    }
  }
  return null;
}

/** The text of a cell as written in a file (labels for enums, YYYY/MM/DD for dates). */
export function cellText<Row>(column: SheetColumn<Row>, row: Row, language: Language): string {
  const value = column.value(row);
  if (value === null || value === undefined) return '';
  if (column.kind === 'enum') return enumLabel(column, String(value), language);
  if (column.kind === 'date') return String(value).replaceAll('-', '/');
  return String(value);
}

/**
 * A date cell as YYYY-MM-DD: spreadsheet dates (read as UTC midnight), 'YYYY/MM/DD', 'YYYY-MM-DD'
 * and 'DD/MM/YYYY'. Anything else is returned as written, for the validation to report.
 */
export function parseSheetDate(cell: unknown): string {
  if (cell instanceof Date && !Number.isNaN(cell.getTime())) return cell.toISOString().slice(0, 10);
  const text = String(cell).trim();
  const ymd = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(text);
  if (ymd) return `${ymd[1]}-${ymd[2]!.padStart(2, '0')}-${ymd[3]!.padStart(2, '0')}`;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return text;
}

/**
 * Spreadsheet programs run a cell that starts with '=', '+', '-' or '@' as a formula: such cells
 * are written with a leading apostrophe (the import removes it).
 */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function unguardFormula(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export function csvCell(text: string): string {
  const guarded = guardFormula(text);
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export interface Sheet {
  name: string;
  headers: string[];
  rows: Array<{ number: number; cells: unknown[] }>;
}

/** The text (or Date) of a spreadsheet cell, whatever exceljs made of it (rich text, hyperlinks, formulas). */
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

/** Every sheet of an XLSX file, or the one sheet of a CSV file in UTF-8 (with or without a byte-order mark). */
export async function readSheets(data: Buffer): Promise<Sheet[]> {
  const isZip = data.length > 4 && data.readUInt32LE(0) === 0x04034b50;
  if (isZip) {
    const workbook = new (await loadExcelJS()).Workbook();
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
    return workbook.worksheets.map((worksheet) => {
      const sheet: Sheet = { name: worksheet.name, headers: [], rows: [] };
      worksheet.eachRow({ includeEmpty: false }, (row, number) => {
        const values = (row.values as unknown[]).slice(1).map(cellValue);
        if (sheet.headers.length === 0) sheet.headers = values.map((v) => String(v ?? '').trim());
        else sheet.rows.push({ number, cells: values });
      });
      return sheet;
    });
  }
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw new Error('not a text file');
  const records = parseCsv(text, {
    delimiter: detectDelimiter(text),
    relax_column_count: true,
    skip_empty_lines: false,
    bom: true,
  }) as string[][];
  const [header = [], ...body] = records;
  return [
    {
      name: 'CSV',
      headers: header.map((h) => h.trim()),
      rows: body.map((cells, i) => ({ number: i + 2, cells })),
    },
  ];
}
