import type { Readable } from 'node:stream';

/** An archive kept at a destination. */
export interface StoredArchive {
  name: string;
  bytes: number | null;
  createdAt: Date | null;
}

/**
 * Where archives go. Uploads stream from the finished local file; only whole archives are ever
 * listed (a local folder writes under a temporary name; S3 and Drive publish an object when its
 * upload completes).
 */
export interface BackupDestination {
  upload(file: string, name: string, bytes: number): Promise<void>;
  list(): Promise<StoredArchive[]>;
  download(name: string): Promise<Readable>;
  remove(name: string): Promise<void>;
}
