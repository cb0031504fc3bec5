import type { OffboardingChecklist, OffboardingItem } from '../../../shared/connection-links.schemas.ts';
import type { AvailableProvider } from '../../../shared/connections.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { Actor, ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { credentialsOf } from './connection-secrets.ts';
import { requireConnection } from './connection-views.ts';
import { jiraAccountPolicy } from './connections.policy.ts';
import * as repo from './offboarding.repository.ts';
import { PROVIDER_MODULES } from './providers/index.ts';
import { httpPolicy, ProviderError } from './providers/provider-http.ts';

/**
 * The offboarding checklist (issue 13, "who has access to what"): when a person is deactivated,
 * each account they were assigned becomes an item. **Perform** removes the member through the
 * provider's API where the module can (GitHub organisation, GitLab group, Slack workspace,
 * Discord server) and records the result — DONE, MANUAL when the token may not (Slack without
 * the admin API), FAILED with the reason; **Close** marks an item done by hand. Company-wide
 * `accounts.view` reads it, `accounts.manage` acts.
 */

const COMPANY = { projectIds: [] as string[] };

function toItem(actor: Actor, row: repo.ItemRow): OffboardingItem {
  const manage = jiraAccountPolicy.can(actor, 'edit', COMPANY);
  return {
    id: row.id,
    provider: row.provider,
    account: row.account_label,
    connection: row.connection_id ? { id: row.connection_id, name: row.connection_name! } : null,
    action: row.action,
    state: row.state,
    resultCode: row.result_code,
    resultDetail: row.result_detail,
    attemptedAt: row.attempted_at?.toISOString() ?? null,
    closedAt: row.closed_at?.toISOString() ?? null,
    abilities: {
      perform:
        manage &&
        row.state !== 'DONE' &&
        row.action === 'REMOVE_VIA_API' &&
        row.connection_status === 'ACTIVE',
      close: manage && row.state !== 'DONE',
    },
  };
}

export async function getOffboardingChecklist(
  ctx: ServiceContext,
  userId: string,
): Promise<OffboardingChecklist> {
  jiraAccountPolicy.authorize(ctx.actor, 'view', COMPANY);
  const items = (await repo.listItems(ctx.db, userId)).map((row) => toItem(ctx.actor, row));
  return { items, open: items.filter((item) => item.state !== 'DONE').length };
}

async function requireItem(ctx: ServiceContext, id: string) {
  const row = await repo.findItem(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Removes the member through the provider's API and records what came of it (the item, updated). */
export async function performOffboardingItem(ctx: ServiceContext, id: string): Promise<OffboardingItem> {
  jiraAccountPolicy.authorize(ctx.actor, 'edit', COMPANY);
  const row = await requireItem(ctx, id);
  const module = PROVIDER_MODULES[row.provider as AvailableProvider];
  if (row.state === 'DONE' || row.action !== 'REMOVE_VIA_API' || !module?.removeMember || !row.connection_id)
    throw new AppError('CONFLICT');
  const connection = await requireConnection(ctx, row.connection_id);
  if (connection.status !== 'ACTIVE')
    throw new AppError('CONNECTION_INACTIVE', { params: { name: connection.name } });

  // The provider is asked outside any transaction; the result is recorded in one, with its audit event.
  let result: { state: 'DONE' | 'MANUAL' | 'FAILED'; code: string | null; detail: string | null };
  try {
    const outcome = await module.removeMember(await credentialsOf(ctx, connection), httpPolicy(ctx.config), {
      externalId: row.external_id!,
      username: row.username!,
    });
    result = { state: outcome, code: outcome, detail: null };
  } catch (error) {
    if (error instanceof ProviderError) result = { state: 'FAILED', code: error.code, detail: error.detail };
    // A token kept under another key: recorded like a refusal (enter the token again, then retry).
    else if (error instanceof AppError && error.code === 'CONNECTION_TOKEN_UNREADABLE')
      result = { state: 'FAILED', code: 'TOKEN_UNREADABLE', detail: null };
    else throw error;
  }
  return inTransaction(ctx, async (tx) => {
    await repo.lockItem(tx.db, id);
    await repo.recordResult(tx.db, id, {
      state: result.state,
      resultCode: result.code,
      resultDetail: result.detail,
      closedBy: tx.actor.id,
    });
    const after = toItem(tx.actor, await requireItem(tx, id));
    await recordAudit(tx, {
      action: 'offboarding.performed',
      entityType: 'offboarding_item',
      entityId: id,
      after,
    });
    return after;
  });
}

/** Marks an item done by hand (a manual removal, or an account that needs nothing). */
export async function closeOffboardingItem(ctx: ServiceContext, id: string): Promise<OffboardingItem> {
  jiraAccountPolicy.authorize(ctx.actor, 'edit', COMPANY);
  return inTransaction(ctx, async (tx) => {
    const locked = await repo.lockItem(tx.db, id);
    if (!locked) throw new AppError('NOT_FOUND');
    if (locked.state === 'DONE') throw new AppError('CONFLICT');
    await repo.closeItem(tx.db, id, tx.actor.id);
    const after = toItem(tx.actor, await requireItem(tx, id));
    await recordAudit(tx, {
      action: 'offboarding.closed',
      entityType: 'offboarding_item',
      entityId: id,
      after,
    });
    return after;
  });
}
