/**
 * The upload client of the invoices benchmark, run as a child process so that the memory it takes
 * to hold and send three 10 MB files is not counted as the server's: the parent sends it
 * `{ url, token, files, megabytes, count }` and gets back each upload's time and status.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

interface Job {
  url: string;
  token: string | null;
  files: number;
  megabytes: number;
  count: number;
  fields: Record<string, string>;
}

/** A multipart body of `files` PDFs (by their first bytes) of `megabytes` each, with text fields. */
function body(job: Job): { data: Buffer; type: string } {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(job.fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (let i = 0; i < job.files; i++) {
    const file = randomBytes(job.megabytes * 1024 * 1024);
    file.write('%PDF-1.4\n', 0);
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="attachments"; filename="scan-${i}.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { data: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

process.on('message', async (job: Job) => {
  const { data, type } = body(job);
  const payload = new Blob([new Uint8Array(data)]);
  const results: Array<{ ms: number; status: number }> = [];
  for (let i = 0; i < job.count; i++) {
    const began = performance.now();
    const response = await fetch(job.url, {
      method: 'POST',
      headers: { 'content-type': type, ...(job.token && { authorization: `Bearer ${job.token}` }) },
      body: payload,
    });
    await response.arrayBuffer();
    results.push({ ms: performance.now() - began, status: response.status });
  }
  process.send!({ results });
});
