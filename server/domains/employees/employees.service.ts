import type {
  Aggregations,
  Bank,
  Employee,
  EmployeeCreateBody,
  EmployeeFilters,
  EmployeeListQuery,
  EmployeePage,
  EmployeeSummary,
  EmployeeUpdateBody,
  PeopleLookupQuery,
  PublicPerson,
  UserListQuery,
  UserStatusBody,
} from '../../../shared/employees.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { authorize, can } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';
import { issueInvitation, resendInvitation } from '../invitations/invitations.service.ts';
import {
  checkDocuments,
  storeDocuments,
  withStoredFiles,
  type DocumentUpload,
} from './employee-files.service.ts';
import {
  createSchema,
  referenceProblems,
  ruleProblems,
  schemaProblems,
  toColumns,
  updateSchema,
  type Problem,
} from './employee-input.ts';
import { linkProblems } from './employee-links.ts';
import { abilitiesFor, canSee, permissionsFor, toEmployee, toSummary } from './employee-views.ts';
import * as repo from './employees.repository.ts';

const DEFAULT_PAGE_SIZE = 20;

function page(query: { page?: number; perPage?: number }) {
  const perPage = query.perPage ?? DEFAULT_PAGE_SIZE;
  const currentPage = query.page ?? 1;
  return { perPage, currentPage, offset: (currentPage - 1) * perPage };
}

function checkFilterDates(filters: EmployeeFilters): void {
  if (filters.onboardFrom && filters.onboardTo && filters.onboardTo < filters.onboardFrom) {
    throw validationError([{ field: 'onboardTo', code: 'dateOrder' }]);
  }
}

/** The employee list: search, filters, a stable sort and server-side pages. */
export async function listEmployees(ctx: ServiceContext, query: EmployeeListQuery): Promise<EmployeePage> {
  authorize(ctx.actor, 'employees.view');
  checkFilterDates(query);
  const { perPage, currentPage, offset } = page(query);
  const { rows, total } = await repo.listPeople(
    ctx.db,
    { ...query, userType: 'EMPLOYEE' },
    { sortField: query.sortField ?? 'name', sortOrder: query.sortOrder ?? 'asc', offset, limit: perPage },
  );
  return {
    items: rows.map((row) => toSummary(ctx.actor, row)),
    total,
    currentPage,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    perPage,
  };
}

/** Everyone the caller may see: employees, and external users for those who view them. */
export async function listUsers(ctx: ServiceContext, query: UserListQuery): Promise<EmployeePage> {
  authorize(ctx.actor, 'employees.view');
  const seesExternal = can(ctx.actor, 'external-users.view');
  const userType = seesExternal ? query.type : 'EMPLOYEE';
  if (query.type === 'EXTERNAL' && !seesExternal) {
    return { items: [], total: 0, currentPage: query.page ?? 1, lastPage: 1, perPage: query.perPage ?? 20 };
  }
  const { perPage, currentPage, offset } = page(query);
  const { rows, total } = await repo.listPeople(
    ctx.db,
    { search: query.search, status: query.status, userType },
    { sortField: 'name', sortOrder: 'asc', offset, limit: perPage },
  );
  return {
    items: rows.map((row) => toSummary(ctx.actor, row)),
    total,
    currentPage,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    perPage,
  };
}

/** Counts by status, contract type and department for the list header. */
export async function aggregateEmployees(
  ctx: ServiceContext,
  filters: EmployeeFilters,
): Promise<Aggregations> {
  authorize(ctx.actor, 'employees.view');
  checkFilterDates(filters);
  const { byStatus, byContract, byDepartment } = await repo.aggregate(ctx.db, {
    ...filters,
    userType: 'EMPLOYEE',
  });
  const counts = (rows: Array<{ key: string | null; count: number }>) =>
    Object.fromEntries(rows.map((r) => [r.key ?? 'NONE', r.count]));
  return {
    total: byStatus.reduce((sum, r) => sum + r.count, 0),
    byStatus: { ACTIVE: 0, INACTIVE: 0, PENDING: 0, ...counts(byStatus) },
    byContractType: counts(byContract),
    byDepartment,
  };
}

async function requireVisible(ctx: ServiceContext, id: string, lock = false): Promise<repo.EmployeeRecord> {
  const person = await repo.findPerson(ctx.db, id, { lock });
  // Not-found and forbidden look alike to a caller who may not see the person.
  if (!person || !canSee(ctx.actor, person)) throw new AppError('NOT_FOUND');
  return person;
}

async function requireManageable(ctx: ServiceContext, id: string): Promise<repo.EmployeeRecord> {
  const person = await requireVisible(ctx, id, true);
  authorize(ctx.actor, permissionsFor(person).manage);
  return person;
}

/** One person as lists show them, with what the caller may do. */
export async function getUser(ctx: ServiceContext, id: string): Promise<EmployeeSummary> {
  return toSummary(ctx.actor, await requireVisible(ctx, id));
}

/** Every field of a person: for those who manage them, and for the person. */
export async function getEmployee(ctx: ServiceContext, id: string): Promise<Employee> {
  const person = await requireVisible(ctx, id);
  if (!abilitiesFor(ctx.actor, person).viewPrivate) throw new AppError('FORBIDDEN');
  return toEmployee(ctx.actor, person, await repo.listCurrentFiles(ctx.db, id));
}

function emailTaken(): AppError {
  return new AppError('ALREADY_EXISTS', {
    params: { field: 'email' },
    details: [{ field: 'email', code: 'alreadyExists', message: '' }],
  });
}

/** 422 with every problem; a duplicate email or employee code alone answers 409, as a duplicate always does. */
function throwProblems(problems: Problem[]): void {
  if (problems.length === 0) return;
  if (problems.length === 1 && problems[0]!.code === 'alreadyExists') throw emailTaken();
  if (problems.length === 1 && problems[0]!.code === 'employeeCodeTaken') throw codeTaken();
  throw validationError(problems);
}

function codeTaken(): AppError {
  return new AppError('ALREADY_EXISTS', {
    params: { field: 'employeeCode' },
    details: [{ field: 'employeeCode', code: 'employeeCodeTaken', message: '' }],
  });
}

async function emailProblems(ctx: ServiceContext, email: string | undefined, selfId: string | null) {
  if (!email) return [];
  const existing = (await repo.findLiveByEmails(ctx.db, [email.trim()])).get(email.trim().toLowerCase());
  return existing && existing.id !== selfId ? [{ field: 'email', code: 'alreadyExists' }] : [];
}

function onUniqueEmail(error: unknown): unknown {
  if (isUniqueViolation(error, 'users_employee_code_live_key')) return codeTaken();
  return isUniqueViolation(error, 'users_email_live_key') ? emailTaken() : error;
}

/**
 * Creates an employee with every field of the spec, PENDING until they accept the invitation that is
 * queued in the same transaction; NDA and contract PDFs may come along.
 */
export async function createEmployee(
  ctx: ServiceContext,
  input: EmployeeCreateBody,
  documents: readonly DocumentUpload[] = [],
): Promise<Employee> {
  authorize(ctx.actor, 'employees.manage');
  const shapeProblems = schemaProblems(createSchema, input);
  throwProblems(shapeProblems);
  const values = toColumns(input);
  const [references] = await referenceProblems(ctx, [input]);
  throwProblems([
    ...ruleProblems(values),
    ...references!,
    ...(await emailProblems(ctx, input.email, null)),
    ...(await linkProblems(ctx, { selfId: null, ...input })),
  ]);
  checkDocuments(documents);

  return withStoredFiles(ctx, (written) =>
    inTransaction(ctx, async (tx) => {
      const id = await repo
        .insertPerson(tx.db, {
          ...values,
          email: input.email.trim(),
          first_name: input.firstName.trim(),
          last_name: input.lastName.trim(),
          user_type: 'EMPLOYEE',
          status: 'PENDING',
          created_by: tx.actor.id,
        })
        .catch((error) => Promise.reject(onUniqueEmail(error)));
      if (input.employeeRoleId) await repo.setEmployeeRole(tx.db, id, input.employeeRoleId, tx.actor.id);
      await storeDocuments(tx, id, documents, written);
      const created = (await repo.findPerson(tx.db, id))!;
      await recordAudit(tx, { action: 'employee.created', entityType: 'user', entityId: id, after: created });
      await issueInvitation(tx, created);
      return toEmployee(tx.actor, created, await repo.listCurrentFiles(tx.db, id));
    }),
  );
}

/**
 * Changes a person's fields: those left out stay, `null` clears. Employees are changed by those who
 * manage employees, external users by those who manage external users.
 */
export async function updateEmployee(
  ctx: ServiceContext,
  id: string,
  input: EmployeeUpdateBody,
  documents: readonly DocumentUpload[] = [],
): Promise<Employee> {
  return withStoredFiles(ctx, (written) =>
    inTransaction(ctx, async (tx) => {
      const before = await requireManageable(tx, id);
      throwProblems(schemaProblems(updateSchema, input));
      if (documents.length > 0 && before.user_type !== 'EMPLOYEE') throw new AppError('NOT_FOUND');
      checkDocuments(documents);
      const values = toColumns(input);
      const [references] = await referenceProblems(tx, [
        {
          ...input,
          current: { departmentId: before.department_id, employeeRoleId: before.employee_role_id },
        },
      ]);
      throwProblems([
        ...ruleProblems({ ...before, ...values }),
        ...references!,
        ...(await emailProblems(tx, input.email, id)),
        ...(await linkProblems(tx, {
          selfId: id,
          employeeCode: input.employeeCode,
          lineManagerId: input.lineManagerId,
          currentLineManagerId: before.line_manager_id,
        })),
      ]);
      await repo.updatePerson(tx.db, id, values).catch((error) => Promise.reject(onUniqueEmail(error)));
      if (input.employeeRoleId !== undefined && input.employeeRoleId !== before.employee_role_id) {
        await repo.setEmployeeRole(tx.db, id, input.employeeRoleId, tx.actor.id);
      }
      await storeDocuments(tx, id, documents, written);
      const after = (await repo.findPerson(tx.db, id))!;
      await recordAudit(tx, { action: 'employee.updated', entityType: 'user', entityId: id, before, after });
      return toEmployee(tx.actor, after, await repo.listCurrentFiles(tx.db, id));
    }),
  );
}

/**
 * Activates or deactivates a person. Deactivation revokes every session of theirs in the same
 * transaction: they are signed out everywhere at once. Activation of someone who never set a
 * password brings them back to PENDING.
 */
export async function setUserStatus(
  ctx: ServiceContext,
  id: string,
  input: UserStatusBody,
): Promise<EmployeeSummary> {
  return inTransaction(ctx, async (tx) => {
    const before = await requireManageable(tx, id);
    if (tx.actor.id === id) throw new AppError('OWN_ACCOUNT');
    const deactivate = input.status !== 'ACTIVE';
    const status = deactivate ? 'INACTIVE' : before.password_set ? 'ACTIVE' : 'PENDING';
    if (status !== before.status) {
      await repo.updatePerson(tx.db, id, { status });
      const revoked = deactivate ? await revokeUserSessions(tx.db, id, 'deactivated') : [];
      await recordAudit(tx, {
        action: deactivate ? 'user.deactivated' : 'user.activated',
        entityType: 'user',
        entityId: id,
        before: { status: before.status },
        after: { status, revokedSessions: revoked.length },
      });
    }
    return toSummary(tx.actor, (await repo.findPerson(tx.db, id))!);
  });
}

/** Deletes a person (soft): they disappear from lists, lose their sessions, and their email is free again. */
export async function deleteUser(ctx: ServiceContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await requireManageable(tx, id);
    if (tx.actor.id === id) throw new AppError('OWN_ACCOUNT');
    await repo.updatePerson(tx.db, id, { deleted_at: new Date() });
    await revokeUserSessions(tx.db, id, 'deleted');
    await recordAudit(tx, { action: 'user.deleted', entityType: 'user', entityId: id, before });
  });
}

/** Sends a PENDING person a fresh invitation link. */
export async function resendUserInvitation(ctx: ServiceContext, id: string): Promise<void> {
  await requireManageable(ctx, id);
  await resendInvitation(ctx, id);
}

/** The employee roles to choose from, for those who see employees (no access to role management needed). */
export async function listEmployeeRoleOptions(ctx: ServiceContext) {
  authorize(ctx.actor, 'employees.view');
  const roles = await repo.findEmployeeRoles(ctx.db, {});
  return roles
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((r) => ({ id: r.id, name: r.name, status: r.status }));
}

/** The banks of Viet Nam for the bank field. */
export async function listBanks(ctx: ServiceContext): Promise<Bank[]> {
  return (await repo.listBanks(ctx.db)).map((b) => ({
    id: b.id,
    code: b.code,
    shortName: b.short_name,
    name: b.name,
    bin: b.bin,
  }));
}

function toPublic(row: Awaited<ReturnType<typeof repo.lookupPeople>>[number]): PublicPerson {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    avatarUrl: row.avatar_url,
    status: row.status,
    discordAccountId: row.discord_account_id,
  };
}

/** Names, emails and avatars of people, for any signed-in person (names on screens, mentions). */
export async function lookupPeople(ctx: ServiceContext, query: PeopleLookupQuery): Promise<PublicPerson[]> {
  if (!ctx.actor.id && ctx.actor.kind !== 'system') throw new AppError('UNAUTHENTICATED');
  const rows = await repo.lookupPeople(ctx.db, { ...query, limit: query.limit ?? 20, pickable: false });
  return rows.map(toPublic);
}

/**
 * The employee picker of other screens (spec section 6): employees who are not inactive and who have
 * a chat (Discord) account id.
 */
export async function listPickableEmployees(
  ctx: ServiceContext,
  query: PeopleLookupQuery,
): Promise<PublicPerson[]> {
  if (!ctx.actor.id && ctx.actor.kind !== 'system') throw new AppError('UNAUTHENTICATED');
  const rows = await repo.lookupPeople(ctx.db, { ...query, limit: query.limit ?? 20, pickable: true });
  return rows.map(toPublic);
}
