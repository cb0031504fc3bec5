import { fullName } from '../../../shared/rules/format.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { listPermissionHolders } from '../access/permission-holders.service.ts';
import { notifyEach } from '../notifications/notifications.service.ts';
import * as repo from './account-board.repository.ts';

/**
 * The daily reminder (issue 13: "reminds until every item is closed"): while a deactivated
 * person's checklist has open items, everyone holding `accounts.manage` gets an
 * OFFBOARDING_REMINDER naming the person and how many items are open. Run by the worker as the
 * system actor; a holder of `accounts.manage` may run it too (the CLI with --as).
 */

const PAGE = 100;

/** Sends one reminder per open checklist to every holder of `accounts.manage`; answers how many were sent. */
export async function remindOpenOffboardings(
  ctx: ServiceContext,
): Promise<{ checklists: number; sent: number }> {
  authorize(ctx.actor, 'accounts.manage');
  const open: Awaited<ReturnType<typeof repo.listOpenChecklists>>['rows'] = [];
  for (let page = 1; ; page++) {
    const { rows, total } = await repo.listOpenChecklists(ctx.db, {
      currentPage: page,
      perPage: PAGE,
      offset: (page - 1) * PAGE,
      limit: PAGE,
    });
    open.push(...rows);
    if (page * PAGE >= total) break;
  }
  if (open.length === 0) return { checklists: 0, sent: 0 };
  return inTransaction(ctx, async (tx) => {
    const holders = await listPermissionHolders(tx, 'accounts.manage', { limit: 500 });
    const recipientIds = holders.map((holder) => holder.id);
    const sent = await notifyEach(
      tx,
      'OFFBOARDING_REMINDER',
      open.map((row) => ({
        recipientIds,
        data: {
          actor: null,
          offboarding: {
            userId: row.id,
            name: fullName({ firstName: row.first_name, lastName: row.last_name }) || row.email,
            open: row.open,
          },
        },
      })),
    );
    await recordAudit(tx, {
      action: 'offboarding.reminded',
      entityType: 'offboarding_item',
      entityId: null,
      after: { checklists: open.map((row) => ({ userId: row.id, open: row.open })), sent },
    });
    return { checklists: open.length, sent };
  });
}
