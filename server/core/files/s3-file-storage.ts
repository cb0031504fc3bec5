import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { lazyModule } from '../lazy-module.ts';
import { assertSafeKey, assertSafePrefix, type FileStorage, type StoredFile } from './storage-key.ts';
import type * as AwsSdkClientS3Module from '@aws-sdk/client-s3';
import type * as AwsSdkLibStorageModule from '@aws-sdk/lib-storage';

/** The AWS SDK, loaded when the S3 driver is first built (FILE_STORAGE=s3), not at every start. */
const s3 = lazyModule<typeof AwsSdkClientS3Module>('@aws-sdk/client-s3');
const libStorage = lazyModule<typeof AwsSdkLibStorageModule>('@aws-sdk/lib-storage');

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Ceph, R2 …); unset: AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Put before every key ('backoffice/files' → 'backoffice/files/users/…'). */
  prefix?: string;
  /** Keys per ListObjectsV2 page (S3's most, 1,000, unless a test wants to see the paging). */
  listPageSize?: number;
}

/**
 * Parts of a streamed upload: the least S3 accepts (5 MiB), two sent at a time. An upload holds at
 * most about (2 + 1) × 5 MiB whatever the file's size; a file smaller than one part is sent as one
 * PutObject once it has all arrived.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3 bucket (or an S3-compatible one), through the AWS SDK. Credentials come from the
 * SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, web identity, the
 * instance or task role), never from the database.
 */
export class S3FileStorage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly prefix: string;
  private readonly listPageSize: number | undefined;

  constructor(settings: S3StorageSettings, clientConfig: S3ClientConfig = {}) {
    this.bucket = settings.bucket;
    this.listPageSize = settings.listPageSize;
    this.prefix = settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '';
    this.client = new (s3().S3Client)({
      region: settings.region,
      ...(settings.endpoint && {
        endpoint: settings.endpoint,
        // Many S3-compatible services refuse the checksums the SDK adds by default since 2025;
        // they are still sent when an operation requires them.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
      forcePathStyle: settings.forcePathStyle ?? false,
      ...clientConfig,
    });
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.prefix + key;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new (s3().PutObjectCommand)({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
      }),
    );
  }

  /**
   * A multipart upload fed by the stream (one PutObject for a file smaller than a part). An object
   * appears under the key only when the upload completes: a stream that fails before its end aborts
   * the upload (its parts are removed), so the key stays empty.
   */
  async putStream(key: string, data: Readable, contentType: string): Promise<void> {
    const upload = new (libStorage().Upload)({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(key), Body: data, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    });
    // The stream's own failure is the one to report: should the abort that follows fail too (the
    // service does not answer), lib-storage would report that one instead. Parts of an upload whose
    // abort failed are invisible and removed by the bucket's AbortIncompleteMultipartUpload rule.
    let streamError: unknown;
    const remember = (error: unknown) => (streamError ??= error);
    data.on('error', remember);
    try {
      await upload.done();
    } catch (error) {
      // The upload gave up (the bucket refused a part): stop whoever is still writing to the stream.
      data.destroy();
      throw streamError ?? error;
    } finally {
      data.off('error', remember);
    }
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const object = await this.client.send(
        new (s3().GetObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return object.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new (s3().HeadObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** ListObjectsV2, page after page (1,000 keys each): a bucket of any size in constant memory. */
  async *list(prefix: string): AsyncIterable<StoredFile> {
    assertSafePrefix(prefix);
    const listed = this.prefix + (prefix ? `${prefix}/` : '');
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new (s3().ListObjectsV2Command)({
          Bucket: this.bucket,
          Prefix: listed,
          ContinuationToken: token,
          MaxKeys: this.listPageSize,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          key: object.Key.slice(this.prefix.length),
          modifiedAt: object.LastModified ?? new Date(0),
          sizeBytes: object.Size ?? 0,
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
