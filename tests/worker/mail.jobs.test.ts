import t from 'tap';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { inTransaction } from '../../server/core/transaction.ts';
import { queueMail } from '../../server/domains/mail/mail.service.ts';
import { testConfig } from '../helpers/build-app.ts';
import { runJobHandler } from '../helpers/jobs.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The job of server/domains/mail/mail.jobs.ts, run against a real database.

const database = await createTestDatabase();
t.teardown(() => database.drop());
const db = database.db;

async function queue(to: string) {
  const ctx = createContext({ db, config: testConfig() }, SYSTEM_ACTOR);
  return inTransaction(ctx, (tx) =>
    queueMail(tx, { to, subject: 'Hello', text: 'Hello', template: 'test', language: 'en' }),
  );
}

const statusOf = (id: string) =>
  db
    .selectFrom('mail_outbox')
    .select(['status', 'attempts', 'sent_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

t.test('mail.deliver keeps queued mail in the outbox when SMTP_URL is unset', async (t) => {
  const id = await queue('kept@example.com');
  const result = await runJobHandler(db, testConfig(), 'mail.deliver');
  t.match(result, { kept: 1, sent: 0, failed: 0 });
  t.same(await statusOf(id), { status: 'KEPT', attempts: 1, sent_at: null });
  t.match(
    await runJobHandler(db, testConfig(), 'mail.deliver'),
    { kept: 0 },
    'a kept mail is not taken again',
  );
});

t.test(
  'mail.deliver leaves a mail queued for another try when the SMTP server cannot be reached',
  async (t) => {
    const id = await queue('retry@example.com');
    // Port 1 on the loopback refuses at once: a delivery failure without any network.
    const result = await runJobHandler(db, testConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }), 'mail.deliver');
    t.match(result, { sent: 0, failed: 1 });
    const mail = await db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    t.equal(mail.status, 'QUEUED');
    t.equal(mail.attempts, 1);
    t.ok(mail.last_error, 'the error is kept for the outbox listing');
  },
);
