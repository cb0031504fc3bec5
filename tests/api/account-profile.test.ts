import t from 'tap';
import { buildApp } from '../../server/app.ts';
import { buildTestApp, testConfig } from '../helpers/build-app.ts';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { auditActions } from './account-helpers.ts';

// A 1×1 PNG and the start of a JPEG: the server checks these bytes, never the name or the header.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);

t.test('profile update (PUT /api/users)', async (t) => {
  const { db, inject, signIn } = await buildTestApp(t);

  t.test('updates own names and language', async (t) => {
    const person = await signIn();
    const response = await person.inject({
      method: 'PUT',
      url: '/api/users',
      payload: { firstName: '  Thảo ', lastName: 'Nguyễn', language: 'vi' },
    });
    t.equal(response.statusCode, 200, response.body);
    t.equal(response.json().firstName, 'Thảo');
    t.equal(response.json().language, 'vi');
    t.ok((await auditActions(db, person.user.id)).includes('user.profile_updated'));
    t.equal((await inject({ method: 'PUT', url: '/api/users', payload: {} })).statusCode, 401);
  });

  t.test('bad input gets its message and changes nothing', async (t) => {
    const person = await signIn({ firstName: 'Keep', lastName: 'Me' });
    for (const [payload, field, message] of [
      [{ lastName: 'A', language: 'en' }, 'firstName', 'This field is required'],
      [
        { firstName: '   ', lastName: 'A', language: 'en' },
        'firstName',
        'This field cannot contain only spaces',
      ],
      [
        { firstName: 'x'.repeat(151), lastName: 'A', language: 'en' },
        'firstName',
        'This field must be less than or equal to 150 characters long',
      ],
      [{ firstName: 'A', lastName: 'B', language: 'fr' }, 'language', 'Choose one of: en, vi'],
      [{ firstName: 'A', lastName: 'B', language: 'en', email: 'x@y.z' }, 'email', 'Unknown field email'],
    ] as const) {
      const response = await person.inject({ method: 'PUT', url: '/api/users', payload });
      t.equal(response.statusCode, 422, JSON.stringify(payload));
      const detail = response.json().details.find((d: { field: string }) => d.field === field);
      t.equal(detail?.message, message);
    }
    const row = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'language'])
      .where('id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    t.same(row, { first_name: 'Keep', last_name: 'Me', language: 'en' });
  });
});

t.test('avatar', async (t) => {
  const { db, inject, signIn } = await buildTestApp(t);

  const upload = (person: Awaited<ReturnType<typeof signIn>>, body: Buffer, type = 'image/png') =>
    person.inject({
      method: 'PUT',
      url: '/api/profile/avatar',
      headers: { 'content-type': type },
      payload: body,
    });
  const avatarOf = async (id: string) =>
    (await db.selectFrom('users').select('avatar_url').where('id', '=', id).executeTakeFirstOrThrow())
      .avatar_url;

  t.test('a PNG or a JPG becomes the avatar; a new upload gets a new address', async (t) => {
    const person = await signIn();
    const png = await upload(person, PNG);
    t.equal(png.statusCode, 200, png.body);
    const url = png.json().avatarUrl;
    t.match(url, /^\/api\/avatars\/[0-9a-f-]{36}$/);
    const image = await inject({ method: 'GET', url });
    t.equal(image.statusCode, 200);
    t.equal(image.headers['content-type'], 'image/png');
    t.same(image.rawPayload, PNG);

    const jpg = await upload(person, JPEG, 'application/octet-stream');
    t.equal(jpg.statusCode, 200);
    t.not(jpg.json().avatarUrl, url);
    t.equal((await inject({ method: 'GET', url })).statusCode, 404, 'the old picture is gone');
    t.equal(
      (await inject({ method: 'GET', url: jpg.json().avatarUrl })).headers['content-type'],
      'image/jpeg',
    );

    const removed = await person.inject({ method: 'DELETE', url: '/api/profile/avatar' });
    t.equal(removed.statusCode, 200);
    t.equal(removed.json().avatarUrl, null);
    t.ok((await auditActions(db, person.user.id)).includes('user.avatar_changed'));
  });

  t.test('another file, a renamed one, a large one or none is refused and changes nothing', async (t) => {
    const person = await signIn();
    await upload(person, PNG);
    const before = await avatarOf(person.user.id);

    const pdfAsPng = await upload(person, Buffer.from('%PDF-1.7 not an image'));
    t.equal(pdfAsPng.statusCode, 415);
    t.equal(pdfAsPng.json().message, 'Unsupported file type.');

    const gif = await upload(person, Buffer.from('GIF89a'), 'image/gif');
    t.equal(gif.statusCode, 415);
    t.equal(gif.json().message, 'Unsupported file type.');

    const large = await upload(person, Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    t.equal(large.statusCode, 413);
    t.equal(large.json().message, 'File size exceeds the maximum limit of 1MB.');
    const largeVi = await person.inject({
      method: 'PUT',
      url: '/api/profile/avatar',
      headers: { 'content-type': 'image/png', 'accept-language': 'vi' },
      payload: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]),
    });
    t.equal(largeVi.json().message, 'Kích thước tệp vượt quá giới hạn tối đa 1MB.');

    const empty = await upload(person, Buffer.alloc(0));
    t.equal(empty.statusCode, 422);

    t.equal(await avatarOf(person.user.id), before);
    t.equal((await inject({ method: 'PUT', url: '/api/profile/avatar', payload: PNG })).statusCode, 401);
  });
});

t.test('the outbox for /devtools', async (t) => {
  t.test('refused outside development, and without platform-settings.manage', async (t) => {
    const { signIn } = await buildTestApp(t);
    const admin = await signIn({ permissions: ['platform-settings.manage'] });
    t.equal((await admin.inject({ method: 'GET', url: '/api/devtools/mail' })).statusCode, 404);
    const nobody = await signIn({ permissions: [] });
    t.equal((await nobody.inject({ method: 'GET', url: '/api/devtools/mail' })).statusCode, 403);
  });

  t.test('lists the newest mails in development', async (t) => {
    // The development flag of the API without starting Vite: NODE_ENV says development, the UI does not.
    const database = await createTestDatabase();
    const app = await buildApp({
      db: database.db,
      config: { ...testConfig(), NODE_ENV: 'development' },
      logger: false,
    });
    t.teardown(async () => {
      await app.close();
      await database.drop();
    });
    const admin = await createUser(database.db, { permissions: ['platform-settings.manage'] });
    const someone = await createUser(database.db);
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: someone.email },
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: admin.email, password: DEFAULT_PASSWORD },
    });
    const response = await app.inject({
      method: 'GET',
      url: `/api/devtools/mail?to=${encodeURIComponent(someone.email)}`,
      headers: { authorization: `Bearer ${signIn.json().accessToken}` },
    });
    t.equal(response.statusCode, 200, response.body);
    t.equal(response.json().items.length, 1);
    t.equal(response.json().items[0].template, 'password-reset');
    t.match(response.json().items[0].text, '/reset-password?token=');
  });
});
