import type { ColumnType, Generated } from 'kysely';
import type { ContractType, GENDERS, USER_TYPES, UserStatus } from '../../../shared/employees.schemas.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import type { CreatedAt, Defaulted, OptionalColumn, UpdatedAt } from './columns.ts';

/** The accounts area's tables: people's accounts, sessions, one-time links and second factors. */

export type { ContractType, UserStatus };
export type UserType = (typeof USER_TYPES)[number];

export interface UsersTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  password_changed_at: Date | null;
  status: Defaulted<UserStatus>;
  language: Defaulted<Language>;
  avatar_url: string | null;
  last_sign_in_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
  deleted_at: Date | null;
  terms_accepted_at: OptionalColumn<Date>;
  password_expiry_notified_at: OptionalColumn<Date>;
  password_expiry_reminded_at: OptionalColumn<Date>;
  // People and organisation (migration 20261122_0100): employee fields, optional on insert.
  user_type: Defaulted<UserType>;
  gender: OptionalColumn<(typeof GENDERS)[number]>;
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
  // Employee profile (migration 20261124_0200): unique among live people, case-insensitively.
  employee_code: OptionalColumn<string>;
  /** Another employee; never the person, never a cycle (checked by the service). */
  line_manager_id: OptionalColumn<string>;
  /** Generated: names and email, lower-cased and without accents, for search. */
  search_text: ColumnType<string, never, never>;
  /** Secrets (migration 20261128_0300): the person has set up a vault (passcode and key pair). */
  has_encryption_key: Defaulted<boolean>;
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
  last_used_at: Defaulted<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export interface SignInFailuresTable {
  id: Generated<string>;
  email: string;
  ip: string | null;
  occurred_at: CreatedAt;
}

/** Internal to the accounts area: what a one-time link is for. */
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
  attempts: Defaulted<number>;
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

export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  account_tokens: AccountTokensTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  user_avatars: UserAvatarsTable;
}
