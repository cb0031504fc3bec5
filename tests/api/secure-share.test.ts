import t from 'tap';
import { decryptFromLink, encryptForLink, verifierOf } from '../../shared/crypto/secure-share-crypto.ts';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';

/** Secure share links: create, status without a view, reveal (atomic), 410, a wrong key burns nothing. */

const CREATOR = { permissions: ['secure-share.create' as const] };

async function createLink(
  app: TestApp,
  text: string,
  options: { accessLimit?: number; expirationHours?: number } = {},
) {
  const creator = await app.signIn(CREATOR);
  const encrypted = await encryptForLink(text);
  const response = await creator.inject({
    method: 'POST',
    url: '/api/secure-shares',
    payload: {
      content: encrypted.content,
      verifierHash: encrypted.verifierHash,
      accessLimit: options.accessLimit ?? 1,
      expirationHours: options.expirationHours ?? 24,
    },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return { id: response.json().id as string, linkKey: encrypted.linkKey, creator };
}

const reveal = async (app: TestApp, id: string, linkKey: string, ip = '10.0.0.1') =>
  app.inject({
    method: 'POST',
    url: `/api/secure-shares/${id}/reveal`,
    remoteAddress: ip,
    payload: { verifier: (await verifierOf(linkKey)) ?? 'AAAA' },
  });
const views = async (app: TestApp, id: string) =>
  (await app.db.selectFrom('secure_shares').select('views_used').where('id', '=', id).executeTakeFirst())
    ?.views_used;

t.test('opening a link uses no view; reveal does, and the text decrypts with the fragment key', async (t) => {
  const app = await buildTestApp(t);
  const { id, linkKey } = await createLink(app, 'wifi: hunter2', { accessLimit: 2 });
  const status = await app.inject({ method: 'GET', url: `/api/secure-shares/${id}` });
  t.equal(status.statusCode, 200);
  t.equal(status.json().remainingViews, 2);
  t.equal(await views(app, id), 0, 'a preview bot loading the page burns nothing');

  const first = await reveal(app, id, linkKey);
  t.equal(first.statusCode, 200);
  t.equal(first.json().remainingViews, 1);
  t.equal(await decryptFromLink(linkKey, first.json().content), 'wifi: hunter2');
  t.equal((await reveal(app, id, linkKey)).statusCode, 200);
  const gone = await reveal(app, id, linkKey);
  t.equal(gone.statusCode, 410, 'used up');
  t.equal((await app.inject({ method: 'GET', url: `/api/secure-shares/${id}` })).statusCode, 410);
  const row = await app.db
    .selectFrom('secure_shares')
    .select('content')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  t.equal(row.content, null, 'the last view empties the content');
});

t.test('a truncated or altered key is refused with the message and burns no view', async (t) => {
  const app = await buildTestApp(t);
  const { id, linkKey } = await createLink(app, 'secret');
  // Alter a middle character: the last one of a base64url key carries unused padding bits, so
  // changing it can decode to the very same key (1 time in 16).
  const altered = `${linkKey.slice(0, 10)}${linkKey[10] === 'A' ? 'B' : 'A'}${linkKey.slice(11)}`;
  for (const key of [linkKey.slice(0, 20), altered]) {
    const verifier = await verifierOf(key);
    const response = await app.inject({
      method: 'POST',
      url: `/api/secure-shares/${id}/reveal`,
      payload: { verifier: verifier ?? 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    t.equal(response.statusCode, 422);
    t.equal(
      response.json().message,
      'The link is incomplete or incorrect, and the content could not be decrypted',
    );
  }
  t.equal(await views(app, id), 0, 'no view used');
  t.equal((await reveal(app, id, linkKey)).statusCode, 200, 'the full link still works');
});

t.test('two simultaneous reveals of a one-view link: exactly one sees it', async (t) => {
  const app = await buildTestApp(t);
  const { id, linkKey } = await createLink(app, 'only once');
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) => reveal(app, id, linkKey, `10.0.1.${i}`)),
  );
  t.same(answers.map((a) => a.statusCode).sort(), [200, 410, 410, 410, 410, 410, 410, 410]);
  t.equal(await views(app, id), 1);
});

t.test('an expired link answers 410', async (t) => {
  const app = await buildTestApp(t);
  const { id, linkKey } = await createLink(app, 'late');
  await app.db
    .updateTable('secure_shares')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', id)
    .execute();
  const response = await reveal(app, id, linkKey);
  t.equal(response.statusCode, 410);
  t.equal(response.json().code, 'SECURE_SHARE_GONE');
});

t.test('bounds: access limit 1-10 and 1-168 hours; anonymous callers cannot create', async (t) => {
  const app = await buildTestApp(t);
  const creator = await app.signIn(CREATOR);
  const encrypted = await encryptForLink('x');
  const body = { content: encrypted.content, verifierHash: encrypted.verifierHash };
  for (const [accessLimit, expirationHours, field] of [
    [0, 24, 'accessLimit'],
    [11, 24, 'accessLimit'],
    [1, 0, 'expirationHours'],
    [1, 169, 'expirationHours'],
  ] as const) {
    const response = await creator.inject({
      method: 'POST',
      url: '/api/secure-shares',
      payload: { ...body, accessLimit, expirationHours },
    });
    t.equal(response.statusCode, 422, `${field} ${accessLimit}/${expirationHours}`);
    t.equal(response.json().details[0].field, field);
  }
  t.equal((await app.db.selectFrom('secure_shares').selectAll().execute()).length, 0, 'nothing stored');
  const anonymous = await app.inject({
    method: 'POST',
    url: '/api/secure-shares',
    payload: { ...body, accessLimit: 1, expirationHours: 1 },
  });
  t.equal(anonymous.statusCode, 401);
});

t.test('reveal calls per address are limited in PostgreSQL', async (t) => {
  const app = await buildTestApp(t);
  const { id, linkKey } = await createLink(app, 'x', { accessLimit: 10 });
  const wrong = `${linkKey.slice(0, -2)}zz`;
  const answers = [];
  for (let i = 0; i < 31; i += 1) answers.push((await reveal(app, id, wrong, '10.9.9.9')).statusCode);
  t.equal(answers.at(-1), 429);
  t.equal(answers.filter((code) => code === 422).length, 30);
  t.equal((await reveal(app, id, linkKey, '10.9.9.10')).statusCode, 200, 'another address is not limited');
});
