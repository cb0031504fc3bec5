import type { ValidationCode } from '../../../shared/errors.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import { problemMessage, withoutProblemFields } from '../../../shared/rules/problems.ts';
import { recordAudit, recordAudits } from '../../core/audit.ts';
import { cellValue, readSheet, type SheetData } from '../../core/reporting/read-sheet.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { NewUser, UserUpdate } from '../../db/database.ts';
import { findDepartmentsByNames } from '../departments/department-lookup.service.ts';
import { insertUsers, updateUser } from '../accounts/accounts.service.ts';
import { issueInvitation } from '../accounts/invite.service.ts';
import { defaultAccessRoleId, grantInitialAccessRolesToMany } from '../access/initial-access-roles.ts';
import {
  createSchema,
  referenceProblems,
  ruleProblems,
  schemaProblems,
  toColumns,
  updateSchema,
  type Problem,
} from './employee-input.ts';
import {
  SHEET_COLUMNS,
  columnForHeader,
  enumValue,
  headerOf,
  normalizeLabel,
  parseSheetDate,
  peopleT,
  unguardFormula,
  type SheetColumn,
} from './employee-sheet.ts';
import { peoplePolicy } from './employees.policy.ts';
import { importCodeProblems } from './employee-links.ts';
import * as repo from './employees.repository.ts';

export interface ImportOptions {
  /** Validate and report what would change, write nothing. */
  dryRun?: boolean;
  /** Queue an invitation for every person created. */
  sendInvitations?: boolean;
  onProgress?: (phase: 'validate' | 'write', done: number, total: number) => void;
}

/** One problem of the file: its row as the spreadsheet numbers it (the header is row 1), and its column. */
export interface ImportProblem {
  /** 0 for a problem of the whole file. */
  row: number;
  column: string;
  field: string;
  code: ValidationCode;
  params?: Record<string, string | number>;
  message: string;
}

export interface ImportReport {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  invited: number;
  dryRun: boolean;
  errors: ImportProblem[];
  warnings: string[];
}

const FIELD_TO_COLUMN: Record<string, string> = {
  departmentId: 'department',
  employeeRoleId: 'employeeRole',
  bankId: 'bank',
};

interface PreparedRow {
  number: number;
  email: string;
  input: Record<string, unknown>;
  existing: repo.EmployeeRecord | undefined;
  problems: Problem[];
}

/** Lookups from the names a file uses to the records they stand for. */
async function referenceIndex(
  ctx: ServiceContext,
  sheet: SheetData,
  columns: Array<SheetColumn | undefined>,
) {
  const namesOf = (key: string) => {
    const index = columns.findIndex((c) => c?.key === key);
    if (index < 0) return [];
    return [...new Set(sheet.rows.map((r) => cellText(r.cells[index]).trim()).filter(Boolean))];
  };
  const [departments, roles, banks] = await Promise.all([
    findDepartmentsByNames(ctx, namesOf('department')),
    repo.findEmployeeRoles(ctx.db, { names: namesOf('employeeRole') }),
    repo.listBanks(ctx.db),
  ]);
  const bankByName = new Map<string, string>();
  for (const bank of banks) {
    for (const label of [bank.code, bank.short_name, bank.name])
      bankByName.set(normalizeLabel(label), bank.id);
  }
  return {
    department: new Map(departments.map((d) => [d.name.toLowerCase(), d.id])),
    employeeRole: new Map(roles.map((r) => [r.name.toLowerCase(), r.id])),
    bank: { get: (name: string) => bankByName.get(normalizeLabel(name)) },
  };
}

const REFERENCE_FIELDS = {
  department: 'departmentId',
  employeeRole: 'employeeRoleId',
  bank: 'bankId',
} as const;
const UNKNOWN_CODES = {
  department: 'unknownDepartment',
  employeeRole: 'unknownEmployeeRole',
  bank: 'unknownBank',
} as const;

/** The text of a cell as written before export guarded it against formulas (every column). */
function cellText(cell: unknown): string {
  return unguardFormula(String(cell ?? ''));
}

/** Turns a file row into an API input: the same shape, so the same rules apply. */
function rowInput(
  cells: unknown[],
  columns: Array<SheetColumn | undefined>,
  references: Awaited<ReturnType<typeof referenceIndex>>,
): { input: Record<string, unknown>; problems: Problem[] } {
  const input: Record<string, unknown> = {};
  const problems: Problem[] = [];
  columns.forEach((column, index) => {
    if (!column || column.readOnly) return;
    const raw = cells[index];
    if (raw instanceof Date) {
      if (column.kind === 'date') input[column.key] = parseSheetDate(raw);
      else input[column.key] = raw.toISOString();
      return;
    }
    const text = cellText(raw);
    // An empty cell leaves the field as it is; a cell of spaces is reported like a form's.
    if (text === '') return;
    if (text.trim() === '') {
      if (column.kind === 'text') input[column.key] = text;
      return;
    }
    switch (column.kind) {
      case 'text':
        input[column.key] = text;
        break;
      case 'date':
        input[column.key] = parseSheetDate(text);
        break;
      case 'enum':
        input[column.key] = enumValue(column, text) ?? text.trim();
        break;
      case 'reference': {
        const key = column.key as keyof typeof REFERENCE_FIELDS;
        const id = references[key].get(key === 'bank' ? text.trim() : text.trim().toLowerCase());
        if (id) input[REFERENCE_FIELDS[key]] = id;
        else problems.push({ field: REFERENCE_FIELDS[key], code: UNKNOWN_CODES[key] });
        break;
      }
    }
  });
  return { input, problems };
}

/** Columns that an update would change, compared with what is stored. */
function changedColumns(existing: repo.EmployeeRecord, values: UserUpdate): UserUpdate {
  const changes: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(values)) {
    const current = (existing as unknown as Record<string, unknown>)[column];
    if ((current ?? null) !== (value ?? null)) changes[column] = value;
  }
  return changes as UserUpdate;
}

/**
 * Imports employees from a CSV or XLSX file, matching people by email: new emails are created
 * (PENDING), known ones updated. Every row is validated first with the API's rules; when any row is
 * wrong the report lists every problem with its row and column, and nothing is written. Otherwise all
 * rows are written in one transaction.
 */
export async function importEmployees(
  ctx: ServiceContext,
  data: Buffer,
  options: ImportOptions = {},
): Promise<ImportReport> {
  peoplePolicy.authorize(ctx.actor, 'import', null);
  const language: Language = ctx.request.language;
  const t = peopleT(language);
  const report: ImportReport = {
    total: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    invited: 0,
    dryRun: Boolean(options.dryRun),
    errors: [],
    warnings: [],
  };
  const fileProblem = (code: ValidationCode, params: Record<string, string> = {}) => {
    report.errors.push({
      row: 0,
      column: '',
      field: 'file',
      code,
      message: problemMessage(t, { field: 'file', code, params }),
    });
    return report;
  };

  let sheet: SheetData;
  try {
    sheet = await readSheet(data);
  } catch (error) {
    return fileProblem('importUnreadable', { reason: (error as Error).message });
  }
  const columns = sheet.headers.map((header) => columnForHeader(header));
  sheet.headers.forEach((header, i) => {
    if (header && !columns[i]) report.warnings.push(t('people:import.unknownColumn', { column: header }));
  });
  const emailIndex = columns.findIndex((c) => c?.key === 'email');
  if (emailIndex < 0) return fileProblem('importMissingEmail');
  const rows = sheet.rows.filter((row) => row.cells.some((cell) => String(cellValue(cell)).trim() !== ''));
  report.total = rows.length;
  if (rows.length === 0) return fileProblem('importEmpty');

  // 1. Every row is validated before anything is written.
  const references = await referenceIndex(ctx, sheet, columns);
  const emails = rows.map((row) => cellText(row.cells[emailIndex]).trim());
  const existing = new Map(
    (await repo.findPeopleByEmails(ctx.db, [...new Set(emails.filter(Boolean))])).map((p) => [
      p.email.toLowerCase(),
      p,
    ]),
  );
  const rowsByEmail = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const key = emails[i]!.toLowerCase();
    if (key) rowsByEmail.set(key, [...(rowsByEmail.get(key) ?? []), row.number]);
  });

  const prepared: PreparedRow[] = rows.map((row, i) => {
    const { input, problems } = rowInput(row.cells, columns, references);
    const email = emails[i]!;
    const person = existing.get(email.toLowerCase());
    problems.push(...schemaProblems(person ? updateSchema : createSchema, input));
    if (person?.user_type === 'EXTERNAL') problems.push({ field: 'email', code: 'alreadyExists' });
    const sameEmail = rowsByEmail.get(email.toLowerCase()) ?? [];
    if (sameEmail.length > 1) {
      problems.push({ field: 'email', code: 'duplicateInFile', params: { rows: sameEmail.join(', ') } });
    }
    // Date rules look at the sound fields too, so a row reports every problem at once.
    problems.push(...ruleProblems({ ...person, ...toColumns(withoutProblemFields(input, problems)) }));
    options.onProgress?.('validate', i + 1, rows.length);
    return { number: row.number, email, input, existing: person, problems };
  });
  const referenceChecks = await referenceProblems(
    ctx,
    prepared.map((row) => ({
      departmentId: row.input.departmentId as string | undefined,
      employeeRoleId: row.input.employeeRoleId as string | undefined,
      bankId: row.input.bankId as string | undefined,
      current: row.existing && {
        departmentId: row.existing.department_id,
        employeeRoleId: row.existing.employee_role_id,
      },
    })),
  );
  const codeChecks = await importCodeProblems(
    ctx,
    prepared.map((row) => ({
      number: row.number,
      code: row.input.employeeCode as string | undefined,
      selfId: row.existing?.id ?? null,
    })),
  );
  prepared.forEach((row, i) => {
    for (const problem of [...referenceChecks[i]!, ...codeChecks[i]!]) {
      if (!row.problems.some((p) => p.field === problem.field)) row.problems.push(problem);
    }
  });

  for (const row of prepared) {
    for (const problem of row.problems) {
      const key = FIELD_TO_COLUMN[problem.field] ?? problem.field.split('.')[0]!;
      const index = columns.findIndex((c) => c?.key === key);
      const column = SHEET_COLUMNS.find((c) => c.key === key);
      report.errors.push({
        row: row.number,
        column: index >= 0 ? sheet.headers[index]! : column ? headerOf(column, language) : key,
        field: problem.field,
        code: problem.code,
        ...(problem.params && { params: problem.params }),
        message: problemMessage(t, problem),
      });
    }
  }

  const columnOrder = (name: string) => sheet.headers.indexOf(name);
  report.errors.sort((a, b) => a.row - b.row || columnOrder(a.column) - columnOrder(b.column));

  const creates = prepared.filter((row) => !row.existing);
  const updates = prepared
    .filter((row) => row.existing)
    .map((row) => {
      const values = changedColumns(row.existing!, toColumns(row.input));
      const roleId = row.input.employeeRoleId as string | undefined;
      const roleChanged = roleId !== undefined && roleId !== row.existing!.employee_role_id;
      return { row, values, roleChanged };
    });
  const changing = updates.filter((u) => Object.keys(u.values).length > 0 || u.roleChanged);
  report.created = creates.length;
  report.updated = changing.length;
  report.unchanged = updates.length - changing.length;
  if (report.errors.length > 0 || options.dryRun) {
    if (report.errors.length > 0) Object.assign(report, { created: 0, updated: 0, unchanged: 0 });
    return report;
  }

  // 2. All rows in one transaction: a failure leaves the database as it was.
  const total = creates.length + changing.length;
  let done = 0;
  await inTransaction(ctx, async (tx) => {
    const defaultRoleId = creates.length > 0 ? await defaultAccessRoleId(tx) : null;
    const defaultRoles = defaultRoleId ? [defaultRoleId] : [];
    for (let i = 0; i < creates.length; i += 2500) {
      const chunk = creates.slice(i, i + 2500);
      const inserted = await insertUsers(
        tx,
        chunk.map(
          (row) =>
            ({
              ...toColumns(row.input),
              user_type: 'EMPLOYEE',
              status: 'PENDING',
              created_by: tx.actor.id,
            }) as NewUser,
        ),
      );
      const roles = chunk.flatMap((row, j) =>
        row.input.employeeRoleId
          ? [{ userId: inserted[j]!.id, roleId: row.input.employeeRoleId as string }]
          : [],
      );
      await repo.insertEmployeeRoles(tx.db, roles, tx.actor.id);
      await recordAudits(
        tx,
        inserted.map((person, j) => ({
          action: 'employee.created',
          entityType: 'user',
          entityId: person.id,
          after: { ...toColumns(chunk[j]!.input), source: 'import' },
        })),
      );
      // Imported people start with the default access role, like those created one by one.
      await grantInitialAccessRolesToMany(tx, inserted, defaultRoles);
      if (options.sendInvitations) {
        for (const person of inserted) {
          await issueInvitation(tx, person);
          report.invited++;
        }
      }
      done += chunk.length;
      options.onProgress?.('write', done, total);
    }
    for (const { row, values, roleChanged } of changing) {
      const id = row.existing!.id;
      if (Object.keys(values).length > 0) await updateUser(tx, id, values);
      if (roleChanged) {
        await repo.setEmployeeRole(tx.db, id, row.input.employeeRoleId as string | null, tx.actor.id);
      }
      done++;
      if (done % 100 === 0 || done === total) options.onProgress?.('write', done, total);
    }
    await recordAudits(
      tx,
      changing.map(({ row, values }) => ({
        action: 'employee.updated',
        entityType: 'user',
        entityId: row.existing!.id,
        before: Object.fromEntries(
          Object.keys(values).map((k) => [k, (row.existing as unknown as Record<string, unknown>)[k]]),
        ),
        after: { ...values, source: 'import' },
      })),
    );
    await recordAudit(tx, {
      action: 'employees.imported',
      entityType: 'user',
      after: {
        total: report.total,
        created: report.created,
        updated: report.updated,
        invited: report.invited,
      },
    });
  });
  return report;
}
