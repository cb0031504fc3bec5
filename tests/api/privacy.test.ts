import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { inTransaction } from '../../server/core/transaction.ts';
import { issueInvitation } from '../../server/domains/accounts/invite.service.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { formerEmployee, privacyState, readZip, yearsAgo } from '../helpers/privacy-factories.ts';
import { NEW_PASSWORD, systemContext, tokenFromMail } from './account-helpers.ts';

/**
 * Personal data protection through the API (issue 21): consent records kept at sign-up, a person's
 * data export (their own, or anyone's for HR), the retention setting, and the anonymisation's dry
 * run and run (a second run changes nothing).
 */

async function world(t: Parameters<typeof buildTestApp>[0]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-privacy-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await buildTestApp(t, { DATA_DIR: dataDir });
  const hr = await app.signIn({ permissions: ['employees.view', 'employees.manage'] });
  const employee = await app.signIn({ permissions: ['leave.request'], firstName: 'Lan', lastName: 'Pham' });
  return { app, hr, employee };
}

t.test('signing up keeps what the person agreed to as consent records', async (t) => {
  const { app } = await world(t);
  const user = await createUser(app.db, { status: 'PENDING' });
  await app.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
  await inTransaction(systemContext(app.db, app.config), (tx) => issueInvitation(tx, user));
  const token = await tokenFromMail(app.db, user.email, '/invite-account');
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: { 'user-agent': 'test-browser' },
    payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, agreeToTerms: true },
  });
  t.equal(signUp.statusCode, 200, signUp.body);
  const records = await app.db
    .selectFrom('consent_records')
    .selectAll()
    .where('user_id', '=', user.id)
    .execute();
  t.same(records.map((r) => r.kind).sort(), ['PRIVACY', 'TERMS']);
  t.ok(records.every((r) => r.source === 'SIGN_UP' && r.user_agent === 'test-browser'));

  const refused = await createUser(app.db, { status: 'PENDING' });
  await inTransaction(systemContext(app.db, app.config), (tx) => issueInvitation(tx, refused));
  const refusedToken = await tokenFromMail(app.db, refused.email, '/invite-account');
  const noAgreement = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: {
      token: refusedToken,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      agreeToTerms: false,
    },
  });
  t.equal(noAgreement.statusCode, 422);
  const none = await app.db
    .selectFrom('consent_records')
    .select('id')
    .where('user_id', '=', refused.id)
    .execute();
  t.equal(none.length, 0, 'no agreement, no consent record');
});

t.test('consent records: one’s own, and anyone’s for HR', async (t) => {
  const { app, hr, employee } = await world(t);
  await app.db
    .insertInto('consent_records')
    .values({
      user_id: employee.user.id,
      kind: 'TERMS',
      source: 'SIGN_UP',
      agreed_at: new Date('2026-01-02T03:04:05Z'),
    })
    .execute();
  const mine = await employee.inject({ method: 'GET', url: '/api/privacy/consents/me' });
  t.equal(mine.json().items[0].agreedAt, '2026-01-02T03:04:05.000Z');
  const theirs = await hr.inject({ method: 'GET', url: `/api/privacy/people/${employee.user.id}/consents` });
  t.equal(theirs.json().total, 1);
  const refused = await employee.inject({ method: 'GET', url: `/api/privacy/people/${hr.user.id}/consents` });
  t.equal(refused.statusCode, 403);
});

t.test('a person’s data export: a ZIP of everything about them, audited', async (t) => {
  const { app, hr, employee } = await world(t);
  await app.db
    .insertInto('consent_records')
    .values({ user_id: employee.user.id, kind: 'PRIVACY', source: 'BACKFILL', agreed_at: new Date() })
    .execute();
  await app.db
    .insertInto('audit_events')
    .values({
      actor_id: hr.user.id,
      actor_label: hr.user.email,
      action: 'test.about_them',
      entity_type: 'user',
      entity_id: employee.user.id,
    })
    .execute();
  const response = await employee.inject({ method: 'GET', url: '/api/privacy/export/me' });
  t.equal(response.statusCode, 200);
  t.equal(response.headers['content-type'], 'application/zip');
  const entries = await readZip(response.rawPayload);
  for (const name of [
    'README.txt',
    'profile.json',
    'consent-records.json',
    'leave-requests.json',
    'work-logs.json',
    'invoices.json',
    'asset-assignments.json',
    'access-requests.json',
    'sessions.json',
    'notifications.json',
    'audit-events.json',
  ])
    t.ok(entries.has(name), `${name} is in the export`);
  const profile = JSON.parse(entries.get('profile.json')!.toString());
  t.equal(profile.email, employee.user.email);
  t.notOk('password_hash' in profile, 'no password hash');
  const sessions = JSON.parse(entries.get('sessions.json')!.toString());
  t.ok(sessions.length >= 1);
  t.notOk('token_hash' in sessions[0], 'no session secrets');
  t.equal(JSON.parse(entries.get('consent-records.json')!.toString()).length, 1);
  const audits = JSON.parse(entries.get('audit-events.json')!.toString()) as Array<{ action: string }>;
  t.ok(
    audits.some((a) => a.action === 'test.about_them'),
    'an event about them (by someone else) is in',
  );

  const exported = await app.db
    .selectFrom('audit_events')
    .select(['actor_id', 'subject_id'])
    .where('action', '=', 'person.data_exported')
    .execute();
  t.same(exported, [{ actor_id: employee.user.id, subject_id: employee.user.id }]);

  const byHr = await hr.inject({
    method: 'GET',
    url: `/api/privacy/people/export?email=${encodeURIComponent(employee.user.email)}`,
  });
  t.equal(byHr.statusCode, 200);
  const byId = await hr.inject({ method: 'GET', url: `/api/privacy/people/${employee.user.id}/export` });
  t.equal(byId.statusCode, 200);
  const unknown = await hr.inject({
    method: 'GET',
    url: '/api/privacy/people/export?email=nobody@example.com',
  });
  t.equal(unknown.statusCode, 404);
  const notHr = await employee.inject({ method: 'GET', url: `/api/privacy/people/${hr.user.id}/export` });
  t.equal(notHr.statusCode, 403);
});

t.test('the retention period: saved and audited; a bad one refused, nothing changed', async (t) => {
  const { app, hr, employee } = await world(t);
  t.same((await hr.inject({ method: 'GET', url: '/api/privacy/settings' })).json(), { retentionMonths: 24 });
  const bad = await hr.inject({
    method: 'PUT',
    url: '/api/privacy/settings',
    payload: { retentionMonths: 0 },
  });
  t.equal(bad.statusCode, 422);
  t.equal(bad.json().details[0].field, 'retentionMonths');
  t.same((await hr.inject({ method: 'GET', url: '/api/privacy/settings' })).json(), { retentionMonths: 24 });
  const saved = await hr.inject({
    method: 'PUT',
    url: '/api/privacy/settings',
    payload: { retentionMonths: 36 },
  });
  t.same(saved.json(), { retentionMonths: 36 });
  const forbidden = await employee.inject({
    method: 'PUT',
    url: '/api/privacy/settings',
    payload: { retentionMonths: 1 },
  });
  t.equal(forbidden.statusCode, 403);
  t.same((await hr.inject({ method: 'GET', url: '/api/privacy/settings' })).json(), { retentionMonths: 36 });
  const audits = await app.db
    .selectFrom('audit_events')
    .select(['before', 'after'])
    .where('action', '=', 'privacy_settings.updated')
    .execute();
  t.same(audits, [{ before: { retentionMonths: 24 }, after: { retentionMonths: 36 } }], 'one audited change');
});

t.test(
  'anonymisation: the dry run lists, the run clears and audits, a second run changes nothing',
  async (t) => {
    const { app, hr } = await world(t);
    const due = await formerEmployee(app.db, yearsAgo(3), 'Due');
    const recent = await formerEmployee(app.db, yearsAgo(1), 'Recent');
    const before = await privacyState(app.db);

    const preview = await hr.inject({ method: 'GET', url: '/api/privacy/retention/preview' });
    t.equal(preview.statusCode, 200);
    t.same(
      preview.json().candidates.map((c: { userId: string }) => c.userId),
      [due.id],
      'only the one past offboarding + 24 months',
    );
    t.ok(preview.json().keptFields.includes('socialInsuranceNumber'));
    t.same(await privacyState(app.db), before, 'the dry run changes nothing');

    const run = await hr.inject({ method: 'POST', url: '/api/privacy/retention/run' });
    t.same(run.json(), { anonymisedCount: 1, userIds: [due.id] });
    const after = await app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', due.id)
      .executeTakeFirstOrThrow();
    t.equal(after.first_name, 'Due', 'the name stays (payroll history)');
    t.equal(after.social_insurance_number, '7912345678', 'the social insurance number stays');
    t.equal(after.employee_code, `E-${due.id.slice(0, 6)}`);
    t.equal(after.phone_number, null);
    t.equal(after.address, null);
    t.equal(after.birthday, null);
    t.equal(after.id_card_number, null);
    t.equal(after.bank_account_number, null);
    t.equal(after.password_hash, null);
    t.equal(after.email, `anonymised-${due.id}@anonymised.invalid`);
    const untouched = await app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', recent.id)
      .executeTakeFirstOrThrow();
    t.equal(untouched.phone_number, '0901234567', 'someone not yet due keeps everything');
    const audit = await app.db
      .selectFrom('audit_events')
      .select(['action', 'subject_id', 'after'])
      .where('action', '=', 'person.anonymised')
      .execute();
    t.equal(audit.length, 1);
    t.notMatch(
      JSON.stringify(audit[0]!.after),
      /0901234567|Le Loi|079090001234/,
      'the audit never repeats the old values',
    );

    const state = await privacyState(app.db);
    const second = await hr.inject({ method: 'POST', url: '/api/privacy/retention/run' });
    t.same(second.json(), { anonymisedCount: 0, userIds: [] });
    t.same(await privacyState(app.db), state, 'the second run changes nothing');
  },
);
