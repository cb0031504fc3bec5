import t from 'tap';
import type { Db } from '../../server/db/connect.ts';
import { buildTestApp } from '../helpers/build-app.ts';

// The backup configurations of /platform-settings (BACKUP): create, change, (de)activate, remove,
// run now, logs, download — credentials encrypted at rest and never returned; bad input changes nothing.

const s3Body = {
  name: 'Nightly S3',
  destination: 'S3',
  url: 's3://company-backups/backoffice',
  endpoint: 'https://s3.example.com',
  region: 'ap-southeast-1',
  credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'very-secret-value-123' },
  note: 'Kept for a week',
  frequency: 'DAILY',
  retention: 7,
};

const state = (db: Db) =>
  Promise.all([
    db.selectFrom('backup_configurations').selectAll().orderBy('id').execute(),
    db.selectFrom('backup_logs').selectAll().orderBy('id').execute(),
  ]);

t.test('create, list, change, deactivate and remove a configuration; credentials never leave', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['backups.manage'] });
  const created = await admin.inject({ method: 'POST', url: '/api/backups', payload: s3Body });
  t.equal(created.statusCode, 201, created.body);
  const body = created.json();
  t.equal(body.hasCredentials, true);
  t.notMatch(created.body, /very-secret-value|AKIAEXAMPLE/, 'credentials are not in the answer');
  const row = await db.selectFrom('backup_configurations').selectAll().executeTakeFirstOrThrow();
  t.notMatch(row.credentials_ciphertext ?? '', /very-secret-value/, 'credentials are encrypted at rest');
  const audit = await db
    .selectFrom('audit_events')
    .select(['action', 'after'])
    .where('action', '=', 'backup_configuration.created')
    .executeTakeFirstOrThrow();
  t.notMatch(JSON.stringify(audit.after), /very-secret-value|v1\./, 'nor in the audit trail');

  const list = await admin.inject({ method: 'GET', url: '/api/backups' });
  t.equal(list.statusCode, 200);
  t.same(
    list.json().items.map((item: { name: string }) => item.name),
    ['Nightly S3'],
  );
  t.notMatch(list.body, /very-secret-value/);

  const { credentials: _omitted, ...withoutCredentials } = s3Body;
  const changed = await admin.inject({
    method: 'PUT',
    url: `/api/backups/${body.id}`,
    payload: { ...withoutCredentials, frequency: 'WEEKLY', retention: 4 },
  });
  t.equal(changed.statusCode, 200, changed.body);
  t.equal(changed.json().frequency, 'WEEKLY');
  t.equal(changed.json().hasCredentials, true, 'credentials left out are kept');

  const off = await admin.inject({
    method: 'PUT',
    url: `/api/backups/${body.id}/status`,
    payload: { active: false },
  });
  t.equal(off.json().active, false);
  const on = await admin.inject({
    method: 'PUT',
    url: `/api/backups/${body.id}/status`,
    payload: { active: true },
  });
  t.equal(on.json().active, true);

  const removed = await admin.inject({ method: 'DELETE', url: `/api/backups/${body.id}` });
  t.equal(removed.statusCode, 204);
  t.same((await state(db))[0], []);
});

t.test('bad input is refused with translated field errors and changes nothing', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['backups.manage'] });
  await admin.inject({ method: 'POST', url: '/api/backups', payload: s3Body });
  const before = await state(db);
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['an S3 address that is not s3://', { ...s3Body, name: 'x', url: 'https://bucket' }, ['url']],
    [
      'half an S3 key pair',
      { ...s3Body, name: 'x', credentials: { accessKeyId: 'AKIA' } },
      ['secretAccessKey'],
    ],
    [
      'a relative local folder',
      { ...s3Body, name: 'x', destination: 'LOCAL', url: 'backups', credentials: undefined },
      ['url'],
    ],
    [
      'Google Drive without credentials, sharing without a role',
      {
        ...s3Body,
        name: 'x',
        destination: 'GOOGLE_DRIVE',
        url: 'https://drive.google.com/drive/folders/1AbCdEfGhIjKlMn',
        credentials: undefined,
        shareEmails: ['a@example.com'],
      },
      ['credentials', 'shareRole'],
    ],
    ['sharing on S3', { ...s3Body, name: 'x', shareRole: 'EDITOR' }, ['shareRole']],
    ['an endpoint that is not a URL', { ...s3Body, name: 'x', endpoint: 'nowhere' }, ['endpoint']],
  ];
  for (const [what, payload, fields] of cases) {
    const response = await admin.inject({
      method: 'POST',
      url: '/api/backups',
      payload,
      headers: { 'accept-language': 'vi' },
    });
    t.equal(response.statusCode, 422, what);
    t.same(
      response
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
      [...fields].sort(),
      what,
    );
    t.ok(
      response.json().details.every((d: { message: string }) => d.message.length > 0),
      `${what}: translated`,
    );
  }
  const duplicate = await admin.inject({
    method: 'POST',
    url: '/api/backups',
    payload: { ...s3Body, name: ' nightly s3 ' },
  });
  t.equal(duplicate.statusCode, 409);
  const badFrequency = await admin.inject({
    method: 'POST',
    url: '/api/backups',
    payload: { ...s3Body, name: 'y', frequency: 'HOURLY' },
  });
  t.equal(badFrequency.statusCode, 422);
  t.same(await state(db), before, 'nothing changed');
});

t.test('run now queues one run; its log is listed; a second run now while queued is refused', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['backups.manage'] });
  const created = (await admin.inject({ method: 'POST', url: '/api/backups', payload: s3Body })).json();
  const queued = await admin.inject({ method: 'POST', url: `/api/backups/${created.id}/run` });
  t.equal(queued.statusCode, 202, queued.body);
  const logs = await admin.inject({ method: 'GET', url: `/api/backups/${created.id}/logs` });
  t.same(
    logs.json().items.map((log: { status: string; trigger: string }) => [log.status, log.trigger]),
    [['QUEUED', 'MANUAL']],
  );
  const before = await state(db);
  const again = await admin.inject({ method: 'POST', url: `/api/backups/${created.id}/run` });
  t.equal(again.statusCode, 409);
  t.same(await state(db), before);
  const list = await admin.inject({ method: 'GET', url: '/api/backups' });
  t.equal(list.json().items[0].lastLog.status, 'QUEUED');
});

t.test('only backups.manage sees or changes backups; a download needs a finished run', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['backups.manage'] });
  const someone = await signIn({ permissions: ['platform-settings.manage'] });
  const created = (await admin.inject({ method: 'POST', url: '/api/backups', payload: s3Body })).json();
  const before = await state(db);
  for (const request of [
    { method: 'GET', url: '/api/backups' },
    { method: 'POST', url: '/api/backups', payload: { ...s3Body, name: 'z' } },
    { method: 'DELETE', url: `/api/backups/${created.id}` },
    { method: 'POST', url: `/api/backups/${created.id}/run` },
  ] as const) {
    t.equal((await someone.inject(request)).statusCode, 403, `${request.method} ${request.url}`);
  }
  t.same(await state(db), before);
  const { logId } = (await admin.inject({ method: 'POST', url: `/api/backups/${created.id}/run` })).json();
  const early = await admin.inject({ method: 'GET', url: `/api/backup-logs/${logId}/download` });
  t.equal(early.statusCode, 404, 'a queued run has nothing to download');
  t.equal(
    (await someone.inject({ method: 'GET', url: `/api/backup-logs/${logId}/download` })).statusCode,
    403,
  );
});
