import type { BackupConfiguration, BackupLog } from '../../../shared/backups.schemas.ts';
import type { BackupConfigurationRecord, BackupLogRecord } from './backups.repository.ts';

/** The API's view of a run. */
export function toBackupLog(row: BackupLogRecord): BackupLog {
  return {
    id: row.id,
    configurationId: row.configuration_id,
    status: row.status,
    trigger: row.trigger,
    archiveName: row.archive_name,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    durationMs: row.duration_ms,
    error: row.error,
    drillMatched: row.drill_matched,
    drilledAt: row.drilled_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    downloadable: row.status === 'SUCCEED' && row.archive_name !== null,
  };
}

/** The API's view of a configuration: credentials are only ever "stored" or not. */
export function toBackupConfiguration(
  row: BackupConfigurationRecord,
  lastLog: BackupLogRecord | undefined,
): BackupConfiguration {
  return {
    id: row.id,
    name: row.name,
    destination: row.destination,
    url: row.url,
    endpoint: row.endpoint,
    region: row.region,
    hasCredentials: row.credentials_ciphertext !== null,
    shareEmails: row.share_emails,
    shareRole: row.share_role,
    note: row.note,
    frequency: row.frequency,
    retention: row.retention,
    active: row.active,
    lastLog: lastLog ? toBackupLog(lastLog) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What the audit trail keeps of a configuration (never the credentials). */
export function auditedConfiguration(row: BackupConfigurationRecord) {
  const { credentials_ciphertext: secret, ...rest } = row;
  return { ...rest, hasCredentials: secret !== null };
}
