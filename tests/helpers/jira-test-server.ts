import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Jira for tests, benchmarks and the end-to-end flow: an HTTP server on 127.0.0.1 that
 * answers the REST v3 calls jira.js makes with Jira's documented response shapes, so the real
 * client code runs and no call leaves the machine.
 *
 *   GET  /rest/api/3/myself                      the token's account
 *   GET  /rest/api/3/project/search              projects (startAt, maxResults, isLast, values; expand lead,insight)
 *   GET  /rest/api/3/users/search                users (a bare array, startAt / maxResults)
 *   GET  /rest/api/3/search/jql                  issues of `project in (…)` (nextPageToken, isLast)
 *   POST /rest/api/3/issue/{key}/worklog         add a worklog
 *   PUT|DELETE /rest/api/3/issue/{key}/worklog/{id}
 *
 * Basic auth (email + API token) or a bearer token must match, else 401. `failNext` makes the next
 * matching requests answer an error (401, 429 with Retry-After, 500) or hang without answering.
 */

export interface FakeProject {
  id: string;
  key: string;
  name: string;
  leadAccountId: string | null;
}
export interface FakeUser {
  accountId: string;
  displayName: string;
  email: string | null;
  active: boolean;
  accountType?: 'atlassian' | 'app' | 'customer';
}
export interface FakeIssue {
  id: string;
  key: string;
  projectId: string;
  summary: string;
  status: string;
  updated: string;
}
export interface FakeWorklog {
  id: string;
  issueKey: string;
  timeSpentSeconds: number;
  started: string;
  comment: unknown;
}
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}
interface Failure {
  match: (method: string, path: string) => boolean;
  status: number;
  retryAfter?: string;
  hang?: boolean;
  left: number;
}

export interface JiraTestServer {
  url: string;
  email: string;
  token: string;
  projects: FakeProject[];
  users: FakeUser[];
  issues: FakeIssue[];
  worklogs: Map<string, FakeWorklog>;
  requests: RecordedRequest[];
  /** The next `count` requests matching `path` (a substring, or METHOD and substring) answer this instead. */
  failNext(
    path: string,
    answer: { status?: number; retryAfter?: string; hang?: boolean },
    count?: number,
  ): void;
  /** Requests that hang now (a client that timed out has closed its side: none left). */
  hangingCount(): number;
  /** Projects P1…Pn (ids 10001…), users, and `issuesPerProject` issues in each of the first `withIssues`. */
  seed(options: { projects: number; users: number; issuesPerProject?: number; withIssues?: number }): void;
  close(): Promise<void>;
}

const JIRA_TIME = (date: Date) => date.toISOString().replace('Z', '+0000');

export async function startJiraTestServer(
  options: { email?: string; token?: string } = {},
): Promise<JiraTestServer> {
  const email = options.email ?? 'bot@acme.example';
  const token = options.token ?? 'jira-test-token-0123456789abcdef';
  const failures: Failure[] = [];
  const hanging = new Set<ServerResponse>();
  let nextWorklog = 100_000;

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errorMessages: [String(error)], errors: {} }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const state: JiraTestServer = {
    url,
    email,
    token,
    projects: [],
    users: [],
    issues: [],
    worklogs: new Map(),
    requests: [],
    failNext(path, answer, count = 1) {
      const [method, part] = path.includes(' ') ? path.split(' ', 2) : [undefined, path];
      failures.push({
        match: (m, p) => (!method || method === m) && p.includes(part!),
        status: answer.status ?? 500,
        retryAfter: answer.retryAfter,
        hang: answer.hang,
        left: count,
      });
    },
    hangingCount: () => hanging.size,
    seed({ projects, users, issuesPerProject = 0, withIssues = projects }) {
      state.users = Array.from({ length: users }, (_, i) => ({
        accountId: `5b10ac8d82e05b22cc7d${String(i + 1).padStart(4, '0')}`,
        displayName: `Jira Person ${i + 1}`,
        email: `person${i + 1}@acme.example`,
        active: true,
      }));
      state.projects = Array.from({ length: projects }, (_, i) => ({
        id: String(10_001 + i),
        key: `P${i + 1}`,
        name: `Project ${i + 1}`,
        leadAccountId: state.users[i % Math.max(1, users)]?.accountId ?? null,
      }));
      state.issues = state.projects.slice(0, withIssues).flatMap((project) =>
        Array.from({ length: issuesPerProject }, (_, n) => ({
          id: `${project.id}${String(n + 1).padStart(5, '0')}`,
          key: `${project.key}-${n + 1}`,
          projectId: project.id,
          summary: `Task ${n + 1} of ${project.name}`,
          status: 'To Do',
          updated: '2026-11-20T10:00:00.000+0000',
        })),
      );
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const self = (path: string) => `${url}${path}`;
  const avatarUrls = {
    '16x16': self('/avatar/16'),
    '24x24': self('/avatar/24'),
    '32x32': self('/avatar/32'),
    '48x48': self('/avatar/48'),
  };
  const userJson = (user: FakeUser) => ({
    self: self(`/rest/api/3/user?accountId=${user.accountId}`),
    accountId: user.accountId,
    accountType: user.accountType ?? 'atlassian',
    ...(user.email && { emailAddress: user.email }),
    avatarUrls,
    displayName: user.displayName,
    active: user.active,
  });
  const issuesOf = (projectId: string) => state.issues.filter((issue) => issue.projectId === projectId);
  const projectJson = (project: FakeProject, expand: string[]) => {
    const lead = state.users.find((user) => user.accountId === project.leadAccountId);
    return {
      expand: 'description,lead,issueTypes,url,projectKeys,permissions,insight',
      self: self(`/rest/api/3/project/${project.id}`),
      id: project.id,
      key: project.key,
      name: project.name,
      avatarUrls,
      projectTypeKey: 'software',
      simplified: false,
      style: 'classic',
      isPrivate: false,
      properties: {},
      ...(expand.includes('lead') && lead && { lead: userJson(lead) }),
      ...(expand.includes('insight') && {
        insight: {
          totalIssueCount: issuesOf(project.id).length,
          lastIssueUpdateTime: '2026-11-20T10:00:00.000+0000',
        },
      }),
    };
  };
  const worklogJson = (worklog: FakeWorklog) => {
    const author = userJson({ accountId: 'bot', displayName: 'Backoffice bot', email, active: true });
    const issue = state.issues.find((i) => i.key === worklog.issueKey);
    return {
      self: self(`/rest/api/3/issue/${issue?.id}/worklog/${worklog.id}`),
      author,
      updateAuthor: author,
      comment: worklog.comment,
      created: JIRA_TIME(new Date()),
      updated: JIRA_TIME(new Date()),
      started: worklog.started,
      timeSpent: `${Math.round(worklog.timeSpentSeconds / 60)}m`,
      timeSpentSeconds: worklog.timeSpentSeconds,
      id: worklog.id,
      issueId: issue?.id,
    };
  };

  function send(
    response: ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    if (body === undefined) {
      response.writeHead(status, headers);
      response.end();
      return;
    }
    response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
    response.end(JSON.stringify(body));
  }
  const errorBody = (message: string) => ({ errorMessages: [message], errors: {} });

  function authorized(header: string | undefined): boolean {
    if (!header) return false;
    if (header.startsWith('Basic '))
      return Buffer.from(header.slice(6), 'base64').toString() === `${state.email}:${state.token}`;
    return header === `Bearer ${state.token}`;
  }

  async function readBody(request: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    return text ? JSON.parse(text) : undefined;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const parsed = new URL(request.url ?? '/', url);
    const method = request.method ?? 'GET';
    const path = parsed.pathname;
    const body = method === 'POST' || method === 'PUT' ? await readBody(request) : undefined;
    state.requests.push({
      method,
      path,
      query: parsed.searchParams,
      authorization: request.headers.authorization,
      body,
    });

    const failure = failures.find((f) => f.left > 0 && f.match(method, path));
    if (failure) {
      failure.left--;
      if (failure.hang) {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return; // never answers
      }
      const headers: Record<string, string> = failure.retryAfter ? { 'retry-after': failure.retryAfter } : {};
      const messages: Record<number, string> = {
        401: 'Client must be authenticated to access this resource.',
        429: 'Rate limit exceeded.',
      };
      return send(
        response,
        failure.status,
        errorBody(messages[failure.status] ?? 'Internal server error'),
        headers,
      );
    }
    if (!authorized(request.headers.authorization))
      return send(response, 401, errorBody('Client must be authenticated to access this resource.'));

    const query = parsed.searchParams;
    const number = (name: string, fallback: number) => Number(query.get(name) ?? fallback);

    if (method === 'GET' && path === '/rest/api/3/myself')
      return send(response, 200, {
        ...userJson({ accountId: 'bot', displayName: 'Backoffice bot', email, active: true }),
        timeZone: 'Asia/Ho_Chi_Minh',
        locale: 'en_US',
        groups: { size: 0, items: [] },
        applicationRoles: { size: 0, items: [] },
        expand: 'groups,applicationRoles',
      });

    if (method === 'GET' && path === '/rest/api/3/project/search') {
      const startAt = number('startAt', 0);
      const maxResults = Math.min(number('maxResults', 50), 100);
      const expand = (query.get('expand') ?? '').split(',');
      const values = state.projects.slice(startAt, startAt + maxResults);
      const isLast = startAt + values.length >= state.projects.length;
      return send(response, 200, {
        self: self(`/rest/api/3/project/search?startAt=${startAt}&maxResults=${maxResults}`),
        ...(!isLast && {
          nextPage: self(
            `/rest/api/3/project/search?startAt=${startAt + maxResults}&maxResults=${maxResults}`,
          ),
        }),
        maxResults,
        startAt,
        total: state.projects.length,
        isLast,
        values: values.map((project) => projectJson(project, expand)),
      });
    }

    if (method === 'GET' && path === '/rest/api/3/users/search') {
      const startAt = number('startAt', 0);
      const maxResults = Math.min(number('maxResults', 50), 1000);
      return send(response, 200, state.users.slice(startAt, startAt + maxResults).map(userJson));
    }

    if (method === 'GET' && path === '/rest/api/3/search/jql') {
      const jql = query.get('jql') ?? '';
      const keys = [
        ...(/project in \(([^)]*)\)/i.exec(jql)?.[1] ?? '').matchAll(/"?([A-Z][A-Z0-9_]*)"?/g),
      ].map((m) => m[1]);
      const projectIds = new Set(state.projects.filter((p) => keys.includes(p.key)).map((p) => p.id));
      const matching = state.issues.filter((issue) => projectIds.has(issue.projectId));
      const startAt = Number(query.get('nextPageToken') ?? 0);
      const maxResults = Math.min(number('maxResults', 50), 5000);
      const page = matching.slice(startAt, startAt + maxResults);
      const isLast = startAt + page.length >= matching.length;
      return send(response, 200, {
        issues: page.map((issue) => {
          const project = state.projects.find((p) => p.id === issue.projectId)!;
          return {
            expand: 'renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations',
            id: issue.id,
            self: self(`/rest/api/3/issue/${issue.id}`),
            key: issue.key,
            fields: {
              summary: issue.summary,
              status: {
                self: self('/rest/api/3/status/1'),
                description: '',
                iconUrl: self('/status.png'),
                name: issue.status,
                id: '1',
                statusCategory: {
                  self: self('/rest/api/3/statuscategory/2'),
                  id: 2,
                  key: 'new',
                  colorName: 'blue-gray',
                  name: 'To Do',
                },
              },
              updated: issue.updated,
              project: {
                self: self(`/rest/api/3/project/${project.id}`),
                id: project.id,
                key: project.key,
                name: project.name,
                projectTypeKey: 'software',
                simplified: false,
                avatarUrls,
              },
            },
          };
        }),
        ...(!isLast && { nextPageToken: String(startAt + page.length) }),
        isLast,
      });
    }

    const worklogPath = /^\/rest\/api\/3\/issue\/([^/]+)\/worklog(?:\/([^/]+))?$/.exec(path);
    if (worklogPath) {
      const [, issueKey, worklogId] = worklogPath;
      if (!state.issues.some((issue) => issue.key === issueKey || issue.id === issueKey))
        return send(
          response,
          404,
          errorBody('Issue does not exist or you do not have permission to see it.'),
        );
      const input = (body ?? {}) as { timeSpentSeconds?: number; started?: string; comment?: unknown };
      if (method === 'POST' && !worklogId) {
        if (!input.timeSpentSeconds || !input.started)
          return send(response, 400, {
            errorMessages: [],
            errors: { timeLogged: 'You must indicate the time spent working.' },
          });
        const worklog = {
          id: String(nextWorklog++),
          issueKey: issueKey!,
          timeSpentSeconds: input.timeSpentSeconds,
          started: input.started,
          comment: input.comment,
        };
        state.worklogs.set(worklog.id, worklog);
        return send(response, 201, worklogJson(worklog));
      }
      const worklog = worklogId ? state.worklogs.get(worklogId) : undefined;
      if (!worklog || worklog.issueKey !== issueKey)
        return send(response, 404, errorBody('Cannot find worklog with id: ' + worklogId));
      if (method === 'PUT') {
        Object.assign(worklog, {
          ...(input.timeSpentSeconds && { timeSpentSeconds: input.timeSpentSeconds }),
          ...(input.started && { started: input.started }),
          ...(input.comment !== undefined && { comment: input.comment }),
        });
        return send(response, 200, worklogJson(worklog));
      }
      if (method === 'DELETE') {
        state.worklogs.delete(worklog.id);
        return send(response, 204);
      }
    }
    return send(response, 404, errorBody(`No route ${method} ${path}`));
  }

  return state;
}
