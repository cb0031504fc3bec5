import { Value } from 'typebox/value';
import {
  NOTIFICATION_DATA,
  NOTIFICATION_TAB_OF,
  NOTIFICATIONS_PER_PAGE,
  type IsReadBody,
  type Notification,
  type NotificationData,
  type NotificationList,
  type NotificationListQuery,
  type NotificationStats,
  type NotificationType,
  type ReadAllResponse,
} from '../../../shared/notifications.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { paginate } from '../../core/paging.ts';
import { notificationPolicy } from './notifications.policy.ts';
import * as repo from './notifications.repository.ts';
import { CHANNELS, encodeNotificationPairs, publish, type NotificationPair } from './realtime.channels.ts';

export function toNotification(record: repo.NotificationRecord): Notification {
  // Cast: past 25 types TypeScript no longer relates a plain object to the discriminated union.
  return {
    id: record.id,
    type: record.type,
    tab: record.tab,
    isRead: record.is_read,
    createdAt: record.created_at.toISOString(),
    data: (record.data ?? {}) as never,
  } as Notification;
}

/** The signed-in person's id, once the policy let them at their own notifications. */
function ownerId(ctx: ServiceContext): string {
  notificationPolicy.authorize(ctx.actor, 'viewOwn', null);
  return ctx.actor.id!;
}

/** Queues the live push of inserted notifications on the caller's transaction: it leaves only on commit. */
export async function publishNotifications(ctx: ServiceContext, rows: readonly NotificationPair[]) {
  await publish(ctx.db, CHANNELS.notifications, encodeNotificationPairs(rows));
}

/**
 * Notifies people: one notification each, written with the caller's transaction (a new one when
 * there is none) and pushed to their open pages once that transaction commits. A rolled-back change
 * notifies nobody. Returns the new notifications' ids.
 */
export async function notify<T extends NotificationType>(
  ctx: ServiceContext,
  recipientIds: readonly string[],
  type: T,
  data: NotificationData<T>,
): Promise<string[]> {
  const schema = NOTIFICATION_DATA[type];
  if (!Value.Check(schema, data)) {
    const [first] = Value.Errors(schema, data);
    // A caller's bug, not a user's input: fail loudly so the change rolls back.
    throw new Error(
      `notify(${type}): data does not match its shape (${first?.instancePath} ${first?.message})`,
    );
  }
  const userIds = [...new Set(recipientIds)];
  if (userIds.length === 0) return [];
  return inTransaction(ctx, async (tx) => {
    const rows = await repo.insertNotifications(tx.db, {
      userIds,
      type,
      tab: NOTIFICATION_TAB_OF[type],
      data,
      createdBy: tx.actor.id,
    });
    await publishNotifications(tx, rows);
    return rows.map((row) => row.id);
  });
}

/**
 * Notifies about many records of one type at once (a scheduler run): each item names its
 * recipients and its own data. Written in the caller's transaction in a few statements, not one per
 * item, and pushed once it commits. Returns how many notifications were written.
 */
export async function notifyEach<T extends NotificationType>(
  ctx: ServiceContext,
  type: T,
  items: ReadonlyArray<{ recipientIds: readonly string[]; data: NotificationData<T> }>,
): Promise<number> {
  const schema = NOTIFICATION_DATA[type];
  const rows = items.flatMap((item) => {
    if (!Value.Check(schema, item.data)) {
      const [first] = Value.Errors(schema, item.data);
      throw new Error(
        `notifyEach(${type}): data does not match its shape (${first?.instancePath} ${first?.message})`,
      );
    }
    return [...new Set(item.recipientIds)].map((userId) => ({ userId, data: item.data }));
  });
  if (rows.length === 0) return 0;
  return inTransaction(ctx, async (tx) => {
    const inserted = await repo.insertNotificationRows(tx.db, {
      type,
      tab: NOTIFICATION_TAB_OF[type],
      rows,
      createdBy: tx.actor.id,
    });
    await publishNotifications(tx, inserted);
    return inserted.length;
  });
}

/** A page of the caller's notifications, newest first (spec section 7: items, currentPage, lastPage). */
export async function listMyNotifications(
  ctx: ServiceContext,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const filter = { userId: ownerId(ctx), isRead: query.isRead, tab: query.tab };
  return paginate(
    query,
    async ({ offset, limit }) => {
      const [total, rows] = await Promise.all([
        repo.countNotifications(ctx.db, filter),
        repo.listNotifications(ctx.db, filter, { limit, offset }),
      ]);
      return { rows, total };
    },
    toNotification,
    { perPage: NOTIFICATIONS_PER_PAGE },
  );
}

/** How many of the caller's notifications are unread (the bell's badge). */
export async function getMyNotificationStats(ctx: ServiceContext): Promise<NotificationStats> {
  return { unreadCount: await repo.countNotifications(ctx.db, { userId: ownerId(ctx), isRead: false }) };
}

/** Marks one of the caller's notifications read or unread; another person's looks like not found. */
export async function setMyNotificationRead(
  ctx: ServiceContext,
  id: string,
  input: IsReadBody,
): Promise<Notification> {
  ownerId(ctx);
  return inTransaction(ctx, async (tx) => {
    const before = await repo.lockNotification(tx.db, id);
    // Another person's notification looks like none at all.
    if (!before || !notificationPolicy.can(tx.actor, 'update', before)) throw new AppError('NOT_FOUND');
    if (before.is_read === input.isRead) return toNotification(before);
    const after = await repo.updateReadState(tx.db, id, input.isRead);
    await recordAudit(tx, {
      action: input.isRead ? 'notification.marked_read' : 'notification.marked_unread',
      entityType: 'notification',
      entityId: id,
      before: { isRead: before.is_read },
      after: { isRead: after.is_read },
    });
    return toNotification(after);
  });
}

/** Marks every notification of the caller read ('mark all as read'). */
export async function markAllMyNotificationsRead(ctx: ServiceContext): Promise<ReadAllResponse> {
  notificationPolicy.authorize(ctx.actor, 'markAllRead', null);
  const userId = ctx.actor.id!;
  return inTransaction(ctx, async (tx) => {
    const updated = await repo.markAllRead(tx.db, userId);
    if (updated > 0) {
      await recordAudit(tx, {
        action: 'notification.read_all',
        entityType: 'notification',
        after: { updated },
      });
    }
    return { updated, unreadCount: 0 };
  });
}

/** Notifications by id for the live push (the channel carries only ids). System use only. */
export async function loadNotificationsForPush(
  ctx: ServiceContext,
  ids: readonly string[],
): Promise<Array<{ userId: string; notification: Notification }>> {
  notificationPolicy.authorize(ctx.actor, 'push', null);
  const records = await repo.findNotificationsByIds(ctx.db, ids);
  return records.map((record) => ({ userId: record.user_id, notification: toNotification(record) }));
}

const PURGE_BATCH = 5000;

/** Deletes read notifications older than NOTIFICATION_RETENTION_DAYS, a batch per transaction. */
export async function purgeReadNotifications(
  ctx: ServiceContext,
): Promise<{ deleted: number; days: number }> {
  notificationPolicy.authorize(ctx.actor, 'purge', null);
  const days = ctx.config.NOTIFICATION_RETENTION_DAYS;
  let deleted = 0;
  for (;;) {
    const batch = await inTransaction(ctx, async (tx) => {
      const count = await repo.deleteOldReadNotifications(tx.db, days, PURGE_BATCH);
      if (count > 0) {
        await recordAudit(tx, {
          action: 'notification.purged',
          entityType: 'notification',
          after: { deleted: count, olderThanDays: days },
        });
      }
      return count;
    });
    deleted += batch;
    if (batch < PURGE_BATCH) return { deleted, days };
  }
}
