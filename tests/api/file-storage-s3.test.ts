import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';
import { bigPdf, HTML, invoiceForm, PDF, png, storedFiles } from '../helpers/invoice-factories.ts';
import { S3_TEST_CREDENTIALS, startS3Server } from '../helpers/s3-server.ts';

/**
 * The areas' real uploads and downloads with FILE_STORAGE=s3 against a local S3-compatible server
 * (s3rver): employee documents (buffered, PutObject), invoice attachments (streamed, multipart
 * Upload), the permission-checked download routes streaming the objects back, a refused form
 * leaving nothing in the bucket, and nothing ever written to DATA_DIR/files.
 */
t.setTimeout(180_000);

const s3 = await startS3Server(['company-files']);
t.teardown(() => s3.close());
// Credentials through the SDK's default chain, as in a deployment: the environment.
process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;

const objects = async () =>
  ((await s3.client.send(new ListObjectsV2Command({ Bucket: 'company-files' }))).Contents ?? []).map(
    (object) => ({ key: object.Key!, size: object.Size! }),
  );

async function world(t: Parameters<typeof buildTestApp>[0]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-files-s3-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await buildTestApp(t, {
    DATA_DIR: dataDir,
    FILE_STORAGE: 's3',
    FILE_STORAGE_S3_BUCKET: 'company-files',
    FILE_STORAGE_S3_ENDPOINT: s3.endpoint,
    FILE_STORAGE_S3_FORCE_PATH_STYLE: 'true',
    FILE_STORAGE_S3_PREFIX: `run-${Math.random().toString(16).slice(2)}`,
  });
  return { app, dataDir, prefix: app.config.FILE_STORAGE_S3_PREFIX! };
}

t.test('employee documents: uploaded to the bucket, downloaded through the checked route', async (t) => {
  const { app, dataDir, prefix } = await world(t);
  const hr = await app.signIn({
    permissions: ['employees.view', 'employees.manage', 'departments.view'],
  });
  const viewer = await app.signIn({ permissions: ['employees.view'] });
  const created = await hr.inject({
    method: 'POST',
    url: '/api/users',
    ...invoiceForm(
      { firstName: 'Minh', lastName: 'Lê', email: 'minh.le@example.com', contractType: 'PROBATION' },
      [{ fileName: 'NDA Lê Minh.pdf', type: 'application/pdf', data: PDF }],
      'ndaFile',
    ),
  });
  t.equal(created.statusCode, 201, created.body);
  const minh = created.json();
  const stored = (await objects()).filter((o) => o.key.startsWith(`${prefix}/users/${minh.id}/`));
  t.equal(stored.length, 1, 'the document is an object under the prefix');
  t.equal(stored[0]!.size, PDF.length);

  const download = await hr.inject({ method: 'GET', url: minh.files.NDA_FILE.url });
  t.equal(download.statusCode, 200);
  t.equal(download.headers['content-type'], 'application/pdf');
  t.same(download.rawPayload, PDF, 'the same bytes come back');
  t.equal((await viewer.inject({ method: 'GET', url: minh.files.NDA_FILE.url })).statusCode, 403);
  t.same(storedFiles(dataDir), [], 'nothing on the local disk');
});

t.test(
  'invoice attachments: streamed to the bucket (multipart), streamed back; refusals leave nothing',
  async (t) => {
    const { app, dataDir, prefix } = await world(t);
    const employee = await app.signIn({ permissions: ['invoices.submit'] });
    const payer = await app.signIn({ permissions: ['invoices.pay'] });
    const fields = {
      name: 'Laptop stand',
      date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      amount: '1.250.000',
      category: 'DEVICES',
      kind: 'PERSONAL',
    };
    // 9 MB: more than one 5 MiB part, so lib-storage's multipart upload runs.
    const scan = bigPdf(9);
    const created = await employee.inject({
      method: 'POST',
      url: '/api/invoices',
      ...invoiceForm(fields, [{ fileName: 'scan.pdf', type: 'application/pdf', data: scan }, png()]),
    });
    t.equal(created.statusCode, 201, created.body);
    const invoice = created.json();
    const stored = (await objects()).filter((o) => o.key.startsWith(`${prefix}/invoices/`));
    t.same(
      stored.map((o) => o.size).sort((a, b) => a - b),
      [png().data.length, scan.length].sort((a, b) => a - b),
    );

    const file = await payer.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/attachments/${invoice.attachments[0].id}?download=true`,
    });
    t.equal(file.statusCode, 200);
    t.equal(file.rawPayload.length, scan.length);
    t.ok(file.rawPayload.equals(scan), 'the 9 MB come back whole');
    const stranger = await app.signIn({ permissions: ['invoices.submit'] });
    t.equal(
      (
        await stranger.inject({
          method: 'GET',
          url: `/api/invoices/${invoice.id}/attachments/${invoice.attachments[0].id}`,
        })
      ).statusCode,
      404,
      'the permission check still stands before the bucket',
    );

    // A form whose second file is refused: the first, already in the bucket, is removed.
    const before = await objects();
    const refused = await employee.inject({
      method: 'POST',
      url: '/api/invoices',
      ...invoiceForm(fields, [
        { fileName: 'ok.pdf', type: 'application/pdf', data: bigPdf(6) },
        { fileName: 'evil.pdf', type: 'application/pdf', data: HTML },
      ]),
    });
    t.equal(refused.statusCode, 415, refused.body);
    t.same(await objects(), before, 'the bucket is as it was');
    t.same(storedFiles(dataDir), [], 'nothing on the local disk');
  },
);

t.test('a sender who goes away mid-upload leaves nothing and no write waiting', async (t) => {
  for (const storage of ['s3', 'local'] as const) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-files-gone-'));
    t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
    const app = await buildTestApp(t, {
      DATA_DIR: dataDir,
      FILE_STORAGE: storage,
      FILE_STORAGE_S3_BUCKET: 'company-files',
      FILE_STORAGE_S3_ENDPOINT: s3.endpoint,
      FILE_STORAGE_S3_FORCE_PATH_STYLE: 'true',
      FILE_STORAGE_S3_PREFIX: 'gone',
    });
    const employee = await app.signIn({ permissions: ['invoices.submit'] });
    await app.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.app.server.address() as { port: number }).port;
    const boundary = '----gone';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="attachments"; filename="scan.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
    );
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/invoices',
      headers: {
        authorization: `Bearer ${employee.accessToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 12 * 1024 * 1024),
      },
    });
    request.on('error', () => undefined);
    request.write(head);
    // 7 MB of the promised 12: the local driver has a part file, the bucket a multipart upload.
    const sent = bigPdf(7);
    await new Promise<void>((done) => request.write(sent, () => done()));
    // Wait until the server has written some of it, then go away.
    for (let i = 0; i < 200; i++) {
      const partial =
        storage === 'local'
          ? storedFiles(dataDir).length > 0
          : (await s3.client.send(new ListObjectsV2Command({ Bucket: 'company-files', Prefix: 'gone/' })))
              .KeyCount === 0;
      if (partial) break;
      await sleep(25);
    }
    request.destroy();
    // Polled: the server sees the reset, ends the driver's write and removes what it started.
    let left: string[] = ['…'];
    for (let i = 0; i < 400 && left.length > 0; i++) {
      await sleep(25);
      left =
        storage === 'local'
          ? storedFiles(dataDir)
          : (
              (await s3.client.send(new ListObjectsV2Command({ Bucket: 'company-files', Prefix: 'gone/' })))
                .Contents ?? []
            ).map((o) => o.Key!);
    }
    t.same(left, [], `${storage}: nothing left`);
    const rows = await app.db.selectFrom('invoice_attachments').select('id').execute();
    t.same(rows, [], `${storage}: no attachment row`);
    await app.app.close();
  }
});
