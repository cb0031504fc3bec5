import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';

t.test('HR copies an invitation link and sees where the mail stands', async (t) => {
  const { signIn, inject, db, config } = await buildTestApp(t);
  // HR staff hold the everyday User permissions too: new people start with them, and nobody acts on
  // someone above them.
  const hr = await signIn({ permissions: ['employees.view', 'employees.manage'], builtInRoles: ['user'] });
  const viewer = await signIn({ permissions: ['employees.view'] });
  const externalsManager = await signIn({ permissions: ['external-users.view', 'external-users.manage'] });

  const created = await hr.inject({
    method: 'POST',
    url: '/api/users',
    payload: { firstName: 'An', lastName: 'Lê', email: 'an@example.com' },
  });
  const id = created.json().id as string;
  const mailedUrl = /\/invite-account\?token=([\w%-]+)/.exec(
    (
      await db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_email', '=', 'an@example.com')
        .executeTakeFirstOrThrow()
    ).text_body,
  )![1]!;

  const auditCount = async (action: string) =>
    (
      await db
        .selectFrom('audit_events')
        .select('id')
        .where('action', '=', action)
        .where('entity_id', '=', id)
        .execute()
    ).length;
  const tokenCount = async () =>
    (await db.selectFrom('account_tokens').select('id').where('user_id', '=', id).execute()).length;

  t.test('the state: a queued mail that carries the current link', async (t) => {
    const state = await hr.inject({ method: 'GET', url: `/api/users/${id}/invitation` });
    t.equal(state.statusCode, 200, state.body);
    const body = state.json();
    t.equal(body.status, 'PENDING');
    t.equal(body.link.usable, true);
    t.equal(body.mail.status, 'QUEUED');
    t.equal(body.mail.carriesCurrentLink, true);
    t.notMatch(state.body, /token=|invite-account/, 'the state never carries a link');

    // Without a mail server, the worker keeps mails in the outbox: the state says so.
    await db
      .updateTable('mail_outbox')
      .set({ status: 'KEPT' })
      .where('to_email', '=', 'an@example.com')
      .execute();
    t.equal(
      (await hr.inject({ method: 'GET', url: `/api/users/${id}/invitation` })).json().mail.status,
      'KEPT',
    );
    await db
      .updateTable('mail_outbox')
      .set({ status: 'FAILED', attempts: 5 })
      .where('to_email', '=', 'an@example.com')
      .execute();
    const failed = (await hr.inject({ method: 'GET', url: `/api/users/${id}/invitation` })).json();
    t.same([failed.mail.status, failed.mail.attempts], ['FAILED', 5]);
  });

  t.test('a fresh link: returned once, audited, the mailed one stops working', async (t) => {
    const mailsBefore = (await db.selectFrom('mail_outbox').select('id').execute()).length;
    const issued = await hr.inject({ method: 'POST', url: `/api/users/${id}/invitation-link` });
    t.equal(issued.statusCode, 201, issued.body);
    t.equal(issued.headers['cache-control'], 'no-store');
    const { url, expiresAt } = issued.json();
    t.match(url, new RegExp(`^${config.publicUrl}/invite-account\\?token=`));
    t.ok(new Date(expiresAt).getTime() > Date.now() + 24 * 3600_000, 'valid for days (invitation.ttl_hours)');
    const token = decodeURIComponent(new URL(url).searchParams.get('token')!);

    const works = await inject({ method: 'POST', url: '/api/auth/check-sign-up-token', payload: { token } });
    t.equal(works.statusCode, 200, 'the copied link works');
    t.equal(works.json().email, 'an@example.com');
    const old = await inject({
      method: 'POST',
      url: '/api/auth/check-sign-up-token',
      payload: { token: decodeURIComponent(mailedUrl) },
    });
    t.equal(old.statusCode, 410, 'the mailed link no longer does');
    t.equal(
      (await db.selectFrom('mail_outbox').select('id').execute()).length,
      mailsBefore,
      'no mail is sent',
    );

    t.equal(await auditCount('invitation.link_issued'), 1);
    const audit = await db
      .selectFrom('audit_events')
      .select(['after', 'actor_id'])
      .where('action', '=', 'invitation.link_issued')
      .executeTakeFirstOrThrow();
    t.equal(audit.actor_id, hr.user.id);
    t.notMatch(
      JSON.stringify(audit.after),
      /token|invite-account/,
      'the link is not kept in the audit trail',
    );

    const state = (await hr.inject({ method: 'GET', url: `/api/users/${id}/invitation` })).json();
    t.equal(state.mail.carriesCurrentLink, false, 'the state says the mailed link was replaced');
    t.equal(state.link.usable, true);

    const history = (await hr.inject({ method: 'GET', url: `/api/users/${id}/history` })).json();
    t.equal(history.items[0].action, 'invitation.link_issued');
  });

  t.test('who may not, and for whom not; nothing changes', async (t) => {
    const before = { tokens: await tokenCount(), audit: await auditCount('invitation.link_issued') };
    t.equal((await inject({ method: 'POST', url: `/api/users/${id}/invitation-link` })).statusCode, 401);
    t.equal((await inject({ method: 'GET', url: `/api/users/${id}/invitation` })).statusCode, 401);
    t.equal(
      (await viewer.inject({ method: 'POST', url: `/api/users/${id}/invitation-link` })).statusCode,
      403,
    );
    t.equal((await viewer.inject({ method: 'GET', url: `/api/users/${id}/invitation` })).statusCode, 403);
    // A manager of external users cannot reach employees: as if they did not exist.
    t.equal(
      (await externalsManager.inject({ method: 'POST', url: `/api/users/${id}/invitation-link` })).statusCode,
      404,
    );
    const unknown = await hr.inject({
      method: 'POST',
      url: '/api/users/00000000-0000-4000-8000-000000000000/invitation-link',
    });
    t.equal(unknown.statusCode, 404);
    t.equal((await hr.inject({ method: 'POST', url: '/api/users/nope/invitation-link' })).statusCode, 422);

    // Someone who signed up already gets no new link.
    const active = await signIn({ permissions: [] });
    const refused = await hr.inject({ method: 'POST', url: `/api/users/${active.user.id}/invitation-link` });
    t.equal(refused.statusCode, 422);
    t.equal(refused.json().details[0].message, 'This person has already signed up');
    t.same({ tokens: await tokenCount(), audit: await auditCount('invitation.link_issued') }, before);
  });

  t.test('managers of external users copy links for external users', async (t) => {
    const external = await externalsManager.inject({
      method: 'POST',
      url: '/api/users/external',
      payload: { firstName: 'Kyle', lastName: 'Reese', email: 'kyle@client.example' },
    });
    const issued = await externalsManager.inject({
      method: 'POST',
      url: `/api/users/${external.json().id}/invitation-link`,
    });
    t.equal(issued.statusCode, 201, issued.body);
    t.equal(
      (await hr.inject({ method: 'POST', url: `/api/users/${external.json().id}/invitation-link` }))
        .statusCode,
      404,
      'HR without external-users.manage does not reach external users',
    );
  });
});
