import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Client } from '@aws-sdk/client-s3';

/** s3rver accepts any signature; these are the credentials its documentation uses. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** A plain SDK client on the server (path-style), for checking what landed in a bucket. */
  client: S3Client;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, objects in a temporary folder) with the given buckets, on a
 * free port of 127.0.0.1: the real SDK code of the backups' S3 destination and the S3 file storage
 * runs against it. `close()` stops it and removes its folder.
 */
export async function startS3Server(buckets: readonly string[]): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bo-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_TEST_CREDENTIALS,
  });
  return {
    endpoint,
    client,
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
