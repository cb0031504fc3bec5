import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { drive_v3 } from '@googleapis/drive';
import { lazyModule } from '../../../core/lazy-module.ts';
import type { DriveShareRole } from '../../../../shared/backups.schemas.ts';
import { ARCHIVE_PATTERN } from '../archive/create-archive.ts';
import type { BackupDestination, StoredArchive } from './destination.ts';
import type * as GoogleapisDriveModule from '@googleapis/drive';

/** Google's client, loaded when a backup first goes to Google Drive, not at every start. */
const googleDrive = lazyModule<typeof GoogleapisDriveModule>('@googleapis/drive');

export interface DriveSettings {
  /** The folder: its id, or a link to it (https://drive.google.com/drive/folders/<id>). */
  url: string;
  /** The API's root URL (default Google's); tests point it at a local server. */
  rootUrl?: string | null;
  serviceAccountJson?: string;
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
  shareEmails?: string[];
  shareRole?: DriveShareRole | null;
}

/** The folder id of a Drive link or a bare id. */
export function driveFolderId(url: string): string | null {
  const text = url.trim();
  const fromLink = /\/folders\/([A-Za-z0-9_-]{10,})/.exec(text)?.[1];
  if (fromLink) return fromLink;
  return /^[A-Za-z0-9_-]{10,}$/.test(text) ? text : null;
}

/** Drive's names for the spec's roles: Commenter may comment, Editor ("writer") may change. */
const DRIVE_ROLES: Record<DriveShareRole, string> = { COMMENTER: 'commenter', EDITOR: 'writer' };

/**
 * A Google Drive folder, through the maintained client (@googleapis/drive). Archives are uploaded
 * with the resumable protocol from the file (a stream); the folder is shared with the configured
 * people in the configured role after each upload (permissions.create is idempotent per person).
 */
export class GoogleDriveDestination implements BackupDestination {
  private readonly api: drive_v3.Drive;
  private readonly folderId: string;
  private readonly rootUrl: string | undefined;

  constructor(private readonly settings: DriveSettings) {
    const folderId = driveFolderId(settings.url);
    if (!folderId) throw new Error('not a Google Drive folder');
    this.folderId = folderId;
    const rootUrl = settings.rootUrl ? settings.rootUrl.replace(/\/?$/, '/') : undefined;
    this.rootUrl = rootUrl;
    let client;
    if (settings.serviceAccountJson) {
      const key = JSON.parse(settings.serviceAccountJson) as { client_email: string; private_key: string };
      client = new (googleDrive().auth.JWT)({
        email: key.client_email,
        key: key.private_key,
        scopes: ['https://www.googleapis.com/auth/drive'],
      });
    } else {
      client = new (googleDrive().auth.OAuth2)({
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        ...(rootUrl && { endpoints: { oauth2TokenUrl: `${rootUrl}token` } }),
      });
      client.setCredentials({ refresh_token: settings.refreshToken });
    }
    this.api = googleDrive().drive({ version: 'v3', auth: client, ...(rootUrl && { rootUrl }) });
  }

  private async findFile(name: string): Promise<drive_v3.Schema$File | null> {
    const { data } = await this.api.files.list({
      q: `'${this.folderId}' in parents and name = '${name}' and trashed = false`,
      fields: 'files(id,name,size,createdTime)',
      pageSize: 1,
      supportsAllDrives: true,
      includeItemsFromAllDrives: true,
    });
    return data.files?.[0] ?? null;
  }

  async upload(file: string, name: string): Promise<void> {
    await this.api.files.create(
      {
        requestBody: { name, parents: [this.folderId], mimeType: 'application/octet-stream' },
        media: { mimeType: 'application/octet-stream', body: createReadStream(file) },
        fields: 'id',
        supportsAllDrives: true,
      },
      // The upload address is built per call: the client's own rootUrl does not reach it.
      this.rootUrl ? { rootUrl: this.rootUrl } : {},
    );
    await this.share();
  }

  /** Shares the folder with each configured person in the configured Drive role. */
  async share(): Promise<void> {
    const role = this.settings.shareRole;
    if (!role) return;
    for (const emailAddress of this.settings.shareEmails ?? []) {
      await this.api.permissions.create({
        fileId: this.folderId,
        requestBody: { type: 'user', role: DRIVE_ROLES[role], emailAddress },
        sendNotificationEmail: false,
        supportsAllDrives: true,
      });
    }
  }

  async list(): Promise<StoredArchive[]> {
    const archives: StoredArchive[] = [];
    let pageToken: string | undefined;
    do {
      const { data } = await this.api.files.list({
        q: `'${this.folderId}' in parents and trashed = false`,
        fields: 'nextPageToken, files(id,name,size,createdTime)',
        pageSize: 100,
        pageToken,
        supportsAllDrives: true,
        includeItemsFromAllDrives: true,
      });
      for (const item of data.files ?? []) {
        if (item.name && ARCHIVE_PATTERN.test(item.name)) {
          archives.push({
            name: item.name,
            bytes: item.size ? Number(item.size) : null,
            createdAt: item.createdTime ? new Date(item.createdTime) : null,
          });
        }
      }
      pageToken = data.nextPageToken ?? undefined;
    } while (pageToken);
    return archives.sort((a, b) => a.name.localeCompare(b.name));
  }

  async download(name: string): Promise<Readable> {
    const found = await this.findFile(name);
    if (!found?.id) throw new Error(`${name} is not in the Drive folder`);
    const response = await this.api.files.get(
      { fileId: found.id, alt: 'media', supportsAllDrives: true },
      { responseType: 'stream' },
    );
    return response.data as unknown as Readable;
  }

  async remove(name: string): Promise<void> {
    const found = await this.findFile(name);
    if (found?.id) await this.api.files.delete({ fileId: found.id, supportsAllDrives: true });
  }
}
