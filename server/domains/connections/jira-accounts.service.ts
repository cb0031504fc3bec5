import type {
  JiraAccount,
  JiraAccountAssigneesBody,
  JiraAccountNoteBody,
  JiraAccountPage,
  SyncedQuery,
} from '../../../shared/connections.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { pageWindow, pageOf } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { jiraAccountPolicy } from './connections.policy.ts';
import * as jira from './jira-accounts.repository.ts';
import { toJiraAccount } from './jira-views.ts';

/**
 * Jira accounts (spec: GET /projects/{id}/jira-accounts, PUT /jira-accounts/{id},
 * POST /jira-accounts/{id}/assignees): the synced accounts of the connections a project's links
 * reach, each with a note and the Backoffice people who use it. Syncs never touch notes or
 * assignees; an account gone upstream keeps both (marked removed).
 */

/** The accounts of the connections linked to the project (accounts.view there or company-wide). */
export async function listProjectJiraAccounts(
  ctx: ServiceContext,
  projectId: string,
  query: SyncedQuery,
): Promise<JiraAccountPage> {
  jiraAccountPolicy.authorize(ctx.actor, 'view', { projectIds: [projectId] });
  if (!(await jira.projectExists(ctx.db, projectId))) throw new AppError('NOT_FOUND');
  const window = pageWindow(query);
  const { rows, total } = await jira.listAccounts(
    ctx.db,
    { projectId, search: query.search, includeRemoved: query.includeRemoved },
    window,
  );
  const assignees = await jira.listAssignees(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toJiraAccount(ctx.actor, row, assignees)),
    ...pageOf(window, total),
  };
}

/** The account, if the caller may change it (404 when it does not exist, 403 when they may not). */
async function requireEditable(ctx: ServiceContext, id: string): Promise<jira.AccountRow> {
  const row = await jira.findAccount(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  jiraAccountPolicy.authorize(ctx.actor, 'edit', { projectIds: row.project_ids });
  return row;
}

async function viewOf(ctx: ServiceContext, id: string): Promise<JiraAccount> {
  const row = (await jira.findAccount(ctx.db, id))!;
  return toJiraAccount(ctx.actor, row, await jira.listAssignees(ctx.db, [id]));
}

/** Writes the account's note (ours: a sync never changes it). */
export async function updateJiraAccountNote(
  ctx: ServiceContext,
  id: string,
  input: JiraAccountNoteBody,
): Promise<JiraAccount> {
  await requireEditable(ctx, id);
  return inTransaction(ctx, async (tx) => {
    await jira.lockAccount(tx.db, id);
    const before = await viewOf(tx, id);
    await jira.updateAccountNote(tx.db, id, input.note?.trim() || null);
    const after = await viewOf(tx, id);
    await recordAudit(tx, {
      action: 'jira_account.updated',
      entityType: 'jira_account',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Sets who uses the account: active people only; the list replaces the one before. */
export async function setJiraAccountAssignees(
  ctx: ServiceContext,
  id: string,
  input: JiraAccountAssigneesBody,
): Promise<JiraAccount> {
  await requireEditable(ctx, id);
  const ids = [...new Set(input.userIds)];
  const people = new Map((await jira.findPeople(ctx.db, ids)).map((p) => [p.id, p]));
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
    await jira.lockAccount(tx.db, id);
    const before = await viewOf(tx, id);
    await jira.replaceAssignees(tx.db, id, ids, tx.actor.id);
    const after = await viewOf(tx, id);
    await recordAudit(tx, {
      action: 'jira_account.assignees_set',
      entityType: 'jira_account',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
