import type { ValidationCode } from '../../../shared/errors.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import { ACTIVE_STATUSES, PROJECT_STAGES } from '../../../shared/projects.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { ActiveStatus, ProjectStage } from '../../db/database.ts';
import * as clients from './clients.repository.ts';
import * as members from './members.repository.ts';
import { roleProblems } from './members.service.ts';
import { cleanText, memberProblems, projectProblems, type Problem } from './project-rules.ts';
import {
  HISTORY_COLUMNS,
  MEMBER_COLUMNS,
  PROJECT_COLUMNS,
  cellValue,
  columnForHeader,
  enumValue,
  headerOf,
  parseSheetDate,
  projectsT,
  readSheets,
  unguardFormula,
  type Sheet,
  type SheetColumn,
} from './project-sheet.ts';
import * as projects from './projects.repository.ts';
import { recordStage } from './projects.service.ts';

export interface ProjectImportOptions {
  /** Validate and report what would change, write nothing. */
  dryRun?: boolean;
  onProgress?: (phase: 'validate' | 'write', done: number, total: number) => void;
}

/** One problem of the file: its sheet, its row as the spreadsheet numbers it (header = 1), its column. */
export interface ProjectImportProblem {
  sheet: string;
  /** 0 for a problem of the whole file or sheet. */
  row: number;
  column: string;
  field: string;
  code: ValidationCode;
  params?: Record<string, string | number>;
  message: string;
}

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface ProjectImportReport {
  /** Data rows read, both sheets together. */
  total: number;
  projects: Counts;
  members: Counts;
  dryRun: boolean;
  errors: ProjectImportProblem[];
  warnings: string[];
}

type Cells = Record<string, string | undefined>;

interface ReadRow {
  sheet: Sheet;
  number: number;
  /** Non-empty cells by column key (dates as YYYY-MM-DD, enums as written). */
  cells: Cells;
  problems: Problem[];
}

/** Reads a sheet's rows as cells by column key; empty rows are skipped. */
function readRows<Row>(sheet: Sheet, columns: Array<SheetColumn<Row> | undefined>): ReadRow[] {
  const rows: ReadRow[] = [];
  for (const row of sheet.rows) {
    const cells: Cells = {};
    columns.forEach((column, index) => {
      if (!column || column.readOnly) return;
      const raw = cellValue(row.cells[index]);
      if (raw instanceof Date) {
        cells[column.key] = column.kind === 'date' ? parseSheetDate(raw) : raw.toISOString();
        return;
      }
      const text = unguardFormula(String(raw ?? ''));
      // An empty cell leaves the field as it is.
      if (text.trim() === '') return;
      cells[column.key] = column.kind === 'date' ? parseSheetDate(text) : text.trim();
    });
    if (Object.keys(cells).length > 0) rows.push({ sheet, number: row.number, cells, problems: [] });
  }
  return rows;
}

const keyOf = (clientId: string, name: string) => `${clientId}|${name.trim().toLowerCase()}`;

interface PlannedProject {
  row: ReadRow;
  key: string;
  clientId: string;
  existing: projects.ProjectRow | undefined;
  values: {
    name: string;
    description: string | null;
    start_date: string | null;
    end_date: string | null;
    stage: ProjectStage;
    status: ActiveStatus;
  };
  changed: boolean;
}

interface PlannedMember {
  row: ReadRow;
  projectKey: string;
  userId: string;
  existing: Awaited<ReturnType<typeof members.findMembershipsOf>>[number] | undefined;
  values: {
    role_id: string;
    note: string | null;
    joined_at: string | null;
    exited_at: string | null;
    status: ActiveStatus;
  };
  changed: boolean;
}

/**
 * Imports projects and their members from an XLSX file (the workbook `backoffice projects export`
 * writes: a projects sheet and a members sheet; the stage history sheet is ignored) or a CSV file
 * holding one of the two sheets, told apart by its columns.
 *
 * Projects are matched by client and name: new ones are created, known ones updated. Members are
 * matched to the memberships of the same person in the project (same dates first). Every row is
 * validated with the API's rules before anything is written; when any row is wrong, the report
 * lists every problem with its sheet, row and column, and nothing is written. Otherwise all rows are
 * written in one transaction, with the same audit events and project-role grants as the API.
 */
export async function importProjects(
  ctx: ServiceContext,
  data: Buffer,
  options: ProjectImportOptions = {},
): Promise<ProjectImportReport> {
  // Creating projects and staffing them are company-wide decisions.
  authorize(ctx.actor, 'projects.manage');
  authorize(ctx.actor, 'projects.members.manage');
  const language: Language = ctx.request.language;
  const t = projectsT(language);
  const report: ProjectImportReport = {
    total: 0,
    projects: { created: 0, updated: 0, unchanged: 0 },
    members: { created: 0, updated: 0, unchanged: 0 },
    dryRun: Boolean(options.dryRun),
    errors: [],
    warnings: [],
  };
  const fileProblem = (sheet: string, code: ValidationCode, params: Record<string, string> = {}) => {
    report.errors.push({
      sheet,
      row: 0,
      column: '',
      field: 'file',
      code,
      params,
      message: t(`errors:validation.${code}`, params),
    });
  };

  let sheets: Sheet[];
  try {
    sheets = await readSheets(data);
  } catch (error) {
    fileProblem('', 'importUnreadable', { reason: (error as Error).message });
    return report;
  }

  // 1. Which sheet is which, by its columns.
  const projectSheets: Array<{ sheet: Sheet; columns: Array<SheetColumn<never> | undefined> }> = [];
  const memberSheets: Array<{ sheet: Sheet; columns: Array<SheetColumn<never> | undefined> }> = [];
  for (const sheet of sheets) {
    const memberColumns = sheet.headers.map((h) => columnForHeader(MEMBER_COLUMNS, h));
    const historyColumns = sheet.headers.map((h) => columnForHeader(HISTORY_COLUMNS, h));
    const projectColumns = sheet.headers.map((h) => columnForHeader(PROJECT_COLUMNS, h));
    const has = (columns: Array<{ key: string } | undefined>, key: string) =>
      columns.some((c) => c?.key === key);
    let used: Array<{ key: string } | undefined>;
    if (has(memberColumns, 'email')) {
      memberSheets.push({ sheet, columns: memberColumns as never });
      used = memberColumns;
    } else if (has(historyColumns, 'toStage')) {
      report.warnings.push(t('projects:import.ignoredSheet', { sheet: sheet.name }));
      continue;
    } else if (has(projectColumns, 'project')) {
      projectSheets.push({ sheet, columns: projectColumns as never });
      used = projectColumns;
    } else {
      if (sheet.rows.length > 0)
        report.warnings.push(t('projects:import.ignoredSheet', { sheet: sheet.name }));
      continue;
    }
    sheet.headers.forEach((header, i) => {
      if (header && !used[i])
        report.warnings.push(t('projects:import.unknownColumn', { sheet: sheet.name, column: header }));
    });
  }
  if (projectSheets.length === 0 && memberSheets.length === 0) {
    fileProblem('', 'importNoSheets');
    return report;
  }
  for (const { sheet, columns } of projectSheets) {
    for (const key of ['client', 'project'])
      if (!columns.some((c) => c?.key === key))
        fileProblem(sheet.name, 'importMissingColumn', { column: headerOf({ key }, language) });
  }
  for (const { sheet, columns } of memberSheets) {
    for (const key of ['client', 'project', 'email'])
      if (!columns.some((c) => c?.key === key))
        fileProblem(sheet.name, 'importMissingColumn', { column: headerOf({ key }, language) });
  }
  if (report.errors.length > 0) return report;

  const projectRows = projectSheets.flatMap(({ sheet, columns }) => readRows(sheet, columns));
  const memberRows = memberSheets.flatMap(({ sheet, columns }) => readRows(sheet, columns));
  report.total = projectRows.length + memberRows.length;
  if (report.total === 0) {
    fileProblem('', 'importEmpty');
    return report;
  }

  // 2. What the rows name: clients, projects, people, roles, memberships.
  const clientNames = [
    ...new Set([...projectRows, ...memberRows].map((r) => r.cells.client).filter(Boolean)),
  ] as string[];
  const clientByName = new Map(
    (await clients.findClientsByNames(ctx.db, clientNames)).map((c) => [c.name.toLowerCase(), c]),
  );
  const stored = await projects.findProjectsOfClients(ctx.db, [
    ...new Set([...clientByName.values()].map((c) => c.id)),
  ]);
  const storedByKey = new Map(stored.map((p) => [keyOf(p.client_id, p.name), p]));
  const people = await members.findPeopleByEmails(ctx.db, [
    ...new Set(memberRows.map((r) => r.cells.email).filter(Boolean)),
  ] as string[]);
  const roles = await members.findProjectRolesByNames(ctx.db, [
    ...new Set(memberRows.map((r) => r.cells.projectRole).filter(Boolean)),
  ] as string[]);
  const memberships = await members.findMembershipsOf(
    ctx.db,
    stored.map((p) => p.id),
  );

  const total = report.total;
  let validated = 0;
  const progress = () => options.onProgress?.('validate', ++validated, total);

  // 3. Projects.
  const planned: PlannedProject[] = [];
  const plannedByKey = new Map<string, PlannedProject>();
  for (const row of projectRows) {
    const { cells, problems } = row;
    const client = cells.client ? clientByName.get(cells.client.toLowerCase()) : undefined;
    if (!cells.client) problems.push({ field: 'client', code: 'required' });
    else if (!client) problems.push({ field: 'client', code: 'unknownClient' });
    if (!cells.project) problems.push({ field: 'project', code: 'required' });
    const stage =
      cells.stage === undefined
        ? undefined
        : (enumValue({ values: PROJECT_STAGES, labels: 'projects:stage' }, cells.stage) ?? cells.stage);
    const status =
      cells.status === undefined
        ? undefined
        : (enumValue({ values: ACTIVE_STATUSES, labels: 'projects:status' }, cells.status) ?? cells.status);
    if (status !== undefined && !(ACTIVE_STATUSES as readonly string[]).includes(status))
      problems.push({ field: 'status', code: 'oneOf', params: { values: ACTIVE_STATUSES.join(', ') } });
    if (!client || !cells.project) {
      progress();
      continue;
    }
    const key = keyOf(client.id, cells.project);
    if (plannedByKey.has(key)) {
      problems.push({
        field: 'project',
        code: 'duplicateInFile',
        params: { rows: String(plannedByKey.get(key)!.row.number) },
      });
      progress();
      continue;
    }
    const existing = storedByKey.get(key);
    const next = {
      name: cells.project,
      description: cells.description !== undefined ? cells.description : (existing?.description ?? null),
      startDate: cells.startDate !== undefined ? cells.startDate : (existing?.start_date ?? null),
      endDate: cells.endDate !== undefined ? cells.endDate : (existing?.end_date ?? null),
      stage: stage ?? existing?.stage ?? 'NEGOTIATION',
    };
    problems.push(...projectProblems(next).map((p) => (p.field === 'name' ? { ...p, field: 'project' } : p)));
    if (!existing && client.status === 'INACTIVE') problems.push({ field: 'client', code: 'inactiveClient' });
    const values = {
      name: existing ? existing.name : cells.project.trim(),
      description: cleanText(next.description as string | null),
      start_date: next.startDate,
      end_date: next.endDate,
      stage: next.stage as ProjectStage,
      status: (status ?? existing?.status ?? 'ACTIVE') as ActiveStatus,
    };
    const changed =
      !existing ||
      values.description !== existing.description ||
      values.start_date !== existing.start_date ||
      values.end_date !== existing.end_date ||
      values.stage !== existing.stage ||
      values.status !== existing.status;
    const plan = { row, key, clientId: client.id, existing, values, changed };
    plannedByKey.set(key, plan);
    if (problems.length === 0) planned.push(plan);
    progress();
  }

  /** A project as it will be after the import: its id (when it exists), its status. */
  const finalProject = (key: string) => {
    const plan = plannedByKey.get(key);
    if (plan) return { id: plan.existing?.id, status: plan.values.status, client: plan.clientId };
    const existing = storedByKey.get(key);
    return existing ? { id: existing.id, status: existing.status, client: existing.client_id } : undefined;
  };

  // 4. Members: each row is matched to one membership of the person in the project (or creates one).
  const plannedMembers: PlannedMember[] = [];
  const used = new Set<string>();
  const rowsByPair = new Map<string, ReadRow[]>();
  const pairOf = new Map<
    ReadRow,
    { projectKey: string; userId: string; project: NonNullable<ReturnType<typeof finalProject>> }
  >();
  for (const row of memberRows) {
    const { cells, problems } = row;
    const client = cells.client ? clientByName.get(cells.client.toLowerCase()) : undefined;
    if (!cells.client) problems.push({ field: 'client', code: 'required' });
    else if (!client) problems.push({ field: 'client', code: 'unknownClient' });
    if (!cells.project) problems.push({ field: 'project', code: 'required' });
    const project = client && cells.project ? finalProject(keyOf(client.id, cells.project)) : undefined;
    if (client && cells.project && !project) problems.push({ field: 'project', code: 'unknownProject' });
    const person = cells.email ? people.get(cells.email.toLowerCase()) : undefined;
    if (!cells.email) problems.push({ field: 'email', code: 'required' });
    else if (!person) problems.push({ field: 'email', code: 'unknownEmail', params: { email: cells.email } });
    if (project && person) {
      const projectKey = keyOf(client!.id, cells.project!);
      const pair = `${projectKey}|${person.id}`;
      rowsByPair.set(pair, [...(rowsByPair.get(pair) ?? []), row]);
      pairOf.set(row, { projectKey, userId: person.id, project });
    }
  }
  const roleOf = (row: ReadRow) =>
    row.cells.projectRole ? roles.get(row.cells.projectRole.toLowerCase()) : undefined;
  const statusOf = (row: ReadRow) =>
    row.cells.status === undefined
      ? undefined
      : (enumValue({ values: ACTIVE_STATUSES, labels: 'projects:status' }, row.cells.status) ??
        row.cells.status);
  const personById = new Map([...people.values()].map((p) => [p.id, p]));
  for (const rows of rowsByPair.values()) {
    const { project, userId } = pairOf.get(rows[0]!)!;
    const candidates = project.id
      ? memberships.filter((m) => m.project_id === project.id && m.user_id === userId)
      : [];
    const matched = new Map<ReadRow, (typeof candidates)[number]>();
    const take = (row: ReadRow, test: (m: (typeof candidates)[number]) => boolean) => {
      if (matched.has(row)) return;
      const found = candidates.find((m) => !used.has(m.id) && test(m));
      if (found) {
        used.add(found.id);
        matched.set(row, found);
      }
    };
    // The same stint first (every field alike), then the same joined date, then the current one.
    for (const row of rows)
      take(
        row,
        (m) =>
          (row.cells.joinedAt ?? null) === m.joined_at &&
          (row.cells.exitedAt ?? null) === m.exited_at &&
          (roleOf(row)?.id ?? m.role_id) === m.role_id &&
          (statusOf(row) ?? m.status) === m.status,
      );
    for (const row of rows) take(row, (m) => (row.cells.joinedAt ?? null) === m.joined_at);
    const unmatched = rows.filter((row) => !matched.has(row));
    if (unmatched.length === 1) take(unmatched[0]!, (m) => m.status === 'ACTIVE');
    for (const row of rows) {
      const existing = matched.get(row);
      const { cells, problems } = row;
      const role = roleOf(row);
      if (cells.projectRole) problems.push(...roleProblems(role, 'projectRole'));
      else if (!existing) problems.push({ field: 'projectRole', code: 'required' });
      const status = statusOf(row);
      if (status !== undefined && !(ACTIVE_STATUSES as readonly string[]).includes(status))
        problems.push({ field: 'status', code: 'oneOf', params: { values: ACTIVE_STATUSES.join(', ') } });
      // A project deactivated by this file takes its members with it, unless a row says otherwise.
      const finalStatus = (status ??
        (project.status === 'INACTIVE' ? 'INACTIVE' : (existing?.status ?? 'ACTIVE'))) as ActiveStatus;
      const next = {
        note: cells.note !== undefined ? cells.note : (existing?.note ?? null),
        joinedAt: cells.joinedAt !== undefined ? cells.joinedAt : (existing?.joined_at ?? null),
        exitedAt: cells.exitedAt !== undefined ? cells.exitedAt : (existing?.exited_at ?? null),
      };
      problems.push(...memberProblems(next));
      const person = personById.get(userId)!;
      if (finalStatus === 'ACTIVE') {
        if (person.status === 'INACTIVE') problems.push({ field: 'email', code: 'inactivePerson' });
        if (project.status === 'INACTIVE') problems.push({ field: 'status', code: 'inactiveProject' });
      }
      const values = {
        role_id: role?.id ?? existing?.role_id ?? '',
        note: cleanText(next.note as string | null),
        joined_at: next.joinedAt as string | null,
        exited_at: next.exitedAt as string | null,
        status: finalStatus,
      };
      const changed =
        !existing ||
        values.role_id !== existing.role_id ||
        values.note !== existing.note ||
        values.joined_at !== existing.joined_at ||
        values.exited_at !== existing.exited_at ||
        values.status !== existing.status;
      plannedMembers.push({
        row,
        projectKey: pairOf.get(row)!.projectKey,
        userId,
        existing,
        values,
        changed,
      });
    }
    // Nobody is an active member of a project twice, whatever the file says.
    const active = rows.filter(
      (row) => plannedMembers.find((m) => m.row === row)?.values.status === 'ACTIVE',
    );
    const activeElsewhere = candidates.some((m) => m.status === 'ACTIVE' && !used.has(m.id));
    for (const row of active.slice(activeElsewhere ? 0 : 1))
      row.problems.push({ field: 'email', code: 'memberAlreadyActive' });
  }
  for (let i = 0; i < memberRows.length; i++) progress();

  // 5. The report: every problem with its sheet, row and column.
  const sheetOrder = sheets.map((s) => s.name);
  for (const row of [...projectRows, ...memberRows]) {
    const columns = row.sheet.headers;
    for (const problem of row.problems) {
      const columnsOfSheet = memberSheets.some((s) => s.sheet === row.sheet)
        ? MEMBER_COLUMNS
        : PROJECT_COLUMNS;
      const index = columns.findIndex(
        (header) => columnForHeader(columnsOfSheet as never, header)?.key === problem.field,
      );
      report.errors.push({
        sheet: row.sheet.name,
        row: row.number,
        column: index >= 0 ? columns[index]! : headerOf({ key: problem.field }, language),
        field: problem.field,
        code: problem.code,
        ...(problem.params && { params: problem.params }),
        message: t(`errors:validation.${problem.code}`, problem.params ?? {}),
      });
    }
  }
  report.errors.sort(
    (a, b) =>
      sheetOrder.indexOf(a.sheet) - sheetOrder.indexOf(b.sheet) ||
      a.row - b.row ||
      sheets.find((s) => s.name === a.sheet)!.headers.indexOf(a.column) -
        sheets.find((s) => s.name === b.sheet)!.headers.indexOf(b.column),
  );

  report.projects = {
    created: planned.filter((p) => !p.existing).length,
    updated: planned.filter((p) => p.existing && p.changed).length,
    unchanged: planned.filter((p) => p.existing && !p.changed).length,
  };
  report.members = {
    created: plannedMembers.filter((m) => !m.existing).length,
    updated: plannedMembers.filter((m) => m.existing && m.changed).length,
    unchanged: plannedMembers.filter((m) => m.existing && !m.changed).length,
  };
  if (report.errors.length > 0) {
    report.projects = { created: 0, updated: 0, unchanged: 0 };
    report.members = { created: 0, updated: 0, unchanged: 0 };
    return report;
  }
  if (options.dryRun) return report;

  // 6. Everything in one transaction: a failure leaves the database as it was.
  const writes = planned.filter((p) => p.changed).length + plannedMembers.filter((m) => m.changed).length;
  let written = 0;
  const wrote = () => options.onProgress?.('write', ++written, writes);
  await inTransaction(ctx, async (tx) => {
    const projectIds = new Map<string, string>();
    const touched = new Set<string>();
    for (const plan of planned) {
      if (plan.existing) projectIds.set(plan.key, plan.existing.id);
      if (!plan.changed) continue;
      if (!plan.existing) {
        const id = await projects.insertProject(tx.db, {
          client_id: plan.clientId,
          ...plan.values,
          created_by: tx.actor.id,
        });
        projectIds.set(plan.key, id);
        await recordStage(tx, id, null, plan.values.stage);
        await recordAudit(tx, {
          action: 'project.created',
          entityType: 'project',
          entityId: id,
          after: { ...plan.values, client_id: plan.clientId, source: 'import' },
        });
      } else {
        const id = plan.existing.id;
        const { name: _name, ...changes } = plan.values;
        await projects.updateProject(tx.db, id, changes);
        if (plan.values.stage !== plan.existing.stage)
          await recordStage(tx, id, plan.existing.stage, plan.values.stage);
        const deactivated =
          plan.values.status === 'INACTIVE' && plan.existing.status === 'ACTIVE'
            ? await members.deactivateAllMembers(tx.db, id)
            : [];
        await recordAudit(tx, {
          action: 'project.updated',
          entityType: 'project',
          entityId: id,
          before: plan.existing,
          after: {
            ...changes,
            ...(deactivated.length && { deactivatedMembers: deactivated }),
            source: 'import',
          },
        });
        touched.add(id);
      }
      wrote();
    }
    for (const plan of plannedMembers) {
      const projectId = projectIds.get(plan.projectKey) ?? storedByKey.get(plan.projectKey)!.id;
      if (!plan.changed) continue;
      touched.add(projectId);
      if (!plan.existing) {
        const id = await members.insertMember(tx.db, {
          project_id: projectId,
          user_id: plan.userId,
          ...plan.values,
          created_by: tx.actor.id,
        });
        await recordAudit(tx, {
          action: 'project-member.added',
          entityType: 'project-member',
          entityId: id,
          after: { ...plan.values, project_id: projectId, user_id: plan.userId, source: 'import' },
        });
      } else {
        await members.updateMember(tx.db, plan.existing.id, plan.values);
        await recordAudit(tx, {
          action: 'project-member.updated',
          entityType: 'project-member',
          entityId: plan.existing.id,
          before: plan.existing,
          after: { ...plan.values, source: 'import' },
        });
      }
      wrote();
    }
    for (const id of touched) await members.syncProjectGrants(tx.db, id);
    await recordAudit(tx, {
      action: 'projects.imported',
      entityType: 'project',
      after: { total: report.total, projects: report.projects, members: report.members },
    });
  });
  return report;
}
