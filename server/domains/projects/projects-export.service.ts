import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../core/reporting/exceljs.ts';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Language } from '../../../shared/i18n/index.ts';
import type {
  ClientExportQuery,
  ListExportFormat,
  ProjectFilters,
} from '../../../shared/projects.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { recordAudit } from '../../core/audit.ts';
import type { PreparedExport } from '../../core/files/download.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { projectScope } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import * as clients from './clients.repository.ts';
import * as members from './members.repository.ts';
import {
  CLIENT_COLUMNS,
  HISTORY_COLUMNS,
  MEMBER_COLUMNS,
  PROJECT_COLUMNS,
  cellText,
  csvCell,
  headerOf,
  projectsT,
  type ClientSheetRow,
  type SheetColumn,
} from './project-sheet.ts';
import { clientPolicy, projectPolicy } from './projects.policy.ts';
import * as projects from './projects.repository.ts';
import { requireVisibleProject } from './projects.service.ts';

const BATCH = 500;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CONTENT_TYPES: Record<ListExportFormat, string> = { xlsx: XLSX, csv: 'text/csv; charset=utf-8' };

async function write(output: Writable, chunk: string): Promise<void> {
  if (!output.write(chunk)) await once(output, 'drain');
}

/** A spreadsheet value: real dates and numbers, labels for enums, text otherwise (ids keep their zeros). */
function xlsxValue<Row>(column: SheetColumn<Row>, row: Row, language: Language): unknown {
  const value = column.value(row);
  if (value === null || value === undefined || value === '') return null;
  if (column.kind === 'date') return new Date(`${String(value).slice(0, 10)}T00:00:00Z`);
  if (column.kind === 'number') return Number(value);
  return cellText(column, row, language) || null;
}

function addSheet<Row>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  title: string,
  columns: SheetColumn<Row>[],
  language: Language,
) {
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: headerOf(column, language),
    key: column.key,
    width: column.width,
    ...(column.kind === 'date' && { style: { numFmt: 'yyyy/mm/dd' } }),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    add(row: Row) {
      sheet.addRow(columns.map((column) => xlsxValue(column, row, language))).commit();
    },
    commit: () => sheet.commit(),
  };
}

const stamp = () => new Date().toISOString().slice(0, 10);

/** A safe file name from a project name (the real name travels in the RFC 5987 header too). */
function fileNamePart(name: string): string {
  return (
    name
      .replace(/\p{Cc}+/gu, ' ')
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .trim()
      .slice(0, 80) || 'project'
  );
}

/**
 * Checks an export of the client list (same filters and order as the list) and returns how to
 * stream it: XLSX, or CSV in UTF-8 with a byte-order mark. Recorded in the audit trail.
 */
export async function prepareClientExport(
  ctx: ServiceContext,
  query: ClientExportQuery,
): Promise<PreparedExport> {
  clientPolicy.authorize(ctx.actor, 'export', undefined);
  const format = query.format ?? 'xlsx';
  const language = ctx.request.language;
  const t = projectsT(language);
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, { action: 'clients.exported', entityType: 'client', after: { ...query, format } }),
  );
  const toRow = (row: clients.ClientRow): ClientSheetRow => ({
    name: row.name,
    type: row.type,
    email: row.email,
    status: row.status,
    projectCount: row.project_count,
    description: row.description,
    createdAt: row.created_at,
  });
  async function* batches() {
    for (let offset = 0; ; offset += BATCH) {
      const rows = await clients.listClientRows(ctx.db, query, {
        sortField: query.sortField ?? 'name',
        sortOrder: query.sortOrder ?? 'asc',
        offset,
        limit: BATCH,
      });
      if (rows.length > 0) yield rows.map(toRow);
      if (rows.length < BATCH) return;
    }
  }

  return {
    fileName: `clients-${stamp()}.${format}`,
    contentType: CONTENT_TYPES[format],
    async write(output) {
      let count = 0;
      if (format === 'csv') {
        const headers = CLIENT_COLUMNS.map((column) => csvCell(headerOf(column, language)));
        await write(output, `\uFEFF${headers.join(',')}\r\n`);
        for await (const rows of batches()) {
          const lines = rows.map(
            (row) =>
              CLIENT_COLUMNS.map((column) => csvCell(cellText(column, row, language))).join(',') + '\r\n',
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
      });
      const sheet = addSheet(workbook, t('projects:sheet.clients'), CLIENT_COLUMNS, language);
      for await (const rows of batches()) {
        for (const row of rows) sheet.add(row);
        count += rows.length;
      }
      sheet.commit();
      await workbook.commit();
      return count;
    },
  };
}

/**
 * Writes projects as a workbook of three sheets: the projects, their members (with project roles
 * and dates) and their stage history. The first two import back (`backoffice projects import`).
 * `pages(offset)` yields the projects a batch at a time, in a stable order.
 */
async function writeProjectsWorkbook(
  ctx: ServiceContext,
  output: Writable,
  page: (offset: number, limit: number) => Promise<projects.ProjectRow[]>,
): Promise<number> {
  const language = ctx.request.language;
  const t = projectsT(language);
  const workbook = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  async function* batches() {
    for (let offset = 0; ; offset += BATCH) {
      const rows = await page(offset, BATCH);
      if (rows.length > 0) yield rows;
      if (rows.length < BATCH) return;
    }
  }
  // Streamed sheets are written one after the other: each pass reads the projects again.
  let count = 0;
  const projectSheet = addSheet(workbook, t('projects:sheet.projects'), PROJECT_COLUMNS, language);
  for await (const rows of batches()) {
    for (const row of rows) {
      projectSheet.add({
        client: row.client_name,
        name: row.name,
        description: row.description,
        startDate: row.start_date,
        endDate: row.end_date,
        stage: row.stage,
        status: row.status,
        totalMembers: row.total_members,
      });
    }
    count += rows.length;
  }
  projectSheet.commit();

  const memberSheet = addSheet(workbook, t('projects:sheet.members'), MEMBER_COLUMNS, language);
  for await (const rows of batches()) {
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const member of await members.listMembers(ctx.db, [...byId.keys()])) {
      const project = byId.get(member.project_id)!;
      memberSheet.add({
        client: project.client_name,
        project: project.name,
        email: member.email,
        fullName: fullName({ firstName: member.first_name, lastName: member.last_name }),
        role: member.role_name,
        note: member.note,
        joinedAt: member.joined_at,
        exitedAt: member.exited_at,
        status: member.status,
      });
    }
  }
  memberSheet.commit();

  const historySheet = addSheet(workbook, t('projects:sheet.history'), HISTORY_COLUMNS, language);
  for await (const rows of batches()) {
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const change of await projects.listStageChangesOf(ctx.db, [...byId.keys()])) {
      const project = byId.get(change.project_id)!;
      historySheet.add({
        client: project.client_name,
        project: project.name,
        fromStage: change.from_stage,
        toStage: change.to_stage,
        changedAt: change.changed_at,
        changedBy: change.changed_by_label,
      });
    }
  }
  historySheet.commit();
  await workbook.commit();
  return count;
}

/** One project as an XLSX file: the project, its members with roles and dates, its stage history. */
export async function prepareProjectExport(ctx: ServiceContext, projectId: string): Promise<PreparedExport> {
  const project = await requireVisibleProject(ctx, projectId);
  projectPolicy.authorize(ctx.actor, 'export', { projectId });
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, { action: 'project.exported', entityType: 'project', entityId: projectId }),
  );
  return {
    fileName: `${fileNamePart(project.name)}-${stamp()}.xlsx`,
    contentType: XLSX,
    write: (output) =>
      writeProjectsWorkbook(ctx, output, async (offset) =>
        offset === 0 ? [(await projects.findProject(ctx.db, projectId))!] : [],
      ),
  };
}

/**
 * Every project the caller may export (all of them for a company-wide holder and the system), with
 * the list's filters, by client and name: the file `backoffice projects export` writes.
 */
export async function prepareProjectsExport(
  ctx: ServiceContext,
  filter: Omit<ProjectFilters, 'sortField' | 'sortOrder'> = {},
): Promise<PreparedExport> {
  const visible = projectScope(ctx.actor, 'projects.export');
  if (visible !== 'all' && visible.length === 0) throw new AppError('FORBIDDEN');
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, { action: 'projects.exported', entityType: 'project', after: { ...filter } }),
  );
  return {
    fileName: `projects-${stamp()}.xlsx`,
    contentType: XLSX,
    write: (output) =>
      writeProjectsWorkbook(ctx, output, (offset, limit) =>
        projects.listProjectRows(
          ctx.db,
          { ...filter, visible },
          { sortField: 'client', sortOrder: 'asc', offset, limit },
        ),
      ),
  };
}
