import type { Generated } from 'kysely';
import type { SecretType, ShareRole } from '../../../shared/secrets.schemas.ts';
import type { CreatedAt, Defaulted, Json, UpdatedAt } from './columns.ts';

/** The secrets area's tables (migrations/20261128_0300_secrets.ts). */

export interface SecretVaultsTable {
  user_id: string;
  passcode_salt: string;
  /** HMAC-SHA256 under a key derived from SECRETS_PEPPER of the browser's passcode proof. */
  passcode_verifier: string;
  /** The browser's passcode-wrapped user key, sealed again under SECRETS_PEPPER. */
  passcode_wrapped_key: string;
  recovery_verifier: string;
  recovery_wrapped_key: string;
  public_key: string;
  /** AES-GCM under the user key (the browser's). */
  wrapped_private_key: Json;
  failed_attempts: Defaulted<number>;
  locked_until: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SecretsTable {
  id: Generated<string>;
  name: string;
  type: SecretType;
  folder: string | null;
  tags: Defaulted<string[]>;
  /** { iv, ciphertext } under the secret's item key. */
  content: Json;
  version: Defaulted<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SecretMembersTable {
  secret_id: string;
  user_id: string;
  role: ShareRole;
  /** The item key wrapped for this member's public key. */
  wrapped_key: Json;
  granted_by: string | null;
  created_at: CreatedAt;
}

export interface SecretCommentsTable {
  id: Generated<string>;
  secret_id: string;
  author_id: string | null;
  content: Json;
  created_at: CreatedAt;
}

export interface SecureSharesTable {
  id: Generated<string>;
  content: Json;
  verifier_hash: string;
  access_limit: number;
  views_used: Defaulted<number>;
  expires_at: Date;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface SecureShareRateTable {
  bucket: string;
  window_start: Date;
  count: number;
}

export interface SecretsTables {
  secret_vaults: SecretVaultsTable;
  secrets: SecretsTable;
  secret_members: SecretMembersTable;
  secret_comments: SecretCommentsTable;
  secure_shares: SecureSharesTable;
  secure_share_rate: SecureShareRateTable;
}
