import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { lazyModule } from '../../../core/lazy-module.ts';
import { ARCHIVE_PATTERN } from '../archive/create-archive.ts';
import type { BackupDestination, StoredArchive } from './destination.ts';
import type * as AwsSdkClientS3Module from '@aws-sdk/client-s3';
import type * as AwsSdkLibStorageModule from '@aws-sdk/lib-storage';

/** The AWS SDK, loaded when a backup first goes to S3, not at every start. */
const s3 = lazyModule<typeof AwsSdkClientS3Module>('@aws-sdk/client-s3');
const libStorage = lazyModule<typeof AwsSdkLibStorageModule>('@aws-sdk/lib-storage');

export interface S3Settings {
  /** `s3://bucket/prefix`. */
  url: string;
  endpoint?: string | null;
  region?: string | null;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** `s3://bucket/some/prefix` → bucket and a prefix ending in `/` (or empty). */
export function parseS3Url(url: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url.trim());
  if (!match) return null;
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1]!, prefix: prefix ? `${prefix}/` : '' };
}

/**
 * S3 or S3-compatible storage (MinIO, R2, Ceph …): a multipart upload streamed from the archive
 * file (parts of 8 MB, four at a time: memory stays flat whatever the size). Without credentials,
 * the SDK's own chain applies (environment, instance role).
 */
export class S3Destination implements BackupDestination {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    const location = parseS3Url(settings.url);
    if (!location) throw new Error(`not an s3:// address: ${settings.url}`);
    this.bucket = location.bucket;
    this.prefix = location.prefix;
    this.client = new (s3().S3Client)({
      region: settings.region || 'us-east-1',
      ...(settings.endpoint && { endpoint: settings.endpoint, forcePathStyle: true }),
      ...(settings.accessKeyId &&
        settings.secretAccessKey && {
          credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        }),
    });
  }

  async upload(file: string, name: string): Promise<void> {
    await new (libStorage().Upload)({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.prefix + name, Body: createReadStream(file) },
      partSize: 8 * 1024 * 1024,
      queueSize: 4,
    }).done();
  }

  async list(): Promise<StoredArchive[]> {
    const archives: StoredArchive[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new (s3().ListObjectsV2Command)({
          Bucket: this.bucket,
          Prefix: this.prefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        const name = (object.Key ?? '').slice(this.prefix.length);
        if (ARCHIVE_PATTERN.test(name)) {
          archives.push({ name, bytes: object.Size ?? null, createdAt: object.LastModified ?? null });
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return archives.sort((a, b) => a.name.localeCompare(b.name));
  }

  async download(name: string): Promise<Readable> {
    const object = await this.client.send(
      new (s3().GetObjectCommand)({ Bucket: this.bucket, Key: this.prefix + name }),
    );
    return object.Body as Readable;
  }

  async remove(name: string): Promise<void> {
    await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.bucket, Key: this.prefix + name }));
  }
}
