import type {
  DiscordChannelList,
  ProviderAccount,
  ProviderAccountAssigneesBody,
  ProviderAccountNoteBody,
  ProviderAccountPage,
  ProviderAccountQuery,
} from '../../../shared/connection-links.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { pageOf, pageWindow } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { jiraAccountPolicy } from './connections.policy.ts';
import { findPeople, projectExists } from './jira-accounts.repository.ts';
import * as accounts from './provider-accounts.repository.ts';

/**
 * Accounts at GitHub, GitLab, Discord, Slack, Outline and Figma (spec: GET
 * /projects/{id}/git-accounts, PUT /git-accounts/{id} {note}, PUT /git-accounts/{id}/assignees,
 * GET /discord-channels, GET /projects/{id}/figma-members). The same rule as Jira accounts:
 * `accounts.view` / `accounts.manage` company-wide, or in a project the account has access to
 * through a linked repository. Syncs never touch notes or assignees.
 */

function toAccount(
  ctx: ServiceContext,
  row: accounts.ProviderAccountRow,
  assignees: Awaited<ReturnType<typeof accounts.listAssignees>>,
): ProviderAccount {
  return {
    id: row.id,
    provider: row.provider,
    externalId: row.external_id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    role: row.role,
    active: row.active,
    connection: { id: row.connection_id, name: row.connection_name },
    note: row.note,
    assignees: assignees
      .filter((a) => a.provider_account_id === row.id)
      .map((a) => ({ id: a.id, firstName: a.first_name, lastName: a.last_name, email: a.email })),
    removedAt: row.removed_at?.toISOString() ?? null,
    abilities: { edit: jiraAccountPolicy.can(ctx.actor, 'edit', { projectIds: row.project_ids }) },
  };
}

async function pageOfAccounts(
  ctx: ServiceContext,
  filters: Parameters<typeof accounts.listAccounts>[1],
  query: ProviderAccountQuery,
): Promise<ProviderAccountPage> {
  const window = pageWindow(query);
  const { rows, total } = await accounts.listAccounts(
    ctx.db,
    { ...filters, search: query.search, includeRemoved: query.includeRemoved },
    window,
  );
  const assignees = await accounts.listAssignees(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => toAccount(ctx, row, assignees)), ...pageOf(window, total) };
}

/** The GitHub and GitLab accounts with access to the project's linked repositories. */
export async function listProjectGitAccounts(
  ctx: ServiceContext,
  projectId: string,
  query: ProviderAccountQuery,
): Promise<ProviderAccountPage> {
  jiraAccountPolicy.authorize(ctx.actor, 'view', { projectIds: [projectId] });
  if (!(await projectExists(ctx.db, projectId))) throw new AppError('NOT_FOUND');
  return pageOfAccounts(ctx, { gitProjectId: projectId, providers: ['GITHUB', 'GITLAB'] }, query);
}

/** The Figma members used by the project's active members (their assignees). */
export async function listProjectFigmaMembers(
  ctx: ServiceContext,
  projectId: string,
  query: ProviderAccountQuery,
): Promise<ProviderAccountPage> {
  jiraAccountPolicy.authorize(ctx.actor, 'view', { projectIds: [projectId] });
  if (!(await projectExists(ctx.db, projectId))) throw new AppError('NOT_FOUND');
  return pageOfAccounts(ctx, { assignedInProjectId: projectId, providers: ['FIGMA'] }, query);
}

/** The channels of the connected Discord servers (company-wide `accounts.view`). */
export async function listDiscordChannels(ctx: ServiceContext): Promise<DiscordChannelList> {
  jiraAccountPolicy.authorize(ctx.actor, 'view', { projectIds: [] });
  const rows = await accounts.listDiscordChannels(ctx.db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      externalId: row.external_id,
      name: row.name,
      type: row.channel_type,
      connection: { id: row.connection_id, name: row.connection_name },
    })),
  };
}

async function requireEditable(ctx: ServiceContext, id: string) {
  const row = await accounts.findAccount(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  jiraAccountPolicy.authorize(ctx.actor, 'edit', { projectIds: row.project_ids });
  return row;
}

async function viewOf(ctx: ServiceContext, id: string): Promise<ProviderAccount> {
  const row = (await accounts.findAccount(ctx.db, id))!;
  return toAccount(ctx, row, await accounts.listAssignees(ctx.db, [id]));
}

/** Writes the account's note (ours: a sync never changes it). */
export async function updateProviderAccountNote(
  ctx: ServiceContext,
  id: string,
  input: ProviderAccountNoteBody,
): Promise<ProviderAccount> {
  await requireEditable(ctx, id);
  return inTransaction(ctx, async (tx) => {
    await accounts.lockAccount(tx.db, id);
    const before = await viewOf(tx, id);
    await accounts.updateAccountNote(tx.db, id, input.note?.trim() || null);
    const after = await viewOf(tx, id);
    await recordAudit(tx, {
      action: 'provider_account.updated',
      entityType: 'provider_account',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Sets who uses the account: active people only; the list replaces the one before. */
export async function setProviderAccountAssignees(
  ctx: ServiceContext,
  id: string,
  input: ProviderAccountAssigneesBody,
): Promise<ProviderAccount> {
  await requireEditable(ctx, id);
  const ids = [...new Set(input.userIds)];
  const people = new Map((await findPeople(ctx.db, ids)).map((p) => [p.id, p]));
  const problems: FieldProblem[] = [];
  ids.forEach((userId, index) => {
    const person = people.get(userId);
    const field = `userIds.${index}`;
    if (!person || person.deleted_at) problems.push({ field, code: 'unknownPerson' });
    else if (person.status !== 'ACTIVE')
      problems.push({
        field,
        code: 'assigneeInactive',
        params: {
          name: fullName({ firstName: person.first_name, lastName: person.last_name }) || person.email,
        },
      });
  });
  if (problems.length > 0) throw validationError(problems);
  return inTransaction(ctx, async (tx) => {
    await accounts.lockAccount(tx.db, id);
    const before = await viewOf(tx, id);
    await accounts.replaceAssignees(tx.db, id, ids, tx.actor.id);
    const after = await viewOf(tx, id);
    await recordAudit(tx, {
      action: 'provider_account.assignees_set',
      entityType: 'provider_account',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
