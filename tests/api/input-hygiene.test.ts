import t from 'tap';
import { connectDatabase } from '../../server/db/connect.ts';
import { databaseProbe } from '../../server/domains/health/health.service.ts';
import { findFreePort } from '../../server/db/embedded.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * Text and files that would break something further down are refused at the door with a clear,
 * translated error: control characters (NUL, which PostgreSQL refuses), names of nothing but
 * invisible characters, text-direction marks in names and file names, JSON of the wrong type, and
 * "PDFs" whose signature is not at the start. And /healthz tells when the database is gone.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type Part = { name: string; value: string } | { name: string; fileName: string; type: string; data: Buffer };

function form(parts: Part[]) {
  const boundary = `----bo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`content-disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `content-disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
            `content-type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

t.test('text fields and search terms', async (t) => {
  const { signIn } = await buildTestApp(t);
  const admin = await signIn({ builtInRoles: ['admin'] });

  const create = (body: Record<string, unknown>) =>
    admin.inject({
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'An', lastName: 'Lê', email: `p${Math.random()}@example.com`, ...body },
    });
  const fieldError = async (body: Record<string, unknown>, field: string) => {
    const response = await create(body);
    t.equal(response.statusCode, 422, `${JSON.stringify(body)} is refused`);
    return response.json().details.find((d: { field: string }) => d.field === field);
  };

  const nul = await fieldError({ firstName: 'A\u0000n' }, 'firstName');
  t.equal(nul.code, 'controlCharacters');
  t.equal(nul.message, 'This field cannot contain control characters');
  t.equal((await fieldError({ note: 'a\u0000' }, 'note')).code, 'controlCharacters');
  t.equal((await fieldError({ firstName: '\u0000' }, 'firstName')).code, 'controlCharacters', 'NUL alone');

  for (const invisible of ['\u200b', '\u00a0\u3000', '\u2060\ufeff', '\u3164', '\u0301']) {
    const blank = await fieldError({ lastName: invisible }, 'lastName');
    t.equal(blank.code, 'blank', `${JSON.stringify(invisible)} is blank`);
    t.equal(blank.message, 'This field cannot contain only spaces');
  }
  t.equal((await fieldError({ address: '\u200b' }, 'address')).code, 'blank', 'optional text too');

  for (const mark of ['\u202e', '\u2066', '\u200f', '\u061c']) {
    const direction = await fieldError({ firstName: `An${mark}nL` }, 'firstName');
    t.equal(direction.code, 'directionCharacters', `${JSON.stringify(mark)} in a name`);
  }
  t.equal((await create({ firstName: 'Nguyễn Thị', note: 'line one\nline two\ttabbed' })).statusCode, 201);

  const vi = await admin.inject({
    method: 'POST',
    url: '/api/departments',
    headers: { 'accept-language': 'vi' },
    payload: { name: 'Kỹ\u0000thuật' },
  });
  t.equal(vi.json().details[0].message, 'Trường này không được chứa ký tự điều khiển', 'translated');

  for (const url of [
    '/api/users/employees?search=a%00b',
    '/api/users?search=a%00b',
    '/api/users/public-info?search=a%00b',
    '/api/users/picker?search=a%00b',
    '/api/users/externals?search=a%00b',
    '/api/departments?search=a%00b',
    '/api/aggregations?search=a%00b',
  ]) {
    const response = await admin.inject({ method: 'GET', url });
    t.equal(response.statusCode, 422, `${url} is refused`);
    t.equal(response.json().details[0].code, 'controlCharacters');
  }
  const search = await admin.inject({
    method: 'GET',
    url: '/api/users/employees?search=%20an%20&perPage=10',
  });
  t.equal(search.statusCode, 200, 'query strings still convert numbers');
});

t.test('JSON bodies are not converted to the schema’s types', async (t) => {
  const { db, signIn } = await buildTestApp(t);
  const admin = await signIn({ builtInRoles: ['admin'] });
  const person = await createUser(db);
  const before = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', person.id)
    .executeTakeFirstOrThrow();
  for (const firstName of [12345, ['a'], true]) {
    const response = await admin.inject({
      method: 'PUT',
      url: `/api/users/${person.id}`,
      payload: { firstName },
    });
    t.equal(response.statusCode, 422, `${JSON.stringify(firstName)} is refused`);
    t.equal(response.json().details[0].field, 'firstName');
  }
  const policy = await admin.inject({
    method: 'PUT',
    url: '/api/settings/password-policy',
    payload: { maxAgeDays: '90', reminderDays: 14 },
  });
  t.equal(policy.statusCode, 422, 'a number sent as text is refused');
  t.equal(policy.json().details[0].code, 'number');
  const after = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', person.id)
    .executeTakeFirstOrThrow();
  t.same(after, before, 'nothing changed');
});

t.test('documents: PDF only when the file starts with its signature, downloaded as .pdf', async (t) => {
  const { db, signIn } = await buildTestApp(t);
  const admin = await signIn({ builtInRoles: ['admin'] });
  const person = await createUser(db);
  const upload = (fileName: string, data: Buffer) =>
    admin.inject({
      method: 'POST',
      url: `/api/users/${person.id}/files`,
      ...form([
        { name: 'kind', value: 'NDA_FILE' },
        { name: 'file', fileName, type: 'application/pdf', data },
      ]),
    });

  const html = Buffer.from('<html><script>alert(1)</script>%PDF-1.4</html>');
  const disguised = await upload('x.html', html);
  t.equal(disguised.statusCode, 415, 'a page that mentions %PDF- is not a PDF');
  t.equal(disguised.json().details[0].code, 'fileType');
  t.equal((await upload('late.pdf', Buffer.concat([Buffer.from('  '), PDF]))).statusCode, 415);

  const reversed = await upload('invoice\u202efdp.exe', PDF);
  t.equal(reversed.statusCode, 422, 'a text-direction mark in the file name is refused');
  t.equal(reversed.json().details[0].code, 'directionCharacters');
  t.equal(reversed.json().details[0].field, 'file');
  t.equal(
    (await db.selectFrom('user_files').select('id').where('user_id', '=', person.id).execute()).length,
    0,
    'nothing was kept',
  );

  const renamed = await upload('x.html', PDF);
  t.equal(renamed.statusCode, 201);
  t.equal(renamed.json().fileName, 'x.pdf', 'kept with a .pdf name');
  const download = await admin.inject({ method: 'GET', url: `/api/users/${person.id}/files/NDA_FILE` });
  t.equal(download.statusCode, 200);
  t.match(download.headers['content-disposition'], /filename="x\.pdf"/);

  // A document kept before names were made to end in .pdf is still served as one.
  await db
    .updateTable('user_files')
    .set({ file_name: 'old.html' })
    .where('user_id', '=', person.id)
    .execute();
  const old = await admin.inject({ method: 'GET', url: `/api/users/${person.id}/files/NDA_FILE` });
  t.match(old.headers['content-disposition'], /filename="old\.pdf"/);
});

t.test('/healthz answers 503 while the database does not answer', async (t) => {
  const database = await createTestDatabase();
  const { app } = await buildTestApp(t);
  t.teardown(() => database.drop());

  t.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  t.equal(await databaseProbe(database.db)(), true);

  const nowhere = connectDatabase(`postgres://nobody:x@127.0.0.1:${await findFreePort()}/none`, 1);
  t.teardown(() => nowhere.destroy());
  const started = Date.now();
  t.equal(await databaseProbe(nowhere.db, { timeoutMs: 500 })(), false, 'an unreachable database');
  t.ok(Date.now() - started < 2_000, 'answered within the timeout');

  // The app's own database goes away (dropped under it): /healthz says so.
  const gone = await buildTestApp(t);
  await gone.database.drop();
  const response = await gone.app.inject({ method: 'GET', url: '/healthz' });
  t.equal(response.statusCode, 503);
  t.same(response.json(), { status: 'unavailable' });
});
