import {
  CLOUD_ACCOUNT_ID_FORMAT,
  type CloudAccountBody,
  type CloudAccountSelectBody,
  type CloudAccountUpdateBody,
  type ProjectCloudAccount,
  type ProjectCloudAccountList,
  type SelectableCloudAccountList,
} from '../../../shared/cloud-accounts.schemas.ts';
import type { ConnectionStatusBody } from '../../../shared/connections.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import type { Actor, ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { requireVisibleProject } from '../projects/projects.service.ts';
import * as cloud from './cloud-accounts.repository.ts';
import { jiraLinkPolicy } from './connections.policy.ts';
import { findRole } from './service-roles.repository.ts';

/**
 * A project's cloud accounts (AWS, Azure) with a role and a note. The same rule as the project's
 * other links: those who see the project see them, `projects.manage` there adds, changes and
 * removes. An account ID must have its service's shape (AWS: 12 digits; Azure: a subscription
 * GUID) — checked here with a translated message, and by the database as a backstop.
 */

function toAccount(actor: Actor, row: cloud.CloudLinkRow): ProjectCloudAccount {
  return {
    id: row.id,
    linkId: row.link_id,
    service: row.service,
    accountId: row.account_id,
    name: row.name,
    role: row.role,
    serviceRole:
      row.service_role_id && row.service_role_name && row.service_role_color
        ? { id: row.service_role_id, name: row.service_role_name, color: row.service_role_color }
        : null,
    note: row.note,
    status: row.status,
    abilities: { edit: jiraLinkPolicy.can(actor, 'link', { projectId: row.project_id }) },
  };
}

const alreadyLinked = (field: string, name: string): FieldProblem => ({
  field,
  code: 'cloudAccountAlreadyLinked',
  params: { name },
});

export async function listProjectCloudAccounts(
  ctx: ServiceContext,
  projectId: string,
): Promise<ProjectCloudAccountList> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'view', { projectId });
  const rows = await cloud.listProjectAccounts(ctx.db, projectId);
  return {
    items: rows.map((row) => toAccount(ctx.actor, row)),
    abilities: { add: jiraLinkPolicy.can(ctx.actor, 'link', { projectId }) },
  };
}

/** Adds an account by its ID (kept for the company; one known already is reused). */
export async function addProjectCloudAccount(
  ctx: ServiceContext,
  projectId: string,
  input: CloudAccountBody,
): Promise<ProjectCloudAccount> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'link', { projectId });
  const accountId = input.accountId.trim().toLowerCase();
  const format = CLOUD_ACCOUNT_ID_FORMAT[input.service];
  if (!format.pattern.test(accountId)) throw validationError([{ field: 'accountId', code: format.code }]);
  const known = await cloud.findAccountByKey(ctx.db, input.service, accountId);
  if (known && (await cloud.findLink(ctx.db, projectId, known.id)))
    throw validationError([alreadyLinked('accountId', known.name)]);

  return inTransaction(ctx, async (tx) => {
    const id =
      known?.id ??
      (await cloud.insertAccount(tx.db, {
        service: input.service,
        account_id: accountId,
        name: input.name.trim(),
        created_by: tx.actor.id,
      }));
    await cloud
      .insertLinks(
        tx.db,
        projectId,
        [{ cloudAccountId: id, role: input.role, note: input.note?.trim() || null }],
        tx.actor.id,
      )
      .catch((error: unknown) =>
        Promise.reject(
          isUniqueViolation(error, 'project_cloud_accounts_key')
            ? validationError([alreadyLinked('accountId', input.name)])
            : error,
        ),
      );
    const after = toAccount(tx.actor, (await cloud.findLink(tx.db, projectId, id))!);
    await recordAudit(tx, {
      action: 'project.cloud_account_added',
      entityType: 'project',
      entityId: projectId,
      after,
    });
    return after;
  });
}

/** The company's cloud accounts this project does not use yet (the picker). */
export async function listSelectableCloudAccounts(
  ctx: ServiceContext,
  projectId: string,
): Promise<SelectableCloudAccountList> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'link', { projectId });
  const rows = await cloud.listUnlinked(ctx.db, projectId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      service: row.service,
      accountId: row.account_id,
      name: row.name,
    })),
  };
}

/** Adds known accounts to the project with one role; one already there refuses them all. */
export async function selectProjectCloudAccounts(
  ctx: ServiceContext,
  projectId: string,
  input: CloudAccountSelectBody,
): Promise<ProjectCloudAccountList> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'link', { projectId });
  const ids = [...new Set(input.cloudAccountIds)];
  const found = new Map((await cloud.findAccounts(ctx.db, ids)).map((row) => [row.id, row]));
  const linked = new Set((await cloud.listProjectAccounts(ctx.db, projectId)).map((row) => row.id));
  const problems: FieldProblem[] = [];
  ids.forEach((id, index) => {
    const field = `cloudAccountIds.${index}`;
    const row = found.get(id);
    if (!row) problems.push({ field, code: 'unknownCloudAccount' });
    else if (linked.has(id)) problems.push(alreadyLinked(field, row.name));
  });
  if (problems.length > 0) throw validationError(problems);
  return inTransaction(ctx, async (tx) => {
    await cloud.insertLinks(
      tx.db,
      projectId,
      ids.map((id) => ({ cloudAccountId: id, role: input.role, note: null })),
      tx.actor.id,
    );
    await recordAudit(tx, {
      action: 'project.cloud_accounts_selected',
      entityType: 'project',
      entityId: projectId,
      after: { cloudAccountIds: ids, role: input.role },
    });
    return listProjectCloudAccounts(tx, projectId);
  });
}

/** Changes the project's use of an account (role, service role, note) and the account's name. */
export async function updateCloudAccount(
  ctx: ServiceContext,
  linkId: string,
  input: CloudAccountUpdateBody,
): Promise<ProjectCloudAccount> {
  const current = await cloud.findLinkById(ctx.db, linkId);
  if (!current) throw new AppError('NOT_FOUND');
  await requireVisibleProject(ctx, current.project_id);
  jiraLinkPolicy.authorize(ctx.actor, 'link', { projectId: current.project_id });
  return inTransaction(ctx, async (tx) => {
    const before = toAccount(tx.actor, current);
    if (input.serviceRoleId && !(await findRole(tx.db, input.serviceRoleId)))
      throw validationError([{ field: 'serviceRoleId', code: 'unknownServiceRole' }]);
    await cloud.updateLink(tx.db, linkId, {
      ...(input.serviceRoleId !== undefined && { service_role_id: input.serviceRoleId }),
      ...(input.role !== undefined && { role: input.role }),
      ...(input.note !== undefined && { note: input.note?.trim() || null }),
    });
    if (input.name !== undefined) await cloud.renameAccount(tx.db, current.id, input.name.trim());
    const after = toAccount(tx.actor, (await cloud.findLinkById(tx.db, linkId))!);
    await recordAudit(tx, {
      action: 'project.cloud_account_updated',
      entityType: 'project',
      entityId: current.project_id,
      before,
      after,
    });
    return after;
  });
}

async function requireLink(ctx: ServiceContext, projectId: string, cloudAccountId: string) {
  const row = await cloud.findLink(ctx.db, projectId, cloudAccountId);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function setCloudAccountStatus(
  ctx: ServiceContext,
  projectId: string,
  cloudAccountId: string,
  input: ConnectionStatusBody,
): Promise<ProjectCloudAccount> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'changeStatus', { projectId });
  return inTransaction(ctx, async (tx) => {
    const current = await requireLink(tx, projectId, cloudAccountId);
    await cloud.updateLink(tx.db, current.link_id, { status: input.status });
    const after = toAccount(tx.actor, await requireLink(tx, projectId, cloudAccountId));
    await recordAudit(tx, {
      action:
        input.status === 'ACTIVE' ? 'project.cloud_account_activated' : 'project.cloud_account_deactivated',
      entityType: 'project',
      entityId: projectId,
      before: toAccount(tx.actor, current),
      after,
    });
    return after;
  });
}

export async function removeProjectCloudAccount(
  ctx: ServiceContext,
  projectId: string,
  cloudAccountId: string,
) {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'unlink', { projectId });
  await inTransaction(ctx, async (tx) => {
    const current = await requireLink(tx, projectId, cloudAccountId);
    await cloud.deleteLink(tx.db, current.link_id);
    await recordAudit(tx, {
      action: 'project.cloud_account_removed',
      entityType: 'project',
      entityId: projectId,
      before: toAccount(tx.actor, current),
    });
  });
}
