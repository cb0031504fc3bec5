import { sql } from 'kysely';
import type { NotificationTab, NotificationType } from '../../../shared/notifications.schemas.ts';
import type { Db } from '../../db/connect.ts';

export interface NotificationRecord {
  id: string;
  user_id: string;
  type: NotificationType;
  tab: NotificationTab;
  data: unknown;
  is_read: boolean;
  created_at: Date;
}

const COLUMNS = ['id', 'user_id', 'type', 'tab', 'data', 'is_read', 'created_at'] as const;

/** What was inserted: each notification's id with its recipient, for the push. */
export interface InsertedNotification {
  id: string;
  user_id: string;
}

/** Inserts one notification of the same type and data for each recipient. */
export async function insertNotifications(
  db: Db,
  values: {
    userIds: readonly string[];
    type: NotificationType;
    tab: NotificationTab;
    data: unknown;
    createdBy: string | null;
  },
): Promise<InsertedNotification[]> {
  if (values.userIds.length === 0) return [];
  const data = JSON.stringify(values.data);
  return db
    .insertInto('notifications')
    .values(
      values.userIds.map((user_id) => ({
        user_id,
        type: values.type,
        tab: values.tab,
        data,
        created_by: values.createdBy,
      })),
    )
    .returning(['id', 'user_id'])
    .execute();
}

/**
 * Inserts notifications of one type whose data differ (one per recipient and item), a few thousand
 * rows per statement: a scheduler run notifying about many records at once.
 */
export async function insertNotificationRows(
  db: Db,
  values: {
    type: NotificationType;
    tab: NotificationTab;
    rows: ReadonlyArray<{ userId: string; data: unknown }>;
    createdBy: string | null;
  },
): Promise<InsertedNotification[]> {
  const inserted: InsertedNotification[] = [];
  for (let i = 0; i < values.rows.length; i += 2000) {
    const chunk = values.rows.slice(i, i + 2000);
    inserted.push(
      ...(await db
        .insertInto('notifications')
        .values(
          chunk.map((row) => ({
            user_id: row.userId,
            type: values.type,
            tab: values.tab,
            data: JSON.stringify(row.data),
            created_by: values.createdBy,
          })),
        )
        .returning(['id', 'user_id'])
        .execute()),
    );
  }
  return inserted;
}

/** Inserts one notification for every active person, in one statement. */
export function insertNotificationsForActiveUsers(
  db: Db,
  values: { type: NotificationType; tab: NotificationTab; data: unknown; createdBy: string | null },
): Promise<InsertedNotification[]> {
  return db
    .insertInto('notifications')
    .columns(['user_id', 'type', 'tab', 'data', 'created_by'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([
          'users.id',
          sql<NotificationType>`${values.type}`.as('type'),
          sql<NotificationTab>`${values.tab}`.as('tab'),
          sql<string>`${JSON.stringify(values.data)}::jsonb`.as('data'),
          sql<string | null>`${values.createdBy}::uuid`.as('created_by'),
        ])
        .where('users.status', '=', 'ACTIVE')
        .where('users.deleted_at', 'is', null),
    )
    .returning(['id', 'user_id'])
    .execute();
}

export interface ListFilter {
  userId: string;
  isRead?: boolean;
  tab?: NotificationTab;
}

function filtered(db: Db, filter: ListFilter) {
  let query = db.selectFrom('notifications').where('user_id', '=', filter.userId);
  if (filter.isRead !== undefined) query = query.where('is_read', '=', filter.isRead);
  if (filter.tab) query = query.where('tab', '=', filter.tab);
  return query;
}

/** One page of a person's notifications, newest first (ties broken by id, so pages are stable). */
export function listNotifications(
  db: Db,
  filter: ListFilter,
  page: { limit: number; offset: number },
): Promise<NotificationRecord[]> {
  return filtered(db, filter)
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countNotifications(db: Db, filter: ListFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The notification with this id, locked for the rest of the transaction (whose it is, the policy decides). */
export function lockNotification(db: Db, id: string): Promise<NotificationRecord | undefined> {
  return db.selectFrom('notifications').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateReadState(db: Db, id: string, isRead: boolean): Promise<NotificationRecord> {
  return db
    .updateTable('notifications')
    .set({ is_read: isRead, read_at: isRead ? new Date() : null, updated_at: new Date() })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Marks every unread notification of a person read; returns how many changed. */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ is_read: true, read_at: new Date(), updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Notifications by id (for the push), optionally only those of some recipients. */
export function findNotificationsByIds(db: Db, ids: readonly string[]): Promise<NotificationRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('id', 'in', ids)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Deletes up to `limit` read notifications created more than `days` days ago; returns how many. */
export async function deleteOldReadNotifications(db: Db, days: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('notifications')
    .where(
      'id',
      'in',
      db
        .selectFrom('notifications')
        .select('id')
        .where('is_read', '=', true)
        .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Active, not deleted people among these ids or emails (emails compare case-insensitively). */
export function findActiveRecipients(
  db: Db,
  by: { ids?: readonly string[]; emails?: readonly string[] },
): Promise<Array<{ id: string; email: string }>> {
  const ids = by.ids ?? [];
  const emails = by.emails ?? [];
  if (ids.length === 0 && emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .where((eb) => {
      const ors = [];
      if (ids.length > 0) ors.push(eb('id', 'in', ids));
      if (emails.length > 0) ors.push(eb('email', 'in', emails));
      return eb.or(ors);
    })
    .execute();
}

/** The names and avatar shown beside a notification a person caused. */
export function findActorProfile(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'avatar_url'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
