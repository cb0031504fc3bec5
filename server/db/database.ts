import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { RoleType } from '../../shared/permissions.ts';

/** Kysely table interfaces: one per table, matching the migrations in `migrations/`. */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | undefined | null, string | null>;

export type UserStatus = 'ACTIVE' | 'INACTIVE' | 'PENDING';
export type RoleStatus = 'ACTIVE' | 'INACTIVE';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  password_changed_at: Date | null;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  language: ColumnType<'en' | 'vi', 'en' | 'vi' | undefined, 'en' | 'vi'>;
  avatar_url: string | null;
  last_sign_in_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
  deleted_at: Date | null;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  /** The token this one replaced, accepted for a few seconds so parallel tabs do not sign each other out. */
  previous_token_hash: string | null;
  rotated_at: Date | null;
  user_agent: string | null;
  ip: string | null;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export interface PermissionsTable {
  key: string;
  area: string;
  role_types: string[];
}

export interface RolesTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  type: RoleType;
  status: ColumnType<RoleStatus, RoleStatus | undefined, RoleStatus>;
  built_in_key: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
  deleted_at: Date | null;
}

export interface RolePermissionsTable {
  role_id: string;
  permission_key: string;
}

export interface UserRolesTable {
  id: Generated<string>;
  user_id: string;
  role_id: string;
  /** Set for PROJECT roles: the project the role applies to. */
  project_id: string | null;
  created_at: CreatedAt;
  created_by: string | null;
}

export interface AuditEventsTable {
  id: Generated<string>;
  occurred_at: CreatedAt;
  actor_id: string | null;
  actor_label: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Json;
  after: Json;
  ip: string | null;
  request_id: string | null;
}

export interface SignInFailuresTable {
  id: Generated<string>;
  email: string;
  ip: string | null;
  occurred_at: CreatedAt;
}

export interface AppSettingsTable {
  key: string;
  value: Json;
  updated_at: UpdatedAt;
}

export type MailStatus = 'QUEUED' | 'SENT' | 'FAILED' | 'KEPT';

export interface MailOutboxTable {
  id: Generated<string>;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  template: string;
  language: string;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  audit_events: AuditEventsTable;
  sign_in_failures: SignInFailuresTable;
  app_settings: AppSettingsTable;
  mail_outbox: MailOutboxTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type RoleRow = Selectable<RolesTable>;
