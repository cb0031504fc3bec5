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
import { holdsAll, isSelf } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { paginate } from '../../core/paging.ts';
import { keepAnActiveAdministrator } from '../access/grants.ts';
import { insertUser, revokeUserSessions, updateUser } from '../accounts/accounts.service.ts';
import { revokeSsoGrantsOfPerson } from '../sso/sso-grants.ts';
import { issueInvitation, resendInvitation } from '../accounts/invite.service.ts';
import { withoutProblemFields } from '../../../shared/rules/problems.ts';
import { accessRoleProblems, grantInitialAccessRoles } from '../access/initial-access-roles.ts';
import {
  checkDocuments,
  storeDocuments,
  withStoredFiles,
  type DocumentUpload,
} from './employee-documents.ts';
import { mailSignInEmailChanged } from './email-change-mail.ts';
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
import { toEmployee, toSummary } from './employee-views.ts';
import { openOffboardingChecklist } from '../connections/offboarding-open.ts';
import { peoplePolicy } from './employees.policy.ts';
import * as repo from './employees.repository.ts';
import { pageOfPeople, requireVisiblePerson, withPermissions, type PersonRecord } from './person-records.ts';

function checkFilterDates(filters: EmployeeFilters): void {
  if (filters.onboardFrom && filters.onboardTo && filters.onboardTo < filters.onboardFrom) {
    throw validationError([{ field: 'onboardTo', code: 'dateOrder' }]);
  }
}

/** The employee list: search, filters, a stable sort and server-side pages. */
export async function listEmployees(ctx: ServiceContext, query: EmployeeListQuery): Promise<EmployeePage> {
  peoplePolicy.authorize(ctx.actor, 'list', null);
  checkFilterDates(query);
  return paginate(
    query,
    ({ offset, limit }) =>
      pageOfPeople(
        ctx,
        repo.listPeople(
          ctx.db,
          { ...query, userType: 'EMPLOYEE' },
          { sortField: query.sortField ?? 'name', sortOrder: query.sortOrder ?? 'asc', offset, limit },
        ),
      ),
    (row) => toSummary(ctx.actor, row),
  );
}

/** Everyone the caller may see: employees, and external users for those who view them. */
export async function listUsers(ctx: ServiceContext, query: UserListQuery): Promise<EmployeePage> {
  peoplePolicy.authorize(ctx.actor, 'list', null);
  const seesExternal = peoplePolicy.can(ctx.actor, 'listExternal', null);
  const userType = seesExternal ? query.type : 'EMPLOYEE';
  if (query.type === 'EXTERNAL' && !seesExternal) {
    return paginate(
      query,
      async () => ({ rows: [], total: 0 }),
      (row: never) => row,
    );
  }
  return paginate(
    query,
    ({ offset, limit }) =>
      pageOfPeople(
        ctx,
        repo.listPeople(
          ctx.db,
          { search: query.search, status: query.status, userType },
          { sortField: 'name', sortOrder: 'asc', offset, limit },
        ),
      ),
    (row) => toSummary(ctx.actor, row),
  );
}

/** Counts by status, contract type and department for the list header. */
export async function aggregateEmployees(
  ctx: ServiceContext,
  filters: EmployeeFilters,
): Promise<Aggregations> {
  peoplePolicy.authorize(ctx.actor, 'list', null);
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

/** The person after a change, with their permissions, for the response. */
async function reload(tx: ServiceContext, id: string): Promise<PersonRecord> {
  const [person] = await withPermissions(tx, [(await repo.findPerson(tx.db, id))!]);
  return person!;
}

/** One person as lists show them, with what the caller may do. */
export async function getUser(ctx: ServiceContext, id: string): Promise<EmployeeSummary> {
  return toSummary(ctx.actor, await requireVisiblePerson(ctx, id));
}

/** Every field of a person: for those who manage them, and for the person. */
export async function getEmployee(ctx: ServiceContext, id: string): Promise<Employee> {
  const person = await requireVisiblePerson(ctx, id);
  peoplePolicy.authorize(ctx.actor, 'viewPrivate', person);
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

async function emailProblems(
  ctx: ServiceContext,
  email: string | undefined,
  selfId: string | null,
): Promise<Problem[]> {
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
  peoplePolicy.authorize(ctx.actor, 'create', null);
  // Every check runs before any answer, so a bad phone number does not hide a future birthday: the
  // rules across fields look at the fields whose shape is right.
  const shapeProblems = schemaProblems(createSchema, input);
  const sound = withoutProblemFields(input, shapeProblems);
  const values = toColumns(sound);
  const [references] = await referenceProblems(ctx, [sound]);
  throwProblems([
    ...shapeProblems,
    ...ruleProblems(values),
    ...references!,
    ...(await emailProblems(ctx, sound.email, null)),
    ...(await accessRoleProblems(ctx, sound.accessRoleIds ?? [])),
    ...(await linkProblems(ctx, { selfId: null, ...sound })),
  ]);
  checkDocuments(documents);

  return withStoredFiles(ctx, (written) =>
    inTransaction(ctx, async (tx) => {
      const { id } = await insertUser(tx, {
        ...values,
        email: input.email.trim(),
        first_name: input.firstName.trim(),
        last_name: input.lastName.trim(),
        user_type: 'EMPLOYEE',
        status: 'PENDING',
        created_by: tx.actor.id,
      }).catch((error) => Promise.reject(onUniqueEmail(error)));
      if (input.employeeRoleId) await repo.setEmployeeRole(tx.db, id, input.employeeRoleId, tx.actor.id);
      await storeDocuments(tx, id, documents, written);
      const created = await reload(tx, id);
      await recordAudit(tx, { action: 'employee.created', entityType: 'user', entityId: id, after: created });
      await grantInitialAccessRoles(tx, created, input.accessRoleIds);
      await issueInvitation(tx, created);
      return toEmployee(tx.actor, created, await repo.listCurrentFiles(tx.db, id));
    }),
  );
}

/**
 * Changes a person's fields: those left out stay, `null` clears. Employees are changed by those who
 * manage employees, external users by those who manage external users. The sign-in email only of
 * people within the editor's reach; its change is mailed to the old address and signs the person
 * out everywhere, so a taken-over address cannot quietly receive the next password reset.
 */
export async function updateEmployee(
  ctx: ServiceContext,
  id: string,
  input: EmployeeUpdateBody,
  documents: readonly DocumentUpload[] = [],
): Promise<Employee> {
  return withStoredFiles(ctx, (written) =>
    inTransaction(ctx, async (tx) => {
      const before = await requireVisiblePerson(tx, id, { lock: true });
      peoplePolicy.authorize(tx.actor, 'edit', before);
      // The body reaches the service unchecked (the route attaches its validation), so only fields of
      // the right shape are read: a number for an email is a field error, never a crash.
      const shapeProblems = schemaProblems(updateSchema, input);
      const sound = withoutProblemFields(input, shapeProblems);
      const newEmail = sound.email?.trim();
      const emailChanged = newEmail !== undefined && newEmail.toLowerCase() !== before.email.toLowerCase();
      if (emailChanged) peoplePolicy.authorize(tx.actor, 'changeEmail', before);
      if (documents.length > 0 && before.user_type !== 'EMPLOYEE') throw new AppError('NOT_FOUND');
      const values = toColumns(sound);
      const [references] = await referenceProblems(tx, [
        {
          ...sound,
          current: { departmentId: before.department_id, employeeRoleId: before.employee_role_id },
        },
      ]);
      throwProblems([
        ...shapeProblems,
        ...ruleProblems({ ...before, ...values }),
        ...references!,
        ...(await emailProblems(tx, sound.email, id)),
        ...(await linkProblems(tx, {
          selfId: id,
          employeeCode: sound.employeeCode,
          lineManagerId: sound.lineManagerId,
          currentLineManagerId: before.line_manager_id,
        })),
      ]);
      checkDocuments(documents);
      await updateUser(tx, id, values).catch((error) => Promise.reject(onUniqueEmail(error)));
      if (input.employeeRoleId !== undefined && input.employeeRoleId !== before.employee_role_id) {
        await repo.setEmployeeRole(tx.db, id, input.employeeRoleId, tx.actor.id);
      }
      await storeDocuments(tx, id, documents, written);
      const after = await reload(tx, id);
      await recordAudit(tx, { action: 'employee.updated', entityType: 'user', entityId: id, before, after });
      if (emailChanged) {
        const revoked = await revokeUserSessions(tx, id, 'email_changed');
        // A person who has not signed up yet has no account at the old address to protect: their
        // invitation went there (often a typo), so that link stops working and the new address gets
        // a fresh one. Anyone else's old address is told, so a takeover cannot go unnoticed.
        const reinvited = after.status === 'PENDING';
        if (reinvited) await issueInvitation(tx, after);
        else await mailSignInEmailChanged(tx, before, after);
        await recordAudit(tx, {
          action: 'user.sign_in_email_changed',
          entityType: 'user',
          entityId: id,
          before: { email: before.email },
          after: {
            email: after.email,
            revokedSessions: revoked.length,
            oldAddressTold: !reinvited,
            reinvited,
          },
        });
      }
      return toEmployee(tx.actor, after, await repo.listCurrentFiles(tx.db, id));
    }),
  );
}

/**
 * Activates or deactivates a person within the caller's reach. Deactivation revokes every session
 * of theirs in the same transaction: they are signed out everywhere at once; the last active
 * administrator is never deactivated. Activation of someone who never set a password brings them
 * back to PENDING.
 */
export async function setUserStatus(
  ctx: ServiceContext,
  id: string,
  input: UserStatusBody,
): Promise<EmployeeSummary> {
  return inTransaction(ctx, async (tx) => {
    const before = await requireVisiblePerson(tx, id, { lock: true });
    peoplePolicy.authorize(tx.actor, 'edit', before);
    if (isSelf(tx.actor, id)) throw new AppError('OWN_ACCOUNT');
    peoplePolicy.authorize(tx.actor, 'changeStatus', before);
    const deactivate = input.status !== 'ACTIVE';
    const status = deactivate ? 'INACTIVE' : before.password_set ? 'ACTIVE' : 'PENDING';
    if (status !== before.status) {
      if (deactivate) await keepAnActiveAdministrator(tx, id);
      await updateUser(tx, id, { status });
      const revoked = deactivate ? await revokeUserSessions(tx, id, 'deactivated') : [];
      // Apps signed in through Backoffice lose their grants and tokens with the sessions.
      if (deactivate) await revokeSsoGrantsOfPerson(tx, id);
      // Each account they were assigned becomes an offboarding item (connections area).
      if (deactivate) await openOffboardingChecklist(tx, id);
      await recordAudit(tx, {
        action: deactivate ? 'user.deactivated' : 'user.activated',
        entityType: 'user',
        entityId: id,
        before: { status: before.status },
        after: { status, revokedSessions: revoked.length },
      });
    }
    return toSummary(tx.actor, await reload(tx, id));
  });
}

/**
 * Deletes a person within the caller's reach (soft): they disappear from lists, lose their
 * sessions, and their email is free again. The last active administrator is never deleted.
 */
export async function deleteUser(ctx: ServiceContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await requireVisiblePerson(tx, id, { lock: true });
    peoplePolicy.authorize(tx.actor, 'edit', before);
    if (isSelf(tx.actor, id)) throw new AppError('OWN_ACCOUNT');
    peoplePolicy.authorize(tx.actor, 'delete', before);
    await keepAnActiveAdministrator(tx, id);
    await updateUser(tx, id, { deleted_at: new Date() });
    await revokeUserSessions(tx, id, 'deleted');
    await revokeSsoGrantsOfPerson(tx, id);
    await recordAudit(tx, { action: 'user.deleted', entityType: 'user', entityId: id, before });
  });
}

/** Sends a PENDING person within the caller's reach a fresh invitation link. */
export async function resendUserInvitation(ctx: ServiceContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const person = await requireVisiblePerson(tx, id, { lock: true });
    peoplePolicy.authorize(tx.actor, 'edit', person);
    if (person.status !== 'PENDING')
      throw validationError([{ field: 'status', code: 'invitationNotPending' }]);
    peoplePolicy.authorize(tx.actor, 'resendInvitation', person);
    await resendInvitation(tx, id);
  });
}

/** The employee roles to choose from, for those who see employees (no access to role management needed). */
export async function listEmployeeRoleOptions(ctx: ServiceContext) {
  peoplePolicy.authorize(ctx.actor, 'list', null);
  const roles = await repo.findEmployeeRoles(ctx.db, {});
  return roles
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      assignable: holdsAll(ctx.actor, r.permissions),
    }));
}

/** The banks of Viet Nam for the bank field. */
export async function listBanks(ctx: ServiceContext): Promise<Bank[]> {
  peoplePolicy.authorize(ctx.actor, 'lookup', null);
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
  peoplePolicy.authorize(ctx.actor, 'lookup', null);
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
  peoplePolicy.authorize(ctx.actor, 'lookup', null);
  const rows = await repo.lookupPeople(ctx.db, { ...query, limit: query.limit ?? 20, pickable: true });
  return rows.map(toPublic);
}
