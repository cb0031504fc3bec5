import { mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import t from 'tap';
import { fileStorage } from '../../server/core/files/file-storage.ts';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { insertInvoice } from '../helpers/invoice-factories.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// invoices.sweep-orphan-files: attachment files that no invoice names — left when a server died
// between storing an upload and committing its invoice — are deleted once a day old; files an
// invoice names, and young files an upload may still be about to commit, stay.

t.test('invoices.sweep-orphan-files deletes old files no invoice names, and only those', async (t) => {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bo-sweep-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const config = { ...testConfig(), dataDir };
  const storage = fileStorage(config);
  const db = database.db;

  const put = async (key: string, ageHours: number) => {
    await storage.putStream(key, Readable.from([Buffer.from('%PDF-1.4\n%%EOF')]), 'application/pdf');
    const when = new Date(Date.now() - ageHours * 3_600_000);
    await utimes(path.join(dataDir, 'files', ...key.split('/')), when, when);
  };
  const kept = 'invoices/2026-10/11111111-1111-4111-8111-111111111111.pdf';
  const orphan = 'invoices/2026-10/22222222-2222-4222-8222-222222222222.pdf';
  const young = 'invoices/2026-11/33333333-3333-4333-8333-333333333333.pdf';
  const elsewhere = 'avatars/44444444-4444-4444-8444-444444444444.png';
  await put(kept, 48);
  await put(orphan, 48);
  await put(young, 1);
  await put(elsewhere, 48);
  const owner = await createUser(db);
  const invoice = await insertInvoice(db, { userId: owner.id });
  await db
    .insertInto('invoice_attachments')
    .values({
      invoice_id: invoice.id,
      storage_key: kept,
      file_name: 'kept.pdf',
      content_type: 'application/pdf',
      size_bytes: 14,
      sha256: 'x'.repeat(64),
      position: 0,
      created_by: owner.id,
    })
    .execute();

  const result = await runJobHandler(db, config, 'invoices.sweep-orphan-files');
  t.same(result, { checked: 3, deleted: 1 });
  const exists = (key: string) =>
    stat(path.join(dataDir, 'files', ...key.split('/'))).then(
      () => true,
      () => false,
    );
  t.notOk(await exists(orphan), 'the old orphan is gone');
  t.ok(await exists(kept), 'a file an invoice names stays');
  t.ok(await exists(young), 'a young file (an upload maybe still committing) stays');
  t.ok(await exists(elsewhere), 'files of other areas are not looked at');
  const audit = await auditOfJob(db, 'invoices.sweep-orphan-files');
  t.equal(audit.length, 1);
  t.equal(audit[0]!.action, 'invoice_attachment.orphans_deleted');

  t.same(
    await runJobHandler(db, config, 'invoices.sweep-orphan-files'),
    { checked: 2, deleted: 0 },
    'a re-run finds nothing',
  );
});
