import t from 'tap';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { previewRetention } from '../../server/domains/privacy/retention.service.ts';
import { testConfig } from '../helpers/build-app.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { formerEmployee, privacyState, yearsAgo } from '../helpers/privacy-factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The job of server/domains/privacy/privacy.jobs.ts against a real database: the dry run lists the
// former employees past the retention period, the job anonymises them (audited, names kept), and a
// second run changes nothing.

const config = testConfig();

t.test('privacy.anonymise-former-employees: dry run, then run twice', async (t) => {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  const db = database.db;
  const due = await formerEmployee(db, yearsAgo(5), 'Old');
  const recent = await formerEmployee(db, yearsAgo(1), 'Recent');
  await db
    .insertInto('app_settings')
    .values({ key: 'privacy.retention', value: JSON.stringify({ retentionMonths: 48 }) })
    .execute();

  const before = await privacyState(db);
  const preview = await previewRetention(createContext({ db, config }, SYSTEM_ACTOR));
  t.same(
    preview.candidates.map((c) => c.userId),
    [due.id],
  );
  t.equal(preview.retentionMonths, 48, 'the setting is used');
  t.same(await privacyState(db), before, 'the dry run changes nothing');

  const result = await runJobHandler(db, config, 'privacy.anonymise-former-employees');
  t.same(result, { anonymisedCount: 1, userIds: [due.id] });
  const cleared = await db.selectFrom('users').selectAll().where('id', '=', due.id).executeTakeFirstOrThrow();
  t.equal(cleared.first_name, 'Old');
  t.equal(cleared.phone_number, null);
  t.equal(cleared.id_card_number, null);
  const kept = await db.selectFrom('users').selectAll().where('id', '=', recent.id).executeTakeFirstOrThrow();
  t.equal(kept.phone_number, '0901234567');
  const audit = await auditOfJob(db, 'privacy.anonymise-former-employees');
  t.same(
    audit.map((a) => [a.action, a.actor_label, a.subject_id]),
    [['person.anonymised', 'system', due.id]],
  );

  const state = await privacyState(db);
  const second = await runJobHandler(db, config, 'privacy.anonymise-former-employees');
  t.same(second, { anonymisedCount: 0, userIds: [] });
  t.same(await privacyState(db), state, 'the second run changes nothing');
});
