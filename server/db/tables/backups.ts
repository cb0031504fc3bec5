import type { ColumnType, Generated } from 'kysely';
import type {
  BackupDestination,
  BackupFrequency,
  BackupLogStatus,
  BackupTrigger,
  DriveShareRole,
} from '../../../shared/backups.schemas.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** The backups area's tables (migrations/20261128_0400_backups.ts). */

export interface BackupConfigurationsTable {
  id: Generated<string>;
  name: string;
  destination: BackupDestination;
  url: string;
  endpoint: string | null;
  region: string | null;
  /** JSON of the credentials, AES-256-GCM under CONNECTIONS_KEY, bound to the row id. */
  credentials_ciphertext: string | null;
  share_emails: Defaulted<string[]>;
  share_role: DriveShareRole | null;
  note: string | null;
  frequency: BackupFrequency;
  retention: Defaulted<number>;
  active: Defaulted<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BackupLogsTable {
  id: Generated<string>;
  configuration_id: string;
  status: BackupLogStatus;
  trigger: BackupTrigger;
  archive_name: string | null;
  /** Bytes (a bigint, read as text). */
  size_bytes: ColumnType<string | null, string | number | null, string | number | null>;
  duration_ms: number | null;
  error: string | null;
  drill_matched: boolean | null;
  drilled_at: Date | null;
  created_at: CreatedAt;
  finished_at: Date | null;
}

export interface BackupsTables {
  backup_configurations: BackupConfigurationsTable;
  backup_logs: BackupLogsTable;
}
