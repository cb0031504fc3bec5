/**
 * The local S3-compatible server (s3rver) of the scale benchmark, run as a child process so that
 * what it holds while storing 10 MB objects is not counted in the app server's memory. Sends
 * `{ endpoint }` once listening; stops when the parent disconnects.
 */
import { startS3Server } from '../tests/helpers/s3-server.ts';

const buckets = (process.argv[2] ?? 'bench-files').split(',');
const server = await startS3Server(buckets);
process.send!({ endpoint: server.endpoint });
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});
