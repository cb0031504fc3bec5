import t from 'tap';
import { poolOf } from '../../server/db/connect.ts';
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

t.test('the employee list arrives with its data: fetched once on the server, as the person', async (t) => {
  const { app, db, signIn } = await buildTestApp(t);
  const hr = await signIn({ builtInRoles: ['admin'], firstName: 'Hanh' });
  const page = (cookie: string, url: string) =>
    app.inject({ method: 'GET', url, cookies: { bo_refresh: cookie } });
  for (const name of ['Zed', 'Yen']) {
    await db
      .insertInto('users')
      .values({
        email: `${name.toLowerCase()}@example.com`,
        first_name: name,
        last_name: 'Prefetched',
        status: 'ACTIVE',
      })
      .execute();
  }

  const list = await page(hr.refreshCookie, '/employee-management?search=prefetched&sortField=firstName');
  t.equal(list.statusCode, 200);
  const listed = bootstrapOf(list.body).dehydratedState.queries.find(
    (query) => JSON.stringify(query.queryKey.slice(0, 2)) === JSON.stringify(['employees', 'list']),
  );
  t.ok(listed, 'the list page is in the bootstrap');
  t.same(
    listed!.queryKey[2],
    { page: 1, perPage: 20, sortField: 'firstName', search: 'prefetched' },
    'under the key the page reads from the address',
  );
  t.same(
    (listed!.state.data as { items: Array<{ firstName: string }> }).items.map((item) => item.firstName),
    ['Yen', 'Zed'],
  );
  t.match(list.body, /<div id="root">.*Yen.*Zed/s, 'the rows are in the rendered page');
  t.ok(queryData(bootstrapOf(list.body), ['employees', 'aggregations']), 'with the counts');

  // Someone who may not see the list gets no list data (the server asks as them).
  const plain = await signIn({ permissions: ['leave.request'] });
  const denied = await page(plain.refreshCookie, '/employee-management');
  t.notOk(
    bootstrapOf(denied.body).dehydratedState.queries.some((query) => query.queryKey[0] === 'employees'),
    'nothing prefetched without employees.view',
  );
});

/**
 * Streaming that streams: the document head leaves before the page's data is in. Another session
 * holds the departments table, which the employee list's query joins (the page's session statement
 * does not), so the list's prefetch waits while the head is already on the wire.
 */
t.test('a page whose data is slow sends its head first, then the rest', async (t) => {
  const { app, db, signIn } = await buildTestApp(t);
  const hr = await signIn({ builtInRoles: ['admin'] });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const blocker = await poolOf(db).connect();
  let blocked = true;
  t.teardown(async () => {
    if (blocked) await blocker.query('rollback');
    blocker.release();
  });
  await blocker.query('begin');
  await blocker.query('lock table departments in access exclusive mode');

  const response = await fetch(`http://127.0.0.1:${port}/employee-management`, {
    headers: { cookie: `bo_refresh=${hr.refreshCookie}` },
  });
  t.equal(response.status, 200, 'the answer starts while the data is held back');
  // The state to wait for: the list's query has reached PostgreSQL and waits for the lock (blocked
  // by this session; not matched on its text, which pg_stat_activity cuts at 1 kB).
  const { rows: own } = await blocker.query('select pg_backend_pid() as pid');
  const waiters = async () =>
    (
      await blocker.query(
        `select count(*)::int as n from pg_stat_activity where $1::int = any(pg_blocking_pids(pid))`,
        [own[0].pid],
      )
    ).rows[0].n as number;
  while ((await waiters()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  t.pass("the list's query waits for the departments table");
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const first = decoder.decode((await reader.read()).value);
  t.match(first, /<head>.*<link rel="stylesheet"|<head>/s, 'the first bytes are the document head');
  t.notMatch(first, /bo-bootstrap/, 'without the page data');

  await blocker.query('rollback');
  blocked = false;
  let rest = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    rest += decoder.decode(chunk.value, { stream: true });
  }
  t.match(rest, /id="bo-bootstrap"/, 'the rest of the page follows once the data is in');
  t.match(rest, /<\/html>$/);
});
