import { loadExcelJS } from '../../core/reporting/exceljs.ts';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { EmployeeExportQuery, ExportFormat } from '../../../shared/employees.schemas.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import { recordAudit } from '../../core/audit.ts';
import type { PreparedExport } from '../../core/files/download.ts';
import type { ServiceContext } from '../../core/context.ts';
import type { FieldProblem, ValidationCode } from '../../../shared/errors.ts';
import { validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { findDepartmentsByNames } from '../departments/department-lookup.service.ts';
import { peoplePolicy } from './employees.policy.ts';
import * as repo from './employees.repository.ts';
import {
  SHEET_COLUMNS,
  enumLabel,
  guardFormula,
  headerOf,
  peopleT,
  sheetDate,
  type SheetColumn,
} from './employee-sheet.ts';

const BATCH = 1000;
const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

function cellText(column: SheetColumn, record: repo.EmployeeRecord, language: Language): string {
  const value = column.value(record);
  if (value === null) return '';
  if (column.kind === 'enum') return enumLabel(column, value, language);
  if (column.kind === 'date') return sheetDate(value);
  return value;
}

function csvCell(text: string): string {
  const guarded = guardFormula(text);
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

async function write(output: Writable, chunk: string): Promise<void> {
  if (!output.write(chunk)) await once(output, 'drain');
}

/** Every matching person, batch after batch, in the list's order (the id breaks ties, so none repeats). */
/** The list's filters, or (an export of the list's selection) only these people. */
type ExportQuery = EmployeeExportQuery & { ids?: readonly string[] };

async function* batches(ctx: ServiceContext, query: ExportQuery) {
  for (let offset = 0; ; offset += BATCH) {
    const rows = await repo.listPeopleRows(
      ctx.db,
      { ...query, userType: 'EMPLOYEE' },
      { sortField: query.sortField ?? 'name', sortOrder: query.sortOrder ?? 'asc', offset, limit: BATCH },
    );
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
  }
}

/**
 * Checks an export of the employee list (same filters and order as the list) and returns how to
 * stream it: XLSX, or CSV in UTF-8 with a byte-order mark so that spreadsheet programs keep
 * Vietnamese letters. The export is recorded in the audit trail: it carries personal data.
 */
export async function prepareEmployeeExport(
  ctx: ServiceContext,
  query: ExportQuery,
): Promise<PreparedExport> {
  peoplePolicy.authorize(ctx.actor, 'export', null);
  if (query.onboardFrom && query.onboardTo && query.onboardTo < query.onboardFrom) {
    throw validationError([{ field: 'onboardTo', code: 'dateOrder' }]);
  }
  const format = query.format ?? 'xlsx';
  const language = ctx.request.language;
  const t = peopleT(language);
  // Recorded when the export starts, in its own transaction: the file streams out after it.
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, { action: 'employees.exported', entityType: 'user', after: { ...query, format } }),
  );
  const stamp = new Date().toISOString().slice(0, 10);
  const headers = SHEET_COLUMNS.map((column) => headerOf(column, language));

  return {
    fileName: `employees-${stamp}.${format}`,
    contentType: CONTENT_TYPES[format],
    async write(output) {
      let count = 0;
      if (format === 'csv') {
        await write(output, `\uFEFF${headers.map(csvCell).join(',')}\r\n`);
        for await (const rows of batches(ctx, query)) {
          const lines = rows.map(
            (row) =>
              SHEET_COLUMNS.map((column) => csvCell(cellText(column, row, language))).join(',') + '\r\n',
          );
          await write(output, lines.join(''));
          count += rows.length;
        }
        output.end();
        return count;
      }
      const workbook = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({
        stream: output,
        useStyles: true,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(t('people:list.title'), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = SHEET_COLUMNS.map((column, i) => ({
        header: headers[i],
        key: column.key,
        width: column.width,
        ...(column.kind === 'date' && { style: { numFmt: 'yyyy/mm/dd' } }),
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for await (const rows of batches(ctx, query)) {
        for (const row of rows) {
          const values = SHEET_COLUMNS.map((column) => {
            const value = column.value(row);
            // Dates are real spreadsheet dates; everything else is text, so ids keep their leading zeros.
            if (column.kind === 'date' && value) return new Date(`${value}T00:00:00Z`);
            // Guarded like the CSV, so either file imports back unchanged (import removes the guard).
            return guardFormula(cellText(column, row, language)) || null;
          });
          sheet.addRow(values).commit();
        }
        count += rows.length;
      }
      sheet.commit();
      await workbook.commit();
      return count;
    },
  };
}

/** Department and employee-role filters given by name (the CLI's --department, --role) as ids. */
export async function resolveNamedFilters(
  ctx: ServiceContext,
  names: { departments?: readonly string[]; roles?: readonly string[] },
): Promise<{ departmentId?: string[]; roleId?: string[] }> {
  // Only the export's filters use names; resolving them tells which departments and roles exist.
  peoplePolicy.authorize(ctx.actor, 'export', null);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const byName = (values: readonly string[] = []) => values.filter((v) => !uuid.test(v));
  const [departments, roles] = await Promise.all([
    findDepartmentsByNames(ctx, byName(names.departments)),
    byName(names.roles).length ? repo.findEmployeeRoles(ctx.db, { names: byName(names.roles) }) : [],
  ]);
  const problems: FieldProblem[] = [];
  const resolve = (
    values: readonly string[] | undefined,
    found: Array<{ id: string; name: string }>,
    field: string,
    code: ValidationCode,
  ) =>
    values?.map((value, index) => {
      if (uuid.test(value)) return value;
      const match = found.find((f) => f.name.toLowerCase() === value.toLowerCase());
      if (!match) problems.push({ field: `${field}.${index}`, code });
      return match?.id ?? '';
    });
  const result = {
    departmentId: resolve(names.departments, departments, 'departmentId', 'unknownDepartment'),
    roleId: resolve(names.roles, roles, 'roleId', 'unknownEmployeeRole'),
  };
  if (problems.length > 0) throw validationError(problems);
  return result;
}
