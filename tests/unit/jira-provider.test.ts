import t from 'tap';
import {
  jiraClient,
  jiraDeleteWorklog,
  jiraIssues,
  jiraMyself,
  jiraProjects,
  jiraSaveWorklog,
  jiraUsers,
} from '../../server/domains/connections/providers/jira/jira-client.ts';
import { ProviderError, type HttpPolicy } from '../../server/domains/connections/providers/provider-http.ts';
import { startJiraTestServer, type JiraTestServer } from '../helpers/jira-test-server.ts';

/**
 * The Jira client (jira.js under our HTTP policy) against a local Jira: the real library code runs,
 * answers have Jira's documented shapes (checked strictly: a shape the library does not expect fails
 * the test), and nothing leaves the machine.
 */

const policy: HttpPolicy = {
  timeoutMs: 2000,
  rateLimitRetries: 2,
  maxRetryWaitMs: 5000,
  strictResponses: true,
};

async function jira(t: { teardown(fn: () => unknown): void }): Promise<JiraTestServer> {
  const server = await startJiraTestServer();
  t.teardown(() => server.close());
  return server;
}
const credentials = (server: JiraTestServer, token = server.token) => ({
  baseUrl: server.url,
  path: 'acme',
  email: server.email,
  token,
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('expected a ProviderError');
}

t.test(
  'success: the account, every project page, every user page, the issues of some projects',
  async (t) => {
    const server = await jira(t);
    server.seed({ projects: 120, users: 230, issuesPerProject: 130, withIssues: 2 });
    const client = jiraClient(credentials(server), policy);

    t.equal(await jiraMyself(client, policy), 'Backoffice bot');
    const projects = await jiraProjects(client, policy);
    t.equal(projects.length, 120, 'all three pages of projects');
    t.same(projects[0], {
      externalId: '10001',
      key: 'P1',
      name: 'Project 1',
      leadAccountId: server.users[0]!.accountId,
      leadName: 'Jira Person 1',
      totalIssues: 130,
    });
    const projectPages = server.requests.filter((r) => r.path === '/rest/api/3/project/search');
    t.same(
      projectPages.map((r) => r.query.get('startAt')),
      ['0', '50', '100'],
      'paged by startAt until isLast',
    );
    t.equal(projectPages[0]!.query.get('expand'), 'lead,insight');

    const users = await jiraUsers(client, policy);
    t.equal(users.length, 230);
    t.equal(
      server.requests.filter((r) => r.path === '/rest/api/3/users/search').length,
      3,
      'a short page ends it',
    );

    const issues = await jiraIssues(client, policy, ['P1', 'P2', 'P3']);
    t.equal(issues.length, 260, 'issues of P1 and P2 (P3 has none)');
    t.match(issues[0], {
      key: 'P1-1',
      projectExternalId: '10001',
      summary: 'Task 1 of Project 1',
      status: 'To Do',
    });
    const searches = server.requests.filter((r) => r.path === '/rest/api/3/search/jql');
    t.equal(searches.length, 3, 'paged by nextPageToken');
    t.equal(searches[0]!.query.get('jql'), 'project in ("P1", "P2", "P3") ORDER BY key ASC');
    t.equal(searches[1]!.query.get('nextPageToken'), '100');
    t.ok(
      server.requests.every(
        (r) =>
          r.authorization === `Basic ${Buffer.from(`${server.email}:${server.token}`).toString('base64')}`,
      ),
      'basic auth: email and API token',
    );
  },
);

t.test('worklogs: added, changed, removed (and one already gone is fine)', async (t) => {
  const server = await jira(t);
  server.seed({ projects: 1, users: 1, issuesPerProject: 2 });
  const client = jiraClient(credentials(server), policy);
  const input = {
    issueKey: 'P1-1',
    seconds: 5400,
    started: '2026-11-24T09:00:00.000+0700',
    comment: 'Checkout page',
  };
  const id = await jiraSaveWorklog(client, policy, input, null);
  t.match(server.worklogs.get(id), {
    issueKey: 'P1-1',
    timeSpentSeconds: 5400,
    started: '2026-11-24T09:00:00.000+0700',
  });
  t.same(server.worklogs.get(id)!.comment, {
    type: 'doc',
    version: 1,
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Checkout page' }] }],
  });
  t.equal(
    await jiraSaveWorklog(client, policy, { ...input, seconds: 3600 }, id),
    id,
    'the same worklog, changed',
  );
  t.equal(server.worklogs.get(id)!.timeSpentSeconds, 3600);
  await jiraDeleteWorklog(client, policy, 'P1-1', id);
  t.equal(server.worklogs.size, 0);
  await jiraDeleteWorklog(client, policy, 'P1-1', id);
  t.pass('deleting a worklog already gone answers nothing worse');
  t.match(await failure(jiraSaveWorklog(client, policy, { ...input, issueKey: 'NOPE-1' }, null)), {
    code: 'NOT_FOUND',
    detail: 'HTTP 404',
  });
});

t.test('401: a refused token is UNAUTHORIZED, with the status and never Jira’s text', async (t) => {
  const server = await jira(t);
  const error = await failure(jiraMyself(jiraClient(credentials(server, 'wrong-token'), policy), policy));
  t.equal(error.code, 'UNAUTHORIZED');
  t.equal(error.detail, 'HTTP 401');
  t.notMatch(error.message, /authenticated/, 'the provider’s sentence is not carried');
});

t.test('429: waits out Retry-After and tries again, a bounded number of times', async (t) => {
  const server = await jira(t);
  server.seed({ projects: 3, users: 1 });
  const client = jiraClient(credentials(server), policy);

  server.failNext('/rest/api/3/project/search', { status: 429, retryAfter: '1' });
  const started = Date.now();
  t.equal((await jiraProjects(client, policy)).length, 3, 'succeeds after the wait');
  t.ok(Date.now() - started >= 950, 'waited for the Retry-After second');

  server.failNext('/rest/api/3/project/search', { status: 429, retryAfter: '0' }, 3);
  const tooMany = await failure(jiraProjects(client, policy));
  t.equal(tooMany.code, 'RATE_LIMITED', 'three 429s in a row: two retries, then the failure');

  server.failNext('/rest/api/3/project/search', { status: 429, retryAfter: '3600' });
  const before = Date.now();
  const tooLong = await failure(jiraProjects(client, policy));
  t.equal(tooLong.code, 'RATE_LIMITED');
  t.ok(Date.now() - before < 1000, 'a wait longer than the policy allows is not waited');
});

t.test('a provider that hangs: a timeout error, and the request is really closed', async (t) => {
  const server = await jira(t);
  const quick = { ...policy, timeoutMs: 300 };
  server.failNext('/rest/api/3/myself', { hang: true });
  const started = Date.now();
  const error = await failure(jiraMyself(jiraClient(credentials(server), quick), quick));
  t.equal(error.code, 'TIMEOUT');
  t.ok(Date.now() - started < 2000, `answered in ${Date.now() - started} ms`);
  // The fetch was aborted, not just abandoned: the server sees the client go.
  for (let i = 0; i < 50 && server.hangingCount() > 0; i++) await new Promise((r) => setTimeout(r, 20));
  t.equal(server.hangingCount(), 0);
});

t.test('nothing answers at the address: UNREACHABLE', async (t) => {
  const server = await startJiraTestServer();
  const url = server.url;
  await server.close();
  const error = await failure(
    jiraMyself(
      jiraClient({ baseUrl: url, path: '', email: 'someone@acme.example', token: 'x' }, policy),
      policy,
    ),
  );
  t.equal(error.code, 'UNREACHABLE');
  t.equal(error.detail, 'ECONNREFUSED');
});

t.test('a bearer token when no email is given', async (t) => {
  const server = await jira(t);
  t.equal(
    await jiraMyself(jiraClient({ ...credentials(server), email: null }, policy), policy),
    'Backoffice bot',
  );
  t.equal(server.requests.at(-1)!.authorization, `Bearer ${server.token}`);
});
