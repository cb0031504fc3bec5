import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';

interface PageBootstrap {
  signedIn: boolean;
  dehydratedState: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> };
}

/** The bootstrap JSON a server-rendered page carries for the browser to hydrate from. */
function bootstrapOf(html: string): PageBootstrap {
  const match = /<script type="application\/json" id="bo-bootstrap">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no bootstrap in the page');
  return JSON.parse(match[1]!) as PageBootstrap;
}

const queryData = (bootstrap: PageBootstrap, key: string[]) =>
  bootstrap.dehydratedState.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(key))
    ?.state.data;

/**
 * A page rendered on the server reads its person from the refresh cookie (one statement for the
 * session and the user) and ships what the shell shows at once: the session and the password notice.
 */
t.test('pages rendered for a signed-in person', async (t) => {
  const { app, db, signIn } = await buildTestApp(t);
  const page = (cookie: string, url = '/settings') =>
    app.inject({ method: 'GET', url, cookies: { bo_refresh: cookie } });

  const alice = await signIn({ builtInRoles: ['user'], firstName: 'Alice' });
  const fresh = await page(alice.refreshCookie);
  t.equal(fresh.statusCode, 200);
  const bootstrap = bootstrapOf(fresh.body);
  t.equal(bootstrap.signedIn, true);
  const session = queryData(bootstrap, ['session']) as { user: { firstName: string }; permissions: string[] };
  t.equal(session.user.firstName, 'Alice');
  t.ok(session.permissions.length > 0, 'with the permissions of her roles');
  t.match(queryData(bootstrap, ['account', 'password-expiry']), { state: 'OK', maxAgeDays: 90 });

  await db
    .updateTable('users')
    .set({ password_changed_at: new Date(Date.now() - 85 * 86_400_000) })
    .where('id', '=', alice.user.id)
    .execute();
  t.match(queryData(bootstrapOf((await page(alice.refreshCookie)).body), ['account', 'password-expiry']), {
    state: 'EXPIRING_SOON',
    daysLeft: 5,
  });

  const bob = await signIn({ builtInRoles: ['user'] });
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', bob.user.id)
    .execute();
  const revoked = await page(bob.refreshCookie);
  t.equal(revoked.statusCode, 302, 'a revoked session is signed out');
  t.match(revoked.headers.location, /^\/sign-in/);

  const carol = await signIn({ builtInRoles: ['user'] });
  await db.updateTable('users').set({ status: 'INACTIVE' }).where('id', '=', carol.user.id).execute();
  t.equal((await page(carol.refreshCookie)).statusCode, 302, 'a deactivated person is signed out');
});
