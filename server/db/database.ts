import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { RoleType } from '../../shared/permissions.ts';
import type { NotificationType } from '../../shared/notifications.schemas.ts';

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
  terms_accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  password_expiry_notified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  password_expiry_reminded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  // People and organisation (migration 20261122_0100): employee fields, optional on insert.
  user_type: ColumnType<UserType, UserType | undefined, UserType>;
  gender: OptionalColumn<'MALE' | 'FEMALE'>;
  /** `date` columns are 'YYYY-MM-DD' strings (see connect.ts). */
  birthday: OptionalColumn<string>;
  phone_number: OptionalColumn<string>;
  address: OptionalColumn<string>;
  contract_type: OptionalColumn<ContractType>;
  department_id: OptionalColumn<string>;
  onboard_date: OptionalColumn<string>;
  offboard_date: OptionalColumn<string>;
  discord_account_id: OptionalColumn<string>;
  bank_id: OptionalColumn<string>;
  bank_account_number: OptionalColumn<string>;
  id_card_number: OptionalColumn<string>;
  id_card_issue_date: OptionalColumn<string>;
  id_card_issue_authority: OptionalColumn<string>;
  social_insurance_number: OptionalColumn<string>;
  organization: OptionalColumn<string>;
  note: OptionalColumn<string>;
  // Employee profile (migration 20261122_0400): unique among live people, case-insensitively.
  employee_code: OptionalColumn<string>;
  /** Another employee; never the person, never a cycle (checked by the service). */
  line_manager_id: OptionalColumn<string>;
  /** Generated: names and email, lower-cased and without accents, for search. */
  search_text: ColumnType<string, never, never>;
}

type OptionalColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;
export type UserType = 'EMPLOYEE' | 'EXTERNAL';
export type ContractType = 'FULLTIME' | 'PART_TIME' | 'PROBATION' | 'INTERNSHIP' | 'FREELANCER';

export interface DepartmentsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  status: ColumnType<'ACTIVE' | 'INACTIVE', 'ACTIVE' | 'INACTIVE' | undefined, 'ACTIVE' | 'INACTIVE'>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
  deleted_at: Date | null;
}

export interface BanksTable {
  id: Generated<string>;
  code: string;
  short_name: string;
  name: string;
  bin: string | null;
}

export type UserFileKind = 'NDA_FILE' | 'CONTRACT_FILE';

/** Employee documents; the bytes live in the file storage under `storage_key`. */
export interface UserFilesTable {
  id: Generated<string>;
  user_id: string;
  kind: UserFileKind;
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_at: CreatedAt;
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

export type AccountTokenPurpose = 'INVITATION' | 'PASSWORD_RESET';

/** One-time links (invitation, password reset); only the token's SHA-256 hash is kept. */
export interface AccountTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: AccountTokenPurpose;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
  created_by: string | null;
}

export interface UserTwoFactorTable {
  user_id: string;
  secret: string | null;
  pending_secret: string | null;
  enabled_at: Date | null;
  last_used_step: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface TwoFactorChallengesTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface UserAvatarsTable {
  id: Generated<string>;
  user_id: string;
  content_type: string;
  content: Buffer;
  created_at: CreatedAt;
}

export type AccessRequestStatus = 'PENDING' | 'GRANTED' | 'DENIED';

export interface AccessRequestsTable {
  id: Generated<string>;
  requester_id: string;
  path: string;
  permission: string | null;
  reason: string | null;
  status: ColumnType<AccessRequestStatus, AccessRequestStatus | undefined, AccessRequestStatus>;
  granted_role_id: string | null;
  review_note: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
}

/** One notification for one recipient; `data` follows the shape of its type (shared/notifications.schemas.ts). */
export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  type: NotificationType;
  tab: ColumnType<'PLATFORM' | 'PROJECTS', 'PLATFORM' | 'PROJECTS' | undefined, 'PLATFORM' | 'PROJECTS'>;
  data: ColumnType<unknown, string, string>;
  is_read: ColumnType<boolean, boolean | undefined, boolean>;
  read_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
}

export type LegalPageKind = 'TERMS' | 'PRIVACY';

/** The text of the terms of service and the privacy policy, per language, edited in platform settings. */
export interface LegalPagesTable {
  kind: LegalPageKind;
  language: 'en' | 'vi';
  content: string;
  updated_at: UpdatedAt;
  updated_by: string | null;
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
  account_tokens: AccountTokensTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  user_avatars: UserAvatarsTable;
  access_requests: AccessRequestsTable;
  notifications: NotificationsTable;
  departments: DepartmentsTable;
  banks: BanksTable;
  user_files: UserFilesTable;
  legal_pages: LegalPagesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type RoleRow = Selectable<RolesTable>;
