import type {
  BoardAccount,
  BoardAccountPage,
  BoardAccountQuery,
  MyConnectedAccounts,
  OpenOffboardingPage,
  OpenOffboardingQuery,
} from '../../../shared/account-board.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { pageOf, pageWindow, paginate } from '../../core/paging.ts';
import { can } from '../../core/policy.ts';
import { requireSelf } from '../accounts/accounts.policy.ts';
import * as repo from './account-board.repository.ts';
import { jiraAccountPolicy } from './connections.policy.ts';

/**
 * The account boards (issue 13): every account the company has at its connected providers and who
 * uses it, filterable by provider, person and project — the per-person filter is "who has access
 * to what" — and the open offboarding checklists. Company-wide `accounts.view` reads; the note and
 * assignees are written through the accounts' own calls (PUT /git-accounts/{id}, PUT
 * /jira-accounts/{id} …), offered here to company-wide `accounts.manage`.
 */

const COMPANY = { projectIds: [] as string[] };

/** One page of the board. */
export async function listAccountBoard(
  ctx: ServiceContext,
  query: BoardAccountQuery,
): Promise<BoardAccountPage> {
  jiraAccountPolicy.authorize(ctx.actor, 'view', COMPANY);
  const window = pageWindow(query);
  const { rows, total } = await repo.listBoardAccounts(
    ctx.db,
    {
      provider: query.provider,
      connectionId: query.connectionId,
      userId: query.userId,
      projectId: query.projectId,
      unassigned: query.unassigned,
      search: query.search,
      includeRemoved: query.includeRemoved,
    },
    window,
  );
  const assignees = await repo.listBoardAssignees(
    ctx.db,
    rows.map((row) => row.id),
  );
  const edit = can(ctx.actor, 'accounts.manage');
  const items = rows.map((row): BoardAccount => ({
    id: row.id,
    source: row.source,
    provider: row.provider as BoardAccount['provider'],
    externalId: row.external_id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    active: row.active,
    connection: { id: row.connection_id, name: row.connection_name },
    note: row.note,
    assignees: assignees
      .filter((a) => a.account_id === row.id)
      .map((a) => ({
        id: a.id,
        firstName: a.first_name,
        lastName: a.last_name,
        email: a.email,
        status: a.status,
      })),
    removedAt: row.removed_at?.toISOString() ?? null,
    abilities: { edit },
  }));
  return { items, ...pageOf(window, total) };
}

/** The signed-in person's own linked accounts: their Discord id and the accounts assigned to them. */
export async function listMyConnectedAccounts(ctx: ServiceContext): Promise<MyConnectedAccounts> {
  const userId = requireSelf(ctx);
  const [person, rows] = await Promise.all([
    repo.findDiscordId(ctx.db, userId),
    repo.listAccountsOfPerson(ctx.db, userId),
  ]);
  return {
    discordAccountId: person?.discord_account_id ?? null,
    accounts: rows.map((row) => ({
      provider: row.provider as BoardAccount['provider'],
      externalId: row.external_id,
      username: row.username,
      displayName: row.display_name,
      email: row.email,
      connectionName: row.connection_name,
    })),
  };
}

/** Deactivated people whose offboarding checklist still has open items, the longest-open first. */
export async function listOpenOffboardings(
  ctx: ServiceContext,
  query: OpenOffboardingQuery,
): Promise<OpenOffboardingPage> {
  jiraAccountPolicy.authorize(ctx.actor, 'view', COMPANY);
  return paginate(
    query,
    (window) => repo.listOpenChecklists(ctx.db, window),
    (row) => ({
      user: { id: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email },
      open: row.open,
      total: row.total,
      openedAt: new Date(row.opened_at).toISOString(),
    }),
  );
}
