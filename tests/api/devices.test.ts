import t from 'tap';
import { readBrowserVersions } from '../../server/domains/devices/browser-versions.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { checklist, dayOffset, declareDevice, saveRules, UA } from '../helpers/device-factories.ts';

/** Work devices, the forced-update rules and their enforcement by the server (issue 19 part A). */

const rulesState = async (db: Awaited<ReturnType<typeof buildTestApp>>['db']) => ({
  settings: await db.selectFrom('device_update_settings').selectAll().execute(),
  requirements: await db.selectFrom('device_version_requirements').selectAll().execute(),
  enforcements: await db.selectFrom('security_enforcements').selectAll().execute(),
  audit: (
    await db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
});

t.test('the versions are read from the browser, never typed', async (t) => {
  t.same(readBrowserVersions(UA.chrome120Windows), {
    os: 'WINDOWS',
    osVersion: '10',
    browser: 'CHROME',
    browserVersion: '120.0.6099.109',
  });
  t.same(readBrowserVersions(UA.edge131Windows).browser, 'EDGE');
  t.same(readBrowserVersions(UA.firefox128Linux), {
    os: 'LINUX',
    osVersion: null,
    browser: 'FIREFOX',
    browserVersion: '128.0',
  });
  t.same(readBrowserVersions(UA.safari17Mac), {
    os: 'MAC',
    osVersion: '10.15.7',
    browser: 'SAFARI',
    browserVersion: '17.4',
  });
  // A distribution's name is still Linux; a phone or another browser is not a work device: unknown.
  t.same(
    readBrowserVersions('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    { os: 'LINUX', osVersion: null, browser: 'FIREFOX', browserVersion: '133.0' },
  );
  t.same(
    readBrowserVersions(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    ),
    { os: null, osVersion: null, browser: null, browserVersion: null },
  );
  t.equal(
    readBrowserVersions(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
    ).browser,
    null,
    'Opera is not Chrome',
  );
  // Client Hints tell the real platform version (Windows 11 reports 13+) and the full browser version.
  t.same(
    readBrowserVersions(UA.chrome120Windows, {
      platform: 'Windows',
      platformVersion: '15.0.0',
      fullVersionList: [
        { brand: 'Not_A Brand', version: '8.0.0.0' },
        { brand: 'Google Chrome', version: '120.0.6099.130' },
      ],
    }),
    { os: 'WINDOWS', osVersion: '11', browser: 'CHROME', browserVersion: '120.0.6099.130' },
  );

  const { signIn } = await buildTestApp(t);
  const person = await signIn({});
  const declared = await person.inject({
    method: 'POST',
    url: '/api/me/work-devices',
    headers: { 'user-agent': UA.safari17Mac },
    payload: { name: 'MacBook', ...checklist, autoLockMinutes: 15, antivirus: null },
  });
  t.equal(declared.statusCode, 201, declared.body);
  t.match(declared.json(), {
    os: 'MAC',
    osVersion: '10.15.7',
    browser: 'SAFARI',
    browserVersion: '17.4',
    state: 'OK',
    checklistGaps: ['antivirus', 'autoLock'],
  });
  const mine = await person.inject({ method: 'GET', url: '/api/me/work-devices' });
  t.equal(mine.json().items.length, 1);
});

t.test('a bad device answers every field and declares nothing', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const person = await signIn({});
  const response = await person.inject({
    method: 'POST',
    url: '/api/me/work-devices',
    headers: { 'user-agent': UA.chrome120Windows },
    payload: { name: '  ', antivirus: null, firewall: true, diskEncryption: false, autoLockMinutes: 0 },
  });
  t.equal(response.statusCode, 422, response.body);
  const fields = (response.json().details as Array<{ field: string }>).map((d) => d.field).sort();
  t.same(fields, ['autoLockMinutes', 'name']);
  t.equal((await db.selectFrom('work_devices').selectAll().execute()).length, 0, 'nothing declared');
});

t.test('someone else’s device is not found', async (t) => {
  const { signIn } = await buildTestApp(t);
  const owner = await signIn({});
  const other = await signIn({});
  const id = await declareDevice(owner, UA.chrome120Windows);
  const update = await other.inject({
    method: 'PUT',
    url: `/api/me/work-devices/${id}`,
    payload: { name: 'Mine now', ...checklist },
  });
  t.equal(update.statusCode, 404);
  const remove = await other.inject({ method: 'DELETE', url: `/api/me/work-devices/${id}` });
  t.equal(remove.statusCode, 404);
});

t.test('update rules: every bad field at once, nothing written', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });
  const good = await saveRules(admin, {
    requirements: [{ kind: 'BROWSER', name: 'CHROME', latestVersion: '130.0', releaseDate: dayOffset(-10) }],
  });
  t.equal(good.statusCode, 200, good.body);
  const before = await rulesState(db);

  const bad = await saveRules(admin, {
    gracePeriodDays: 91,
    requirements: [
      { kind: 'BROWSER', name: 'CHROME', latestVersion: '131.x', releaseDate: dayOffset(3) },
      { kind: 'BROWSER', name: 'OPERA', latestVersion: '1', releaseDate: '2026-02-30' },
      { kind: 'OS', name: 'MAC', latestVersion: '15.1', releaseDate: dayOffset(-1) },
      { kind: 'OS', name: 'MAC', latestVersion: '', releaseDate: dayOffset(-1) },
    ],
  });
  t.equal(bad.statusCode, 422);
  const details = bad.json().details as Array<{ field: string; code: string; message: string }>;
  t.same(
    details.map((d) => `${d.field}:${d.code}`).sort(),
    [
      'gracePeriodDays:maximum',
      'requirements.0.latestVersion:invalid',
      'requirements.0.releaseDate:releaseDateFuture',
      'requirements.1.name:oneOf',
      'requirements.1.releaseDate:invalid',
      'requirements.3.latestVersion:invalid',
      'requirements.3.name:duplicateName',
    ].sort(),
  );
  t.match(details.find((d) => d.field === 'requirements.0.latestVersion')!.message, /Latest version/);
  const negative = await saveRules(admin, { gracePeriodDays: -1, requirements: [] });
  t.equal(negative.json().details[0].code, 'minimum');
  t.same(await rulesState(db), before, 'nothing changed');

  const vietnamese = await admin.inject({
    method: 'PUT',
    url: '/api/platform-settings/work-device-updates',
    headers: { 'accept-language': 'vi' },
    payload: {
      gracePeriodDays: 7,
      requireDeclaration: false,
      discordCheck: false,
      requirements: [{ kind: 'OS', name: 'MAC', latestVersion: '15', releaseDate: dayOffset(5) }],
    },
  });
  t.match(vietnamese.json().details[0].message, /Ngày phát hành/);

  const plain = await signIn({});
  const refused = await saveRules(plain, { requirements: [] });
  t.equal(refused.statusCode, 403);
  const read = await admin.inject({ method: 'GET', url: '/api/platform-settings/work-device-updates' });
  t.match(read.json(), {
    gracePeriodDays: 7,
    requirements: [{ kind: 'BROWSER', name: 'CHROME', latestVersion: '130.0' }],
  });
  const audit = await db
    .selectFrom('audit_events')
    .select('action')
    .where('action', '=', 'device_update_settings.updated')
    .execute();
  t.equal(audit.length, 1, 'the one good change was audited');
});

t.test(
  'past the grace period a blocked person’s calls answer DEVICE_OUTDATED; the recheck unblocks',
  async (t) => {
    const { signIn } = await buildTestApp(t);
    const admin = await signIn({ permissions: ['platform-settings.manage'] });
    const person = await signIn({});
    await declareDevice(person, UA.chrome120Windows);
    t.equal((await person.inject({ method: 'GET', url: '/api/banks' })).statusCode, 200, 'free before');

    const saved = await saveRules(admin, {
      gracePeriodDays: 7,
      requirements: [{ kind: 'BROWSER', name: 'CHROME', latestVersion: '131', releaseDate: dayOffset(-30) }],
    });
    t.equal(saved.statusCode, 200, saved.body);

    const blocked = await person.inject({ method: 'GET', url: '/api/banks' });
    t.equal(blocked.statusCode, 423);
    t.equal(blocked.json().code, 'DEVICE_OUTDATED');
    t.match(blocked.json().message, /outdated/);
    const status = await person.inject({ method: 'GET', url: '/api/me/device-status' });
    t.equal(status.statusCode, 200, 'the status stays open');
    t.match(status.json(), {
      blocked: true,
      enforcements: [
        {
          type: 'OUTDATED_DEVICE',
          blocking: true,
          data: { browser: 'CHROME', browserVersion: '120.0.6099.109', latestBrowserVersion: '131' },
        },
      ],
    });
    t.equal(
      (await person.inject({ method: 'GET', url: '/api/auth/me' })).statusCode,
      200,
      'reading self stays open',
    );

    // Still the old browser: still blocked.
    const same = await person.inject({
      method: 'POST',
      url: '/api/me/work-devices/recheck',
      headers: { 'user-agent': UA.chrome120Windows },
      payload: {},
    });
    t.equal(same.json().blocked, true);
    // Updated: the recheck reads the newer version and lifts the block.
    const rechecked = await person.inject({
      method: 'POST',
      url: '/api/me/work-devices/recheck',
      headers: { 'user-agent': UA.chrome131Windows },
      payload: {},
    });
    t.equal(rechecked.statusCode, 200, rechecked.body);
    t.same(rechecked.json().enforcements, []);
    t.match(rechecked.json().devices[0], { browserVersion: '131.0.6778.86', state: 'OK' });
    t.equal((await person.inject({ method: 'GET', url: '/api/banks' })).statusCode, 200, 'free again');
  },
);

t.test('during the grace period a warning only', async (t) => {
  const { signIn } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });
  const person = await signIn({});
  await declareDevice(person, UA.firefox128Linux);
  await saveRules(admin, {
    gracePeriodDays: 14,
    requirements: [{ kind: 'BROWSER', name: 'FIREFOX', latestVersion: '133.0', releaseDate: dayOffset(-2) }],
  });
  t.equal((await person.inject({ method: 'GET', url: '/api/banks' })).statusCode, 200, 'not blocked');
  const status = await person.inject({ method: 'GET', url: '/api/me/device-status' });
  t.match(status.json(), {
    blocked: false,
    enforcements: [{ type: 'OUTDATED_DEVICE', blocking: false }],
    devices: [{ state: 'OUTDATED_GRACE' }],
  });
  // Lowering the requirement lifts the warning too.
  await saveRules(admin, { requirements: [] });
  const after = await person.inject({ method: 'GET', url: '/api/me/device-status' });
  t.same(after.json().enforcements, []);
});

t.test('removing the stale device releases the person', async (t) => {
  const { signIn } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });
  const person = await signIn({});
  const id = await declareDevice(person, UA.safari17Mac);
  await saveRules(admin, {
    gracePeriodDays: 0,
    requirements: [{ kind: 'BROWSER', name: 'SAFARI', latestVersion: '18.1', releaseDate: dayOffset(-1) }],
  });
  t.equal((await person.inject({ method: 'GET', url: '/api/banks' })).statusCode, 423);
  const removed = await person.inject({ method: 'DELETE', url: `/api/me/work-devices/${id}` });
  t.equal(removed.statusCode, 204, 'removing a device stays open');
  t.equal((await person.inject({ method: 'GET', url: '/api/banks' })).statusCode, 200);
});

t.test('required declaration: the checklist enforcement (DEVICE) until a device is declared', async (t) => {
  const { signIn } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });
  const person = await signIn({});
  await saveRules(admin, { requireDeclaration: true, requirements: [] });
  const blocked = await person.inject({ method: 'GET', url: '/api/banks' });
  t.equal(blocked.statusCode, 423);
  t.match(blocked.json(), { code: 'SECURITY_ENFORCEMENT', details: { type: 'DEVICE' } });
  await declareDevice(person, UA.chrome131Windows);
  t.equal((await person.inject({ method: 'GET', url: '/api/banks' })).statusCode, 200);
});

t.test('break-glass: a blocked administrator can still lower the requirement', async (t) => {
  const { signIn } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });
  await declareDevice(admin, UA.chrome120Windows);
  await saveRules(admin, {
    gracePeriodDays: 0,
    requirements: [{ kind: 'BROWSER', name: 'CHROME', latestVersion: '200', releaseDate: dayOffset(-1) }],
  });
  t.equal(
    (await admin.inject({ method: 'GET', url: '/api/banks' })).statusCode,
    423,
    'the admin is blocked too',
  );
  const read = await admin.inject({ method: 'GET', url: '/api/platform-settings/work-device-updates' });
  t.equal(read.statusCode, 200, 'the settings stay open to administrators');
  const lowered = await saveRules(admin, { requirements: [] });
  t.equal(lowered.statusCode, 200);
  t.equal((await admin.inject({ method: 'GET', url: '/api/banks' })).statusCode, 200, 'released');

  // The open settings route still needs the permission: a blocked non-administrator gets no further.
  const person = await signIn({});
  await declareDevice(person, UA.chrome120Windows);
  await saveRules(admin, {
    gracePeriodDays: 0,
    requirements: [{ kind: 'BROWSER', name: 'CHROME', latestVersion: '200', releaseDate: dayOffset(-1) }],
  });
  const refused = await saveRules(person, { requirements: [] });
  t.equal(refused.statusCode, 403);
});

t.test('compliance per person and per department', async (t) => {
  const { signIn } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });
  const person = await signIn({});
  await declareDevice(person, UA.chrome120Windows);
  await saveRules(admin, {
    gracePeriodDays: 0,
    requirements: [{ kind: 'BROWSER', name: 'CHROME', latestVersion: '131', releaseDate: dayOffset(-1) }],
  });
  const report = await admin.inject({ method: 'GET', url: '/api/platform-settings/work-device-compliance' });
  t.equal(report.statusCode, 200, report.body);
  const row = report.json().people.find((p: { userId: string }) => p.userId === person.user.id);
  t.match(row, { deviceCount: 1, outdated: 1, blocked: true, exempt: false });
  t.ok(report.json().departments.length >= 1);
  const refused = await person.inject({
    method: 'GET',
    url: '/api/platform-settings/work-device-compliance',
  });
  t.equal(refused.statusCode, 423, 'a blocked person is stopped before the permission check');
});

t.test(
  'the DISCORD enforcement: calls answer SECURITY_ENFORCEMENT, the connected-account page stays open',
  async (t) => {
    const { signIn, db } = await buildTestApp(t);
    const admin = await signIn({ permissions: ['platform-settings.manage'] });
    const person = await signIn({});
    await db
      .insertInto('security_enforcements')
      .values({
        user_id: person.user.id,
        type: 'DISCORD',
        blocks_at: new Date(Date.now() - 1000),
        data: '{}',
      })
      .execute();
    const blocked = await person.inject({ method: 'GET', url: '/api/banks' });
    t.equal(blocked.statusCode, 423);
    t.match(blocked.json(), { code: 'SECURITY_ENFORCEMENT', details: { type: 'DISCORD' } });
    const page = await person.inject({ method: 'GET', url: '/api/me/connected-accounts' });
    t.equal(page.statusCode, 200, 'the connected-account page stays open');

    // The check, run now without a Discord connection, changes nothing it cannot verify — but turned
    // off it lifts what an earlier run set.
    const run = await admin.inject({ method: 'POST', url: '/api/platform-settings/discord-check' });
    t.equal(run.statusCode, 200, run.body);
    t.match(run.json(), { enabled: false, mfaUnverifiable: true });
    t.equal((await person.inject({ method: 'GET', url: '/api/banks' })).statusCode, 200, 'lifted');
    const refused = await person.inject({ method: 'POST', url: '/api/platform-settings/discord-check' });
    t.equal(refused.statusCode, 403);
  },
);

t.test('an exempt person is never blocked', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });
  const person = await signIn({});
  await declareDevice(person, UA.chrome120Windows);
  await db
    .insertInto('security_exemptions')
    .values({ user_id: person.user.id, reason: 'break-glass' })
    .execute();
  await saveRules(admin, {
    gracePeriodDays: 0,
    requirements: [{ kind: 'BROWSER', name: 'CHROME', latestVersion: '200', releaseDate: dayOffset(-1) }],
  });
  t.equal((await person.inject({ method: 'GET', url: '/api/banks' })).statusCode, 200);
  const report = await admin.inject({ method: 'GET', url: '/api/platform-settings/work-device-compliance' });
  t.match(
    report.json().people.find((p: { userId: string }) => p.userId === person.user.id),
    { outdated: 1, blocked: false, exempt: true },
  );
});
