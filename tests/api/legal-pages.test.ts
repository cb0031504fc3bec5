import t from 'tap';
import { legalBlocks } from '../../shared/legal.schemas.ts';
import { buildTestApp } from '../helpers/build-app.ts';

t.test('terms of service and privacy policy: read by anyone, edited by administrators', async (t) => {
  const { signIn, inject, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });
  const nobody = await signIn({ permissions: [] });
  const audits = async () =>
    (await db.selectFrom('audit_events').select('id').where('action', '=', 'legal_page.updated').execute())
      .length;

  t.test('anyone reads the built-in text in their language', async (t) => {
    const en = await inject({ method: 'GET', url: '/api/legal-pages/terms' });
    t.equal(en.statusCode, 200, en.body);
    t.same(
      [en.json().kind, en.json().language, en.json().custom, en.json().updatedAt],
      ['terms', 'en', false, null],
    );
    t.match(en.json().content, /^# Use of Backoffice/);
    const vi = await inject({
      method: 'GET',
      url: '/api/legal-pages/privacy',
      headers: { 'accept-language': 'vi' },
    });
    t.equal(vi.json().language, 'vi');
    t.match(vi.json().content, /Chúng tôi lưu gì về bạn/);
    const asked = await inject({ method: 'GET', url: '/api/legal-pages/privacy?language=vi' });
    t.equal(asked.json().language, 'vi');
    t.equal((await inject({ method: 'GET', url: '/api/legal-pages/cookies' })).statusCode, 422);
    t.equal((await inject({ method: 'GET', url: '/api/legal-pages/terms?language=fr' })).statusCode, 422);
  });

  t.test(
    'an administrator replaces a text: audited, shown at once, the other language untouched',
    async (t) => {
      const list = await admin.inject({ method: 'GET', url: '/api/legal-pages' });
      t.equal(list.statusCode, 200);
      t.equal(list.json().items.length, 4);
      const saved = await admin.inject({
        method: 'PUT',
        url: '/api/legal-pages/terms/en',
        payload: { content: '  # Our terms\n\nBe kind.  ' },
      });
      t.equal(saved.statusCode, 200, saved.body);
      t.same([saved.json().content, saved.json().custom], ['# Our terms\n\nBe kind.', true]);
      t.equal(await audits(), 1);
      const audit = await db
        .selectFrom('audit_events')
        .select(['before', 'after', 'actor_id', 'entity_id'])
        .where('action', '=', 'legal_page.updated')
        .executeTakeFirstOrThrow();
      t.same(
        [audit.before, audit.after, audit.actor_id, audit.entity_id],
        [null, { content: '# Our terms\n\nBe kind.' }, admin.user.id, 'terms:en'],
      );
      const read = await inject({ method: 'GET', url: '/api/legal-pages/terms' });
      t.equal(read.json().content, '# Our terms\n\nBe kind.');
      t.ok(read.json().updatedAt);
      const vi = await inject({ method: 'GET', url: '/api/legal-pages/terms?language=vi' });
      t.equal(vi.json().custom, false);

      await admin.inject({
        method: 'PUT',
        url: '/api/legal-pages/terms/en',
        payload: { content: 'Second.' },
      });
      const second = await db
        .selectFrom('audit_events')
        .select('before')
        .where('action', '=', 'legal_page.updated')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      t.same(
        second.before,
        { content: '# Our terms\n\nBe kind.' },
        'the previous text stays in the audit trail',
      );
    },
  );

  t.test('refused and bad requests change nothing', async (t) => {
    const before = await audits();
    const current = (await inject({ method: 'GET', url: '/api/legal-pages/terms' })).json().content;
    const put = (payload: unknown, url = '/api/legal-pages/terms/en') =>
      admin.inject({ method: 'PUT', url, payload: payload as object });
    t.equal(
      (await inject({ method: 'PUT', url: '/api/legal-pages/terms/en', payload: { content: 'x' } }))
        .statusCode,
      401,
    );
    t.equal(
      (await nobody.inject({ method: 'PUT', url: '/api/legal-pages/terms/en', payload: { content: 'x' } }))
        .statusCode,
      403,
    );
    t.equal((await inject({ method: 'GET', url: '/api/legal-pages' })).statusCode, 401);
    t.equal((await nobody.inject({ method: 'GET', url: '/api/legal-pages' })).statusCode, 403);
    const blank = await put({ content: '   ' });
    t.equal(blank.statusCode, 422);
    t.equal(blank.json().details[0].message, 'This field cannot contain only spaces');
    t.equal((await put({ content: '' })).json().details[0].message, 'This field is required');
    t.equal((await put({})).statusCode, 422);
    t.equal((await put({ content: 'x'.repeat(50_001) })).statusCode, 422);
    t.equal((await put({ content: 'x', html: '<b>' })).statusCode, 422);
    t.equal((await put({ content: 'x' }, '/api/legal-pages/terms/fr')).statusCode, 422);
    t.equal(await audits(), before);
    t.equal((await inject({ method: 'GET', url: '/api/legal-pages/terms' })).json().content, current);
  });
});

t.test('a legal text reads as headings and paragraphs', async (t) => {
  t.same(legalBlocks('# Title\r\n\r\nFirst line\nsame paragraph\n\n\n<b>not html</b>'), [
    { heading: true, text: 'Title' },
    { heading: false, text: 'First line\nsame paragraph' },
    { heading: false, text: '<b>not html</b>' },
  ]);
});
