import type { ColumnType, Generated } from 'kysely';
import type { NotificationTab, NotificationType } from '../../../shared/notifications.schemas.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** One notification for one recipient; `data` follows the shape of its type (shared/notifications.schemas.ts). */
export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  type: NotificationType;
  tab: Defaulted<NotificationTab>;
  data: ColumnType<unknown, string, string>;
  is_read: Defaulted<boolean>;
  read_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}
