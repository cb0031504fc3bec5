import type { Generated } from 'kysely';
import type { SsoClientType, SsoRequestStatus } from '../../../shared/sso.schemas.ts';
import type { CreatedAt, Defaulted, Json, UpdatedAt } from './columns.ts';

/** The single sign-on area's tables (migrations/20261128_0200_sso.ts). */

export interface SsoConnectionsTable {
  id: Generated<string>;
  name: string;
  url: string;
  callback_url: string;
  redirect_uris: string[];
  post_logout_redirect_uris: Defaulted<string[]>;
  client_type: SsoClientType;
  response_types: string[];
  grant_types: string[];
  client_id: string;
  /** AES-256-GCM (connections/token-crypto.ts); never sent out after the answer that made it. */
  client_secret_ciphertext: string | null;
  secret_rotated_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export interface SsoGroupsTable {
  id: Generated<string>;
  connection_id: string;
  name: string;
}

export interface SsoGroupMembersTable {
  group_id: string;
  user_id: string;
}

export interface SsoConnectionMembersTable {
  connection_id: string;
  user_id: string;
}

export interface SsoAccessRequestsTable {
  id: Generated<string>;
  connection_id: string;
  user_id: string;
  status: Defaulted<SsoRequestStatus>;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: CreatedAt;
}

export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: Json;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  account_id: string | null;
  client_id: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

export interface OidcSigningKeysTable {
  kid: string;
  key_ciphertext: string;
  created_at: CreatedAt;
  retired_at: Date | null;
}

export interface SsoTables {
  sso_connections: SsoConnectionsTable;
  sso_groups: SsoGroupsTable;
  sso_group_members: SsoGroupMembersTable;
  sso_connection_members: SsoConnectionMembersTable;
  sso_access_requests: SsoAccessRequestsTable;
  oidc_payloads: OidcPayloadsTable;
  oidc_signing_keys: OidcSigningKeysTable;
}
