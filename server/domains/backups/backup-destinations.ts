import path from 'node:path';
import type { BackupCredentials } from '../../../shared/backups.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { connectionsKey } from '../connections/connection-secrets.ts';
import { decryptToken, encryptToken } from '../connections/token-crypto.ts';
import type { BackupDestination } from './destinations/destination.ts';
import { GoogleDriveDestination } from './destinations/google-drive.ts';
import { LocalFolderDestination } from './destinations/local-folder.ts';
import { S3Destination } from './destinations/s3.ts';
import type { BackupConfigurationRecord } from './backups.repository.ts';

/**
 * Destination credentials at rest: the JSON of the credentials, AES-256-GCM under the connections key
 * (CONNECTIONS_KEY, the key of every third-party secret), bound to the configuration's id.
 */
export async function sealCredentials(ctx: ServiceContext, id: string, credentials: BackupCredentials) {
  return encryptToken(await connectionsKey(ctx), `backup:${id}`, JSON.stringify(credentials));
}

export async function openCredentials(ctx: ServiceContext, record: BackupConfigurationRecord) {
  if (!record.credentials_ciphertext) return {} as BackupCredentials;
  const text = decryptToken(await connectionsKey(ctx), `backup:${record.id}`, record.credentials_ciphertext);
  return JSON.parse(text) as BackupCredentials;
}

/** The default local folder: the data folder's `backups`. */
export const defaultBackupFolder = (ctx: { config: { dataDir: string } }) =>
  path.join(ctx.config.dataDir, 'backups');

/** Where a configuration's archives go, with its credentials opened. */
export async function destinationOf(
  ctx: ServiceContext,
  record: BackupConfigurationRecord,
): Promise<BackupDestination> {
  const credentials = await openCredentials(ctx, record);
  switch (record.destination) {
    case 'LOCAL':
      return new LocalFolderDestination(record.url.trim() || defaultBackupFolder(ctx));
    case 'S3':
      return new S3Destination({
        url: record.url,
        endpoint: record.endpoint,
        region: record.region,
        accessKeyId: credentials.accessKeyId,
        secretAccessKey: credentials.secretAccessKey,
      });
    case 'GOOGLE_DRIVE':
      return new GoogleDriveDestination({
        url: record.url,
        rootUrl: record.endpoint,
        ...credentials,
        shareEmails: record.share_emails,
        shareRole: record.share_role,
      });
  }
}

/** A destination named on the command line: a folder, or `s3://bucket/prefix` (the SDK's usual credentials). */
export function destinationOfAddress(address: string): BackupDestination {
  if (address.startsWith('s3://')) {
    return new S3Destination({
      url: address,
      endpoint: process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL ?? null,
      region: process.env.AWS_REGION ?? null,
    });
  }
  return new LocalFolderDestination(path.resolve(address));
}
