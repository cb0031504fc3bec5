import type { ColumnType, Generated } from 'kysely';
import type { AssetStatus, AssetType } from '../../../shared/assets.schemas.ts';
import type { CiaLabel, ConfidentialityLabel } from '../../../shared/rules/asset-value.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** The assets area's tables (migrations/20261127_0400_assets.ts). */

export interface AssetsTable {
  id: Generated<string>;
  name: string;
  type: AssetType;
  status: AssetStatus;
  serial_number: string | null;
  quantity: Defaulted<number>;
  /** Bytes (a bigint, read as text). */
  storage_bytes: ColumnType<string | null, string | number | null, string | number | null>;
  processors: string | null;
  /** LOW=1, MEDIUM=2, HIGH=3. */
  priority: number;
  /** INFORMATION=0, ASSIGNMENT=1. */
  kind: number;
  description: string | null;
  location: string | null;
  owner_id: string | null;
  confidentiality: ConfidentialityLabel;
  integrity: CiaLabel;
  availability: CiaLabel;
  /** C + I + A (3-9), kept with the labels. */
  security_value: number;
  assignee_id: string | null;
  assigned_at: Date | null;
  version: Defaulted<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export interface AssetAssignmentsTable {
  id: Generated<string>;
  asset_id: string;
  user_id: string;
  assigned_at: Defaulted<Date>;
  assigned_by: string | null;
  returned_at: Date | null;
  returned_by: string | null;
}

export interface AssetAuditsTable {
  id: Generated<string>;
  name: string;
  closed_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AssetAuditChecksTable {
  audit_id: string;
  asset_id: string;
  location: string;
  confirmed_by: string | null;
  confirmed_at: Defaulted<Date>;
}

export interface AssetsTables {
  assets: AssetsTable;
  asset_assignments: AssetAssignmentsTable;
  asset_audits: AssetAuditsTable;
  asset_audit_checks: AssetAuditChecksTable;
}
