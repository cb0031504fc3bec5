import type {
  ServiceRole,
  ServiceRoleBody,
  ServiceRoleList,
  ServiceRoleUpdateBody,
} from '../../../shared/service-roles.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { serviceRolePolicy } from './connections.policy.ts';
import * as roles from './service-roles.repository.ts';

/**
 * Service roles (GET|POST /service-roles, PUT|DELETE /service-roles/{id}): a name unique among the
 * live ones (case-insensitive, checked here with a translated message and by a unique index as a
 * backstop for a race) and a colour of the list (the schema and a check constraint).
 */

const toRole = (row: roles.ServiceRoleRow): ServiceRole => ({
  id: row.id,
  name: row.name,
  color: row.color,
  usage: Number(row.usage ?? 0),
});

const nameTaken = (name: string) =>
  validationError([{ field: 'name', code: 'serviceRoleNameTaken', params: { name } }]);

export async function listServiceRoles(ctx: ServiceContext): Promise<ServiceRoleList> {
  serviceRolePolicy.authorize(ctx.actor, 'view', undefined);
  const rows = await roles.listRoles(ctx.db);
  return {
    items: rows.map(toRole),
    abilities: { manage: serviceRolePolicy.can(ctx.actor, 'manage', undefined) },
  };
}

export async function createServiceRole(ctx: ServiceContext, input: ServiceRoleBody): Promise<ServiceRole> {
  serviceRolePolicy.authorize(ctx.actor, 'manage', undefined);
  const name = input.name.trim();
  return inTransaction(ctx, async (tx) => {
    if (await roles.findRoleByName(tx.db, name)) throw nameTaken(name);
    const { id } = await roles
      .insertRole(tx.db, { name, color: input.color })
      .catch((error: unknown) =>
        Promise.reject(isUniqueViolation(error, 'service_roles_name_key') ? nameTaken(name) : error),
      );
    const after = toRole((await roles.findRole(tx.db, id))!);
    await recordAudit(tx, {
      action: 'service_role.created',
      entityType: 'service_role',
      entityId: id,
      after,
    });
    return after;
  });
}

export async function updateServiceRole(
  ctx: ServiceContext,
  id: string,
  input: ServiceRoleUpdateBody,
): Promise<ServiceRole> {
  serviceRolePolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    const current = await roles.findRole(tx.db, id);
    if (!current) throw new AppError('NOT_FOUND');
    const name = input.name?.trim();
    if (name !== undefined && (await roles.findRoleByName(tx.db, name, id))) throw nameTaken(name);
    await roles
      .updateRole(tx.db, id, {
        ...(name !== undefined && { name }),
        ...(input.color && { color: input.color }),
      })
      .catch((error: unknown) =>
        Promise.reject(isUniqueViolation(error, 'service_roles_name_key') ? nameTaken(name ?? '') : error),
      );
    const after = toRole((await roles.findRole(tx.db, id))!);
    await recordAudit(tx, {
      action: 'service_role.updated',
      entityType: 'service_role',
      entityId: id,
      before: toRole(current),
      after,
    });
    return after;
  });
}

/** Deletes a role; the cloud accounts that carried it lose the chip, not their access role. */
export async function deleteServiceRole(ctx: ServiceContext, id: string): Promise<void> {
  serviceRolePolicy.authorize(ctx.actor, 'manage', undefined);
  await inTransaction(ctx, async (tx) => {
    const current = await roles.findRole(tx.db, id);
    if (!current) throw new AppError('NOT_FOUND');
    await roles.deleteRole(tx.db, id);
    await recordAudit(tx, {
      action: 'service_role.deleted',
      entityType: 'service_role',
      entityId: id,
      before: toRole(current),
    });
  });
}
