import type {
  Department,
  DepartmentBody,
  DepartmentPage,
  DepartmentQuery,
  DepartmentStatusBody,
  DepartmentUpdateBody,
} from '../../../shared/departments.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { departmentAbilities, departmentPolicy } from './departments.policy.ts';
import { setDepartmentMembers } from '../accounts/accounts.service.ts';
import * as repo from './departments.repository.ts';

function toDepartment(ctx: ServiceContext, record: repo.DepartmentRecord): Department {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    status: record.status,
    memberCount: record.member_count,
    members: record.members,
    createdAt: record.created_at.toISOString(),
    updatedAt: record.updated_at.toISOString(),
    abilities: departmentAbilities(ctx.actor, record),
  };
}

function duplicateName(error: unknown): unknown {
  return isUniqueViolation(error, 'departments_name_live_key')
    ? new AppError('ALREADY_EXISTS', {
        params: { field: 'name' },
        details: [{ field: 'name', code: 'alreadyExists', message: '' }],
      })
    : error;
}

async function requireDepartment(
  ctx: ServiceContext,
  id: string,
  options: { allMembers?: boolean; lock?: boolean } = {},
): Promise<repo.DepartmentRecord> {
  const department = await repo.findDepartment(ctx.db, id, options);
  if (!department) throw new AppError('NOT_FOUND');
  return department;
}

async function checkMembers(ctx: ServiceContext, memberIds: readonly string[] | undefined): Promise<void> {
  if (!memberIds?.length) return;
  const existing = await repo.existingPeople(ctx.db, memberIds);
  const problems: FieldProblem[] = memberIds.flatMap((id, index) =>
    existing.has(id) ? [] : [{ field: `memberIds.${index}`, code: 'unknownPerson' }],
  );
  if (problems.length > 0) throw validationError(problems);
}

/** Lists departments by name, with their member count and the first members. */
export async function listDepartments(ctx: ServiceContext, query: DepartmentQuery): Promise<DepartmentPage> {
  departmentPolicy.authorize(ctx.actor, 'view', null);
  return paginate(
    query,
    (window) => repo.listDepartments(ctx.db, { search: query.search, status: query.status }, window),
    (row) => toDepartment(ctx, row),
    { perPage: 100 },
  );
}

/** One department with every member. */
export async function getDepartment(ctx: ServiceContext, id: string): Promise<Department> {
  const department = await requireDepartment(ctx, id, { allMembers: true });
  departmentPolicy.authorize(ctx.actor, 'view', department);
  return toDepartment(ctx, department);
}

/** Creates a department; the listed people move into it. */
export async function createDepartment(ctx: ServiceContext, input: DepartmentBody): Promise<Department> {
  departmentPolicy.authorize(ctx.actor, 'create', null);
  await checkMembers(ctx, input.memberIds);
  return inTransaction(ctx, async (tx) => {
    const id = await repo
      .insertDepartment(tx.db, {
        name: input.name.trim(),
        description: input.description?.trim() || null,
        created_by: tx.actor.id,
      })
      .catch((error) => Promise.reject(duplicateName(error)));
    if (input.memberIds?.length) await setDepartmentMembers(tx, id, input.memberIds);
    const created = await requireDepartment(tx, id, { allMembers: true });
    await recordAudit(tx, {
      action: 'department.created',
      entityType: 'department',
      entityId: id,
      after: { ...created, members: created.members.map((m) => m.id) },
    });
    return toDepartment(tx, created);
  });
}

/** Renames a department, changes its description or replaces its members. */
export async function updateDepartment(
  ctx: ServiceContext,
  id: string,
  input: DepartmentUpdateBody,
): Promise<Department> {
  return inTransaction(ctx, async (tx) => {
    const before = await requireDepartment(tx, id, { lock: true, allMembers: true });
    departmentPolicy.authorize(tx.actor, 'edit', before);
    await checkMembers(tx, input.memberIds);
    await repo
      .updateDepartment(tx.db, id, {
        ...(input.name !== undefined && { name: input.name.trim() }),
        ...(input.description !== undefined && { description: input.description?.trim() || null }),
      })
      .catch((error) => Promise.reject(duplicateName(error)));
    if (input.memberIds) await setDepartmentMembers(tx, id, input.memberIds);
    const after = await requireDepartment(tx, id, { allMembers: true });
    await recordAudit(tx, {
      action: 'department.updated',
      entityType: 'department',
      entityId: id,
      before: { ...before, members: before.members.map((m) => m.id) },
      after: { ...after, members: after.members.map((m) => m.id) },
    });
    return toDepartment(tx, after);
  });
}

/** Activates or deactivates a department; an inactive one cannot be given to more people. */
export async function setDepartmentStatus(
  ctx: ServiceContext,
  id: string,
  input: DepartmentStatusBody,
): Promise<Department> {
  return inTransaction(ctx, async (tx) => {
    const before = await requireDepartment(tx, id, { lock: true });
    departmentPolicy.authorize(tx.actor, 'changeStatus', before);
    const status = input.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE';
    await repo.updateDepartment(tx.db, id, { status });
    const after = await requireDepartment(tx, id);
    await recordAudit(tx, {
      action: status === 'ACTIVE' ? 'department.activated' : 'department.deactivated',
      entityType: 'department',
      entityId: id,
      before: { status: before.status },
      after: { status: after.status },
    });
    return toDepartment(tx, after);
  });
}

/** Deletes a department without members. */
export async function deleteDepartment(ctx: ServiceContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await requireDepartment(tx, id, { lock: true });
    departmentPolicy.authorize(tx.actor, 'delete', before);
    if (before.member_count > 0) {
      throw new AppError('DEPARTMENT_IN_USE', { params: { count: before.member_count } });
    }
    await repo.updateDepartment(tx.db, id, { deleted_at: new Date() });
    await recordAudit(tx, { action: 'department.deleted', entityType: 'department', entityId: id, before });
  });
}
