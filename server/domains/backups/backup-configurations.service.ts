import path from 'node:path';
import type {
  BackupConfiguration,
  BackupConfigurationBody,
  BackupConfigurationList,
  BackupLogQuery,
} from '../../../shared/backups.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { sealCredentials } from './backup-destinations.ts';
import * as repo from './backups.repository.ts';
import { auditedConfiguration, toBackupConfiguration, toBackupLog } from './backups.views.ts';
import { driveFolderId } from './destinations/google-drive.ts';
import { parseS3Url } from './destinations/s3.ts';

/** Backup configurations (the BACKUP category of /platform-settings): list, create, change, (de)activate, remove. */

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** Every problem of a configuration at once; `existing` is the stored one when changing it. */
function configurationProblems(input: BackupConfigurationBody, existing?: repo.BackupConfigurationRecord) {
  const problems: FieldProblem[] = [];
  const url = input.url.trim();
  const credentials = input.credentials;
  if (input.destination === 'LOCAL' && url && !path.isAbsolute(url))
    problems.push({ field: 'url', code: 'invalid' });
  if (input.destination === 'S3' && !parseS3Url(url)) problems.push({ field: 'url', code: 'url' });
  if (input.destination === 'GOOGLE_DRIVE' && !driveFolderId(url))
    problems.push({ field: 'url', code: 'url' });
  if (input.endpoint && !isHttpUrl(input.endpoint)) problems.push({ field: 'endpoint', code: 'url' });
  if (
    input.destination === 'S3' &&
    credentials &&
    Boolean(credentials.accessKeyId) !== Boolean(credentials.secretAccessKey)
  ) {
    problems.push({ field: credentials.accessKeyId ? 'secretAccessKey' : 'accessKeyId', code: 'required' });
  }
  if (input.destination === 'GOOGLE_DRIVE') {
    const hadCredentials =
      existing?.destination === 'GOOGLE_DRIVE' && existing.credentials_ciphertext !== null;
    if (credentials?.serviceAccountJson) {
      try {
        const key = JSON.parse(credentials.serviceAccountJson) as Record<string, unknown>;
        if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string')
          throw new Error('incomplete');
      } catch {
        problems.push({ field: 'serviceAccountJson', code: 'invalid' });
      }
    } else if (
      credentials &&
      (credentials.clientId || credentials.clientSecret || credentials.refreshToken)
    ) {
      for (const field of ['clientId', 'clientSecret', 'refreshToken'] as const) {
        if (!credentials[field]) problems.push({ field, code: 'required' });
      }
    } else if (!hadCredentials) {
      problems.push({ field: 'credentials', code: 'required' });
    }
    if ((input.shareEmails?.length ?? 0) > 0 && !input.shareRole)
      problems.push({ field: 'shareRole', code: 'required' });
  } else if (input.shareEmails?.length || input.shareRole) {
    // Sharing is Google Drive's: elsewhere it would be silently ignored.
    problems.push({ field: input.shareRole ? 'shareRole' : 'shareEmails', code: 'invalid' });
  }
  return problems;
}

const duplicateName = (error: unknown) =>
  (error as { code?: string }).code === '23505'
    ? new AppError('ALREADY_EXISTS', { details: [{ field: 'name', code: 'alreadyExists', message: '' }] })
    : error;

function columnsOf(input: BackupConfigurationBody) {
  const emails = [...new Set((input.shareEmails ?? []).map((email) => email.trim().toLowerCase()))];
  return {
    name: input.name.trim(),
    destination: input.destination,
    url: input.url.trim(),
    endpoint: input.endpoint?.trim() || null,
    region: input.region?.trim() || null,
    share_emails: emails,
    share_role: input.destination === 'GOOGLE_DRIVE' ? (input.shareRole ?? null) : null,
    note: input.note?.trim() || null,
    frequency: input.frequency,
    retention: input.retention,
  };
}

async function requireConfiguration(ctx: ServiceContext, id: string, lock = false) {
  const row = await repo.findConfiguration(ctx.db, id, { lock });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function view(ctx: ServiceContext, row: repo.BackupConfigurationRecord): Promise<BackupConfiguration> {
  const [last] = await repo.latestLogs(ctx.db, [row.id]);
  return toBackupConfiguration(row, last);
}

/** Every backup configuration with its latest run. */
export async function listBackupConfigurations(ctx: ServiceContext): Promise<BackupConfigurationList> {
  authorize(ctx.actor, 'backups.manage');
  const rows = await repo.listConfigurations(ctx.db);
  const latest = new Map(
    (
      await repo.latestLogs(
        ctx.db,
        rows.map((row) => row.id),
      )
    ).map((log) => [log.configuration_id, log]),
  );
  return { items: rows.map((row) => toBackupConfiguration(row, latest.get(row.id))) };
}

/** Creates a backup configuration; its credentials are encrypted before they are stored. */
export async function createBackupConfiguration(ctx: ServiceContext, input: BackupConfigurationBody) {
  authorize(ctx.actor, 'backups.manage');
  const problems = configurationProblems(input);
  if (problems.length) throw validationError(problems);
  return inTransaction(ctx, async (tx) => {
    const id = await repo
      .insertConfiguration(tx.db, { ...columnsOf(input), created_by: tx.actor.id })
      .catch((error) => Promise.reject(duplicateName(error)));
    if (input.credentials && Object.keys(input.credentials).length) {
      await repo.updateConfiguration(tx.db, id, {
        credentials_ciphertext: await sealCredentials(tx, id, input.credentials),
      });
    }
    const created = await requireConfiguration(tx, id);
    await recordAudit(tx, {
      action: 'backup_configuration.created',
      entityType: 'backup_configuration',
      entityId: id,
      after: auditedConfiguration(created),
    });
    return view(tx, created);
  });
}

/** Changes a configuration; credentials left out stay as they are, credentials given replace them. */
export async function updateBackupConfiguration(
  ctx: ServiceContext,
  id: string,
  input: BackupConfigurationBody,
) {
  authorize(ctx.actor, 'backups.manage');
  const existing = await requireConfiguration(ctx, id);
  const problems = configurationProblems(input, existing);
  if (problems.length) throw validationError(problems);
  return inTransaction(ctx, async (tx) => {
    const before = await requireConfiguration(tx, id, true);
    const replaceCredentials = input.credentials && Object.keys(input.credentials).length > 0;
    await repo
      .updateConfiguration(tx.db, id, {
        ...columnsOf(input),
        ...(replaceCredentials && {
          credentials_ciphertext: await sealCredentials(tx, id, input.credentials!),
        }),
        // Credentials are the destination's: moving to another kind of destination drops them.
        ...(!replaceCredentials &&
          before.destination !== input.destination && { credentials_ciphertext: null }),
      })
      .catch((error) => Promise.reject(duplicateName(error)));
    const after = await requireConfiguration(tx, id);
    await recordAudit(tx, {
      action: 'backup_configuration.updated',
      entityType: 'backup_configuration',
      entityId: id,
      before: auditedConfiguration(before),
      after: auditedConfiguration(after),
    });
    return view(tx, after);
  });
}

/** Activates or deactivates a configuration: only active ones run on schedule. */
export async function setBackupConfigurationActive(ctx: ServiceContext, id: string, active: boolean) {
  authorize(ctx.actor, 'backups.manage');
  return inTransaction(ctx, async (tx) => {
    const before = await requireConfiguration(tx, id, true);
    await repo.updateConfiguration(tx.db, id, { active });
    const after = await requireConfiguration(tx, id);
    await recordAudit(tx, {
      action: active ? 'backup_configuration.activated' : 'backup_configuration.deactivated',
      entityType: 'backup_configuration',
      entityId: id,
      before: auditedConfiguration(before),
      after: auditedConfiguration(after),
    });
    return view(tx, after);
  });
}

/** Removes a configuration and its logs; archives already made stay at the destination. */
export async function deleteBackupConfiguration(ctx: ServiceContext, id: string): Promise<void> {
  authorize(ctx.actor, 'backups.manage');
  await inTransaction(ctx, async (tx) => {
    const before = await requireConfiguration(tx, id, true);
    await repo.deleteConfiguration(tx.db, id);
    await recordAudit(tx, {
      action: 'backup_configuration.deleted',
      entityType: 'backup_configuration',
      entityId: id,
      before: auditedConfiguration(before),
    });
  });
}

/** A page of a configuration's runs, newest first. */
export async function listBackupLogs(ctx: ServiceContext, id: string, query: BackupLogQuery) {
  authorize(ctx.actor, 'backups.manage');
  await requireConfiguration(ctx, id);
  return paginate(query, (window) => repo.listLogs(ctx.db, id, window), toBackupLog);
}
