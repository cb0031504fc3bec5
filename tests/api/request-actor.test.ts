import t from 'tap';
import { loadRequestActor, loadUserActor } from '../../server/domains/access/actor.service.ts';
import { listUserGrants } from '../../server/domains/access/access.repository.ts';
import { findLiveSession } from '../../server/domains/accounts/accounts.service.ts';
import { upsertSetting } from '../../server/domains/accounts/settings.repository.ts';
import { listBlockingKinds } from '../../server/domains/devices/devices.repository.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createRole, grantProjectRole } from '../helpers/factories.ts';

/**
 * The auth plugin loads the caller with one prepared statement (request-actor.repository.ts); the
 * rest of the code reads sessions and grants through Kysely. The two must always agree: this test
 * builds people in every state that matters and compares the answers.
 */
t.test('the per-request actor matches the session and grants read separately', async (t) => {
  const { db, signIn } = await buildTestApp(t);
  const sessionOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string; sub: string };

  async function compare(label: string, sid: string, sub: string) {
    const combined = await loadRequestActor(db, sid, sub);
    const session = await findLiveSession(db, sid, sub);
    if (!session) {
      t.equal(combined, undefined, `${label}: refused by both`);
      return;
    }
    t.ok(combined, `${label}: accepted by both`);
    const separate = await loadUserActor(db, session, session.session_id);
    t.same(combined!.actor, separate, `${label}: same actor`);
    t.equal(combined!.passwordExpired, session.password_expired, `${label}: same password expiry`);
    t.equal(combined!.language, session.language, `${label}: same language`);
    t.same(
      combined!.blocks,
      await listBlockingKinds(db, sub),
      `${label}: same security enforcements in force`,
    );
    const companyWide = (await listUserGrants(db, sub)).filter((grant) => grant.role_type !== 'PROJECT');
    t.same(
      [...combined!.actor.permissions].sort(),
      [...new Set(companyWide.flatMap((grant) => grant.permissions))].sort(),
      `${label}: the permissions of the active company-wide roles`,
    );
  }

  const admin = await signIn({ builtInRoles: ['admin'], language: 'vi' });
  const plain = await signIn({});
  const mixed = await signIn({ builtInRoles: ['user'], permissions: ['employees.view'] });
  await grantProjectRole(db, mixed.user.id, '00000000-0000-4000-8000-000000000001', ['worklogs.manage']);
  // An inactive role grants nothing; a project role without a project grants nothing either.
  const inactive = await createRole(db, { status: 'INACTIVE', permissions: ['roles.manage'] });
  await db
    .insertInto('user_roles')
    .values({ user_id: mixed.user.id, role_id: inactive.id, project_id: null })
    .execute();

  for (const [label, person] of Object.entries({ admin, plain, mixed })) {
    const { sid, sub } = sessionOf(person.accessToken);
    await compare(label, sid, sub);
  }
  const mixedSession = sessionOf(mixed.accessToken);
  const mixedActor = (await loadRequestActor(db, mixedSession.sid, mixedSession.sub))!.actor;
  t.same(
    [...mixedActor.projectPermissions.keys()],
    ['00000000-0000-4000-8000-000000000001'],
    'project roles stay per project',
  );
  t.notOk(mixedActor.permissions.has('roles.manage'), 'an inactive role grants nothing');

  const expired = await signIn({ builtInRoles: ['user'] });
  await db
    .updateTable('users')
    .set({ password_changed_at: new Date('2020-01-01') })
    .where('id', '=', expired.user.id)
    .execute();
  const expiredSession = sessionOf(expired.accessToken);
  await compare('password expired', expiredSession.sid, expiredSession.sub);
  t.equal((await loadRequestActor(db, expiredSession.sid, expiredSession.sub))?.passwordExpired, true);
  await upsertSetting(db, 'password.max_age_days', 0);
  t.equal(
    (await loadRequestActor(db, expiredSession.sid, expiredSession.sub))?.passwordExpired,
    false,
    'expiry turned off',
  );

  // Security enforcements (issue 19): only those whose blocks_at has passed are in force.
  const enforced = await signIn({});
  await db
    .insertInto('security_enforcements')
    .values([
      { user_id: enforced.user.id, type: 'OUTDATED_DEVICE', blocks_at: new Date('2020-01-01'), data: '{}' },
      {
        user_id: enforced.user.id,
        type: 'DISCORD',
        blocks_at: new Date(Date.now() + 86_400_000),
        data: '{}',
      },
      { user_id: enforced.user.id, type: 'DEVICE', blocks_at: new Date('2020-01-01'), data: '{}' },
    ])
    .execute();
  const enforcedSession = sessionOf(enforced.accessToken);
  await compare('security enforcements', enforcedSession.sid, enforcedSession.sub);
  t.same((await loadRequestActor(db, enforcedSession.sid, enforcedSession.sub))?.blocks, [
    'DEVICE',
    'OUTDATED_DEVICE',
  ]);

  const revoked = await signIn({});
  const revokedSession = sessionOf(revoked.accessToken);
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', revokedSession.sid)
    .execute();
  await compare('revoked session', revokedSession.sid, revokedSession.sub);

  const deactivated = await signIn({});
  const deactivatedSession = sessionOf(deactivated.accessToken);
  await db.updateTable('users').set({ status: 'INACTIVE' }).where('id', '=', deactivated.user.id).execute();
  await compare('deactivated person', deactivatedSession.sid, deactivatedSession.sub);

  const { sid } = sessionOf(admin.accessToken);
  t.equal(await loadRequestActor(db, sid, plain.user.id), undefined, 'a session is only its own person’s');
});
