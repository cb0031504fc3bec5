import path from 'node:path';
import type { Config } from '../../config.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { S3FileStorage } from './s3-file-storage.ts';
import type { FileStorage } from './storage-key.ts';

export { LocalDiskStorage } from './local-disk-storage.ts';
export { S3FileStorage } from './s3-file-storage.ts';
export { assertSafeKey, type FileStorage, type StoredFile } from './storage-key.ts';

/** What picks and sets up the storage (a partial configuration means the local disk). */
export type StorageConfig = Pick<Config, 'dataDir'> &
  Partial<
    Pick<
      Config,
      | 'FILE_STORAGE'
      | 'FILE_STORAGE_S3_BUCKET'
      | 'FILE_STORAGE_S3_REGION'
      | 'FILE_STORAGE_S3_ENDPOINT'
      | 'FILE_STORAGE_S3_FORCE_PATH_STYLE'
      | 'FILE_STORAGE_S3_PREFIX'
    >
  >;

const storages = new Map<string, FileStorage>();

/** The local disk storage of a configuration (DATA_DIR/files), whatever FILE_STORAGE says. */
export function localDiskStorage(config: Pick<Config, 'dataDir'>): LocalDiskStorage {
  const root = path.join(config.dataDir, 'files');
  const id = `local:${root}`;
  let storage = storages.get(id);
  if (!storage) storages.set(id, (storage = new LocalDiskStorage(root)));
  return storage as LocalDiskStorage;
}

/** The bucket storage of a configuration, whatever FILE_STORAGE says (for `files migrate`). */
export function s3FileStorage(config: StorageConfig): S3FileStorage {
  const bucket = config.FILE_STORAGE_S3_BUCKET;
  if (!bucket) throw new Error('FILE_STORAGE_S3_BUCKET is not set: there is no bucket to use');
  const settings = {
    bucket,
    region: config.FILE_STORAGE_S3_REGION ?? 'us-east-1',
    endpoint: config.FILE_STORAGE_S3_ENDPOINT,
    forcePathStyle: config.FILE_STORAGE_S3_FORCE_PATH_STYLE ?? false,
    prefix: config.FILE_STORAGE_S3_PREFIX,
  };
  // One client (and its connection pool) per bucket and prefix, reused by every request.
  const id = `s3:${JSON.stringify(settings)}`;
  let storage = storages.get(id);
  if (!storage) storages.set(id, (storage = new S3FileStorage(settings)));
  return storage as S3FileStorage;
}

/** The storage of a configuration: FILE_STORAGE picks the driver; one instance per folder or bucket. */
export function fileStorage(config: StorageConfig): FileStorage {
  return config.FILE_STORAGE === 's3' ? s3FileStorage(config) : localDiskStorage(config);
}
