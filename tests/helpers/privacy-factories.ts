import yauzl from 'yauzl';
import type { Db } from '../../server/db/connect.ts';
import { createUser } from './factories.ts';

/** People, histories and ZIP readings the privacy tests share. */

/** The entries of a ZIP, by name, as text. */
export function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A former employee: offboarded `yearsAgo`, deactivated, with the personal fields filled. */
export async function formerEmployee(db: Db, offboardDate: string, firstName = 'Former') {
  const user = await createUser(db, { status: 'INACTIVE', firstName, lastName: 'Nguyen' });
  await db
    .updateTable('users')
    .set({
      offboard_date: offboardDate,
      onboard_date: '2015-01-05',
      phone_number: '0901234567',
      address: '1 Le Loi, District 1',
      birthday: '1990-04-01',
      gender: 'FEMALE',
      id_card_number: '079090001234',
      bank_account_number: '0123456789',
      social_insurance_number: '7912345678',
      employee_code: `E-${user.id.slice(0, 6)}`,
      note: 'Left for studies',
    })
    .where('id', '=', user.id)
    .execute();
  return user;
}

/** Everything an anonymisation could change. */
export async function privacyState(db: Db) {
  const [users, anonymisations, audits] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('privacy_anonymisations').selectAll().orderBy('user_id').execute(),
    db.selectFrom('audit_events').select('id').orderBy('id').execute(),
  ]);
  return { users, anonymisations, audits };
}

/** A date `years` before today (UTC). */
export function yearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}
