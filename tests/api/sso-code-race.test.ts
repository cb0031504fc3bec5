/**
 * One authorization code, two token requests at once: exactly one gets tokens, the other
 * `invalid_grant`, and what the code issued is revoked (RFC 6749 §4.1.2: a code used twice should
 * revoke the tokens issued from it). Both ways two exchanges can meet are forced here:
 *
 * - both read the code before either consumed it: they meet in the statement that consumes the code
 *   and writes the tokens (oidc-token-writes.ts). A test transaction holds the code's row lock until
 *   both are waiting on it, so both have passed every check of the provider;
 * - the second reads the code after the first consumed it: the provider's own reuse check.
 */
import { sql } from 'kysely';
import * as client from 'openid-client';
import t from 'tap';
import { writeTokens } from '../../server/domains/sso/oidc-store.repository.ts';
import { CALLBACK, loginThroughBrowser, registerApp, startSsoApp } from '../helpers/sso-factories.ts';

interface TokenAnswer {
  status: number;
  body: { access_token?: string; error?: string };
}

async function exchange(issuer: string, clientId: string, secret: string, code: string, verifier: string) {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    }),
  });
  return { status: response.status, body: await response.json() } as TokenAnswer;
}

t.test('two exchanges of one code at once: exactly one gets tokens, and they are revoked', async (t) => {
  const { signIn, baseUrl, issuer, db } = await startSsoApp(t);
  const manager = await signIn({ permissions: ['sso.manage'] });
  const person = await signIn();
  const app = await registerApp(manager, { memberIds: [person.user.id] });
  const config = await client.discovery(
    new URL(issuer),
    app.clientId,
    undefined,
    client.ClientSecretBasic(app.clientSecret!),
    { execute: [client.allowInsecureRequests] },
  );

  /** A fresh code for the person, with its PKCE verifier. */
  const freshCode = async () => {
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { callback } = await loginThroughBrowser(baseUrl, url.href, person.accessToken);
    return { code: callback.searchParams.get('code')!, verifier };
  };
  const userinfo = (accessToken: string) =>
    fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } }).then((r) => r.status);
  const outcome = (answers: TokenAnswer[]) => ({
    ok: answers.filter((answer) => answer.status === 200).length,
    invalidGrant: answers.filter((answer) => answer.status === 400 && answer.body.error === 'invalid_grant')
      .length,
  });

  // Both past the provider's checks, meeting where the code is consumed.
  const first = await freshCode();
  const { both } = await db.transaction().execute(async (trx) => {
    await sql`select 1 from oidc_payloads where model = 'AuthorizationCode' and id = ${first.code} for update`.execute(
      trx,
    );
    const both = Promise.all([
      exchange(issuer, app.clientId, app.clientSecret!, first.code, first.verifier),
      exchange(issuer, app.clientId, app.clientSecret!, first.code, first.verifier),
    ]);
    // Released only once both wait on the code's lock: neither can have seen the other's consume.
    await t.resolves(
      (async () => {
        for (let waited = 0; waited < 30_000; waited += 50) {
          const waiting = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query like '%with consumed' || ' as%'`.execute(db);
          if (waiting.rows[0]!.n === 2) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error('the two exchanges never both waited on the code');
      })(),
      'both exchanges reach the consume at once',
    );
    return { both }; // awaited after the commit, which lets them go
  });
  const answers = await both;
  t.same(outcome(answers), { ok: 1, invalidGrant: 1 }, 'exactly one exchange succeeds');
  const winner = answers.find((answer) => answer.status === 200)!.body.access_token!;
  t.equal(await userinfo(winner), 401, "the winner's tokens are revoked (the code was used twice)");
  const grantLeft = await db
    .selectFrom('oidc_payloads')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('model', 'in', ['Grant', 'AccessToken', 'RefreshToken'])
    .where('account_id', '=', person.user.id)
    .executeTakeFirstOrThrow();
  t.equal(grantLeft.n, 0, 'no grant or token of that login is left');

  // The second after the first: the provider's own reuse check, same outcome.
  const second = await freshCode();
  const one = await exchange(issuer, app.clientId, app.clientSecret!, second.code, second.verifier);
  const two = await exchange(issuer, app.clientId, app.clientSecret!, second.code, second.verifier);
  t.same(outcome([one, two]), { ok: 1, invalidGrant: 1 });
  t.equal(await userinfo(one.body.access_token!), 401, 'revoked as well');

  // Fired together without help: whichever way they meet, one wins.
  for (let round = 0; round < 3; round++) {
    const { code, verifier } = await freshCode();
    const together = await Promise.all([
      exchange(issuer, app.clientId, app.clientSecret!, code, verifier),
      exchange(issuer, app.clientId, app.clientSecret!, code, verifier),
    ]);
    t.same(outcome(together), { ok: 1, invalidGrant: 1 }, `round ${round + 1}: one of two`);
  }

  // A clean exchange still works, and its tokens are stored and usable.
  const clean = await freshCode();
  const tokens = await exchange(issuer, app.clientId, app.clientSecret!, clean.code, clean.verifier);
  t.equal(tokens.status, 200);
  t.equal(await userinfo(tokens.body.access_token!), 200, 'a single exchange is untouched');
});

t.test('the consume-and-write statement writes only for the caller that consumed', async (t) => {
  const { db } = await startSsoApp(t);
  await db
    .insertInto('oidc_payloads')
    .values({ model: 'AuthorizationCode', id: 'race-code', payload: JSON.stringify({ grantId: 'g1' }) })
    .execute();
  const token = (id: string) => ({
    model: 'AccessToken',
    id,
    payload: { grantId: 'g1', note: `quote " backslash \\ ${id}` },
    expiresAt: new Date(Date.now() + 60_000),
  });
  const results = await Promise.all([
    writeTokens(db, { model: 'AuthorizationCode', id: 'race-code' }, [token('at-1')]),
    writeTokens(db, { model: 'AuthorizationCode', id: 'race-code' }, [token('at-2')]),
  ]);
  t.same(results.sort(), [false, true], 'one consumed it, the other did not');
  const written = await db
    .selectFrom('oidc_payloads')
    .select(['id', 'payload'])
    .where('model', '=', 'AccessToken')
    .execute();
  t.equal(written.length, 1, "only the winner's token is written");
  t.match(
    written[0]!.payload,
    { note: /quote " backslash \\ at-/ },
    'the payload survives the array round trip',
  );
});
