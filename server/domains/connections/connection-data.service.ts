import type { JiraAccountPage, JiraProjectPage, SyncedQuery } from '../../../shared/connections.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { paginate, pageWindow, pageOf } from '../../core/paging.ts';
import { requireConnection } from './connection-views.ts';
import { connectionPolicy } from './connections.policy.ts';
import * as accounts from './jira-accounts.repository.ts';
import * as jira from './jira.repository.ts';
import { toJiraAccount, toJiraProject } from './jira-views.ts';

/** What a connection's syncs brought back, for its page (connections.manage). */

/** A connection's synced Jira projects by name (those gone upstream on request). */
export async function listConnectionJiraProjects(
  ctx: ServiceContext,
  id: string,
  query: SyncedQuery,
): Promise<JiraProjectPage> {
  connectionPolicy.authorize(ctx.actor, 'view', undefined);
  await requireConnection(ctx, id);
  return paginate(
    query,
    (window) =>
      jira.listJiraProjects(
        ctx.db,
        { connectionId: id, search: query.search, includeRemoved: query.includeRemoved },
        window,
      ),
    toJiraProject,
  );
}

/** A connection's synced Jira accounts by name, with their note and assignees. */
export async function listConnectionJiraAccounts(
  ctx: ServiceContext,
  id: string,
  query: SyncedQuery,
): Promise<JiraAccountPage> {
  connectionPolicy.authorize(ctx.actor, 'view', undefined);
  await requireConnection(ctx, id);
  const window = pageWindow(query);
  const { rows, total } = await accounts.listAccounts(
    ctx.db,
    { connectionId: id, search: query.search, includeRemoved: query.includeRemoved },
    window,
  );
  const assignees = await accounts.listAssignees(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toJiraAccount(ctx.actor, row, assignees)),
    ...pageOf(window, total),
  };
}
