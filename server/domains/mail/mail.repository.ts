import type { Db } from '../../db/connect.ts';
import type { MailStatus } from '../../db/database.ts';

export interface OutgoingMail {
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  template: string;
  language: string;
}

export async function insertMail(db: Db, mail: OutgoingMail): Promise<string> {
  const row = await db.insertInto('mail_outbox').values(mail).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function listMail(db: Db, options: { to?: string; limit: number }) {
  let query = db.selectFrom('mail_outbox').selectAll();
  if (options.to) query = query.where('to_email', '=', options.to);
  return query.orderBy('created_at', 'desc').orderBy('id').limit(options.limit).execute();
}

/** Claims queued mails for delivery; SKIP LOCKED lets several workers share the outbox. */
export function lockQueuedMail(db: Db, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'QUEUED')
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markMail(db: Db, id: string, status: MailStatus, error: string | null): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status,
      last_error: error,
      attempts: eb('attempts', '+', 1),
      sent_at: status === 'SENT' ? new Date() : null,
    }))
    .where('id', '=', id)
    .execute();
}

/** The newest mail of a kind to an address (the invitation's delivery state on the employee page). */
export function findNewestMail(db: Db, to: string, template: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['status', 'attempts', 'created_at', 'sent_at'])
    .where('to_email', '=', to)
    .where('template', '=', template)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
