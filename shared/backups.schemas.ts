import { Type, type Static } from 'typebox';
import { Email, Name, Text, TEXT_DEFAULT, TEXT_MAX } from './common.schemas.ts';
import { PageQueryFields, Paged } from './paging.schemas.ts';

/**
 * Backups (spec sections 3, 4 and 9: "Google Drive backups with logs"; settings category BACKUP;
 * frequencies DAILY, WEEKLY, MONTHLY; run result SUCCEED, FAILED; Drive roles Commenter, Editor).
 */

export const BACKUP_DESTINATIONS = ['LOCAL', 'S3', 'GOOGLE_DRIVE'] as const;
export type BackupDestination = (typeof BACKUP_DESTINATIONS)[number];
export const BACKUP_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];
/** QUEUED until the worker takes it, RUNNING meanwhile; the spec's run results are SUCCEED and FAILED. */
export const BACKUP_LOG_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEED', 'FAILED'] as const;
export type BackupLogStatus = (typeof BACKUP_LOG_STATUSES)[number];
export const BACKUP_TRIGGERS = ['SCHEDULE', 'MANUAL'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];
/** Google Drive roles of the spec: who the backup folder is shared with, and how. */
export const DRIVE_SHARE_ROLES = ['COMMENTER', 'EDITOR'] as const;
export type DriveShareRole = (typeof DRIVE_SHARE_ROLES)[number];
export const BACKUP_RETENTION_MAX = 365;

/**
 * Credentials for the destination, write-only: S3 takes an access key pair; Google Drive a service
 * account's JSON key or an OAuth client with a refresh token. Never returned by the API.
 */
export const BackupCredentials = Type.Object(
  {
    accessKeyId: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_DEFAULT })),
    secretAccessKey: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_DEFAULT })),
    serviceAccountJson: Type.Optional(Type.String({ minLength: 2, maxLength: 20000 })),
    clientId: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_DEFAULT })),
    clientSecret: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_DEFAULT })),
    refreshToken: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type BackupCredentials = Static<typeof BackupCredentials>;

export const BackupConfigurationBody = Type.Object(
  {
    name: Name(),
    destination: Type.Enum(BACKUP_DESTINATIONS),
    /** A folder (LOCAL; empty: the data folder's `backups`), `s3://bucket/prefix` (S3), a Drive folder id or link. */
    url: Text(2000),
    /** S3: the endpoint of S3-compatible storage; Google Drive: the API's root URL (tests, proxies). */
    endpoint: Type.Optional(Type.Union([Text(2000), Type.Null()])),
    region: Type.Optional(Type.Union([Text(100), Type.Null()])),
    credentials: Type.Optional(BackupCredentials),
    shareEmails: Type.Optional(Type.Array(Email, { maxItems: 50 })),
    shareRole: Type.Optional(Type.Union([Type.Enum(DRIVE_SHARE_ROLES), Type.Null()])),
    note: Type.Optional(Type.Union([Text(TEXT_MAX), Type.Null()])),
    frequency: Type.Enum(BACKUP_FREQUENCIES),
    retention: Type.Integer({ minimum: 1, maximum: BACKUP_RETENTION_MAX }),
  },
  { additionalProperties: false },
);
export type BackupConfigurationBody = Static<typeof BackupConfigurationBody>;

export const BackupStatusBody = Type.Object({ active: Type.Boolean() }, { additionalProperties: false });

export const BackupLog = Type.Object({
  id: Type.String(),
  configurationId: Type.String(),
  status: Type.Enum(BACKUP_LOG_STATUSES),
  trigger: Type.Enum(BACKUP_TRIGGERS),
  archiveName: Type.Union([Type.String(), Type.Null()]),
  sizeBytes: Type.Union([Type.Number(), Type.Null()]),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  drillMatched: Type.Union([Type.Boolean(), Type.Null()]),
  drilledAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
  /** The archive is still at the destination and can be downloaded. */
  downloadable: Type.Boolean(),
});
export type BackupLog = Static<typeof BackupLog>;
export const BackupLogPage = Paged(BackupLog);
export const BackupLogQuery = Type.Object({ ...PageQueryFields }, { additionalProperties: false });
export type BackupLogQuery = Static<typeof BackupLogQuery>;

export const BackupConfiguration = Type.Object({
  id: Type.String(),
  name: Type.String(),
  destination: Type.Enum(BACKUP_DESTINATIONS),
  url: Type.String(),
  endpoint: Type.Union([Type.String(), Type.Null()]),
  region: Type.Union([Type.String(), Type.Null()]),
  /** Whether credentials are stored (they themselves never leave the server). */
  hasCredentials: Type.Boolean(),
  shareEmails: Type.Array(Type.String()),
  shareRole: Type.Union([Type.Enum(DRIVE_SHARE_ROLES), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  frequency: Type.Enum(BACKUP_FREQUENCIES),
  retention: Type.Integer(),
  active: Type.Boolean(),
  lastLog: Type.Union([BackupLog, Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type BackupConfiguration = Static<typeof BackupConfiguration>;
export const BackupConfigurationList = Type.Object({ items: Type.Array(BackupConfiguration) });
export type BackupConfigurationList = Static<typeof BackupConfigurationList>;

export const BackupRunQueued = Type.Object({ logId: Type.String() });
