import { randomUUID } from 'node:crypto';
import {
  PROVIDER_CATALOGUE,
  type AvailableProvider,
  type Connection,
  type ConnectionBody,
  type ConnectionDetail,
  type ConnectionPage,
  type ConnectionQuery,
  type ConnectionStatusBody,
  type ConnectionTestBody,
  type ConnectionTestResult,
  type ConnectionUpdateBody,
} from '../../../shared/connections.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { connectionsKey, credentialsOf, normaliseBaseUrl } from './connection-secrets.ts';
import { testCredentials } from './connection-test.ts';
import { requireConnection, toConnection } from './connection-views.ts';
import * as repo from './connections.repository.ts';
import { connectionPolicy } from './connections.policy.ts';
import { countConnectionData } from './jira.repository.ts';
import { encryptToken, lastFour } from './token-crypto.ts';

/**
 * Connections: the company's accounts at other services. Connecting tests the token with the
 * provider first (a refused token is never kept), then keeps it encrypted; the API never sends it
 * back, only its mask. Removal keeps the row for the runs and pushes that name it, not the token.
 */

function duplicate(name: string): AppError {
  return new AppError('CONNECTION_DUPLICATE', {
    params: { name },
    details: [{ field: 'baseUrl', code: 'connectionDuplicate', message: '' }],
  });
}

/** The address checked and normalised, or 422 'Invalid URL format'. */
function baseUrlOf(text: string): string {
  const result = normaliseBaseUrl(text);
  if ('problem' in result) throw validationError([result.problem]);
  return result.url;
}

const emailOf = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

/** The connections, by name: search by name, address or path; filter by provider and status. */
export async function listConnections(ctx: ServiceContext, query: ConnectionQuery): Promise<ConnectionPage> {
  connectionPolicy.authorize(ctx.actor, 'view', undefined);
  return paginate(
    query,
    (window) =>
      repo.listConnections(
        ctx.db,
        { search: query.search, provider: query.provider, status: query.status },
        window,
      ),
    (row) => toConnection(ctx.actor, row),
  );
}

/** One connection with what its syncs brought back. */
export async function getConnection(ctx: ServiceContext, id: string): Promise<ConnectionDetail> {
  connectionPolicy.authorize(ctx.actor, 'view', undefined);
  return detailOf(ctx, await requireConnection(ctx, id));
}

async function detailOf(ctx: ServiceContext, row: repo.ConnectionRow): Promise<ConnectionDetail> {
  const counts = await countConnectionData(ctx.db, row.id);
  return {
    ...toConnection(ctx.actor, row),
    counts: {
      jiraProjects: counts.jira_projects,
      jiraAccounts: counts.jira_accounts,
      jiraIssues: counts.jira_issues,
      linkedProjects: counts.linked_projects,
      repositories: counts.repositories,
      accounts: counts.accounts,
      channels: counts.channels,
    },
  };
}

/** Tries credentials before connecting them (the connect dialog's Test button); keeps nothing. */
export async function testConnectionCredentials(
  ctx: ServiceContext,
  input: ConnectionTestBody,
): Promise<ConnectionTestResult> {
  connectionPolicy.authorize(ctx.actor, 'test', undefined);
  const baseUrl = baseUrlOf(input.baseUrl);
  const account = await testCredentials(ctx, input.provider, {
    baseUrl,
    path: input.path?.trim() ?? '',
    email: emailOf(input.email),
    token: input.apiToken.trim(),
  });
  return { ok: true, account };
}

/** Tries a kept connection's credentials again; keeps nothing. */
export async function testConnection(ctx: ServiceContext, id: string): Promise<ConnectionTestResult> {
  connectionPolicy.authorize(ctx.actor, 'test', undefined);
  const row = await requireConnection(ctx, id);
  const account = await testCredentials(
    ctx,
    row.provider as AvailableProvider,
    await credentialsOf(ctx, row),
  );
  return { ok: true, account };
}

/** Connects an account: tested with the provider, then kept with its token encrypted. */
export async function createConnection(ctx: ServiceContext, input: ConnectionBody): Promise<Connection> {
  connectionPolicy.authorize(ctx.actor, 'create', undefined);
  const baseUrl = baseUrlOf(input.baseUrl);
  const path = input.path?.trim() ?? '';
  const same = await repo.findSameConnection(ctx.db, input.provider, baseUrl, path);
  if (same) throw duplicate((await requireConnection(ctx, same.id)).name);
  const key = await connectionsKey(ctx); // before the provider is asked: no key, nothing to keep it with
  const token = input.apiToken.trim();
  const email = emailOf(input.email);
  await testCredentials(ctx, input.provider, { baseUrl, path, email, token });

  const id = randomUUID();
  const catalogue = PROVIDER_CATALOGUE[input.provider];
  return inTransaction(ctx, async (tx) => {
    await repo
      .insertConnection(tx.db, {
        id,
        name: input.name.trim(),
        provider: input.provider,
        category: catalogue.category,
        kind: catalogue.kind,
        base_url: baseUrl,
        path,
        account_email: email,
        token_ciphertext: encryptToken(key, id, token),
        token_last4: lastFour(token),
        created_by: tx.actor.id,
      })
      .catch((error: unknown) =>
        Promise.reject(
          isUniqueViolation(error, 'connections_identity_key') ? duplicate(input.name.trim()) : error,
        ),
      );
    const created = toConnection(tx.actor, await requireConnection(tx, id));
    await recordAudit(tx, {
      action: 'connection.created',
      entityType: 'connection',
      entityId: id,
      after: created,
    });
    return created;
  });
}

/** Renames a connection or changes its path; a new address, email or token is tested first. */
export async function updateConnection(
  ctx: ServiceContext,
  id: string,
  input: ConnectionUpdateBody,
): Promise<Connection> {
  connectionPolicy.authorize(ctx.actor, 'edit', undefined);
  const current = await requireConnection(ctx, id);
  const baseUrl = input.baseUrl === undefined ? current.base_url : baseUrlOf(input.baseUrl);
  const path = input.path === undefined ? current.path : input.path.trim();
  const email = input.email === undefined ? current.account_email : emailOf(input.email);
  const same = await repo.findSameConnection(ctx.db, current.provider, baseUrl, path, id);
  if (same) throw duplicate((await requireConnection(ctx, same.id)).name);
  const credentialsChanged =
    baseUrl !== current.base_url || email !== current.account_email || input.apiToken !== undefined;
  const key = await connectionsKey(ctx);
  const token =
    input.apiToken?.trim() ?? (credentialsChanged ? (await credentialsOf(ctx, current)).token : null);
  if (credentialsChanged)
    await testCredentials(ctx, current.provider as AvailableProvider, {
      baseUrl,
      path,
      email,
      token: token!,
    });

  return inTransaction(ctx, async (tx) => {
    if (!(await repo.lockConnection(tx.db, id))) throw new AppError('NOT_FOUND');
    const before = toConnection(tx.actor, await requireConnection(tx, id));
    await repo
      .updateConnection(tx.db, id, {
        ...(input.name !== undefined && { name: input.name.trim() }),
        base_url: baseUrl,
        path,
        account_email: email,
        ...(input.apiToken !== undefined && {
          token_ciphertext: encryptToken(key, id, token!),
          token_last4: lastFour(token!),
        }),
      })
      .catch((error: unknown) =>
        Promise.reject(isUniqueViolation(error, 'connections_identity_key') ? duplicate(before.name) : error),
      );
    const after = toConnection(tx.actor, await requireConnection(tx, id));
    await recordAudit(tx, {
      action: 'connection.updated',
      entityType: 'connection',
      entityId: id,
      before,
      after: { ...after, tokenReplaced: input.apiToken !== undefined },
    });
    return after;
  });
}

/** Activates or deactivates a connection: an inactive one is not synced and gives no Jira tasks. */
export async function setConnectionStatus(
  ctx: ServiceContext,
  id: string,
  input: ConnectionStatusBody,
): Promise<Connection> {
  connectionPolicy.authorize(ctx.actor, 'changeStatus', undefined);
  return inTransaction(ctx, async (tx) => {
    if (!(await repo.lockConnection(tx.db, id))) throw new AppError('NOT_FOUND');
    const before = toConnection(tx.actor, await requireConnection(tx, id));
    await repo.updateConnection(tx.db, id, { status: input.status });
    const after = toConnection(tx.actor, await requireConnection(tx, id));
    await recordAudit(tx, {
      action: input.status === 'ACTIVE' ? 'connection.activated' : 'connection.deactivated',
      entityType: 'connection',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Removes a connection: its token is erased; its synced data and links stay, unused. */
export async function deleteConnection(ctx: ServiceContext, id: string): Promise<void> {
  connectionPolicy.authorize(ctx.actor, 'delete', undefined);
  await inTransaction(ctx, async (tx) => {
    if (!(await repo.lockConnection(tx.db, id))) throw new AppError('NOT_FOUND');
    const before = toConnection(tx.actor, await requireConnection(tx, id));
    await repo.softDeleteConnection(tx.db, id);
    await recordAudit(tx, { action: 'connection.deleted', entityType: 'connection', entityId: id, before });
  });
}
