import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local GitHub, GitLab, Discord, Slack, Outline and Figma for tests, benchmarks and the end-to-end
 * flow: one HTTP server on 127.0.0.1 per provider answering the calls the client libraries make
 * (Octokit, GitBeaker, @discordjs/rest, @slack/web-api; Outline and Figma over fetch) with the
 * providers' documented response shapes and paging (GitHub's Link header, GitLab's X-Next-Page,
 * Discord's `after`, Slack's next_cursor, Outline's offset, Figma's cursor), so the real client
 * code runs and no call leaves the machine.
 *
 * The token must match, else the provider's refusal (a 401; Slack: 200 with `invalid_auth`).
 * `failNext` makes the next matching requests answer an error (401, 429 with Retry-After, 500) or
 * hang without answering. `removed` lists the members removed through the API.
 */

export type FakeProvider = 'GITHUB' | 'GITLAB' | 'DISCORD' | 'SLACK' | 'OUTLINE' | 'FIGMA';

export interface FakeMember {
  id: string;
  login: string;
  name: string;
  email: string | null;
  admin: boolean;
  active: boolean;
}
export interface FakeRepo {
  id: string;
  name: string;
  description: string | null;
  /** FakeMember ids. */
  collaborators: string[];
}
export interface FakeChannel {
  id: string;
  name: string;
  type: number;
  position: number;
}
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: string;
}

export interface ProviderTestServer {
  provider: FakeProvider;
  url: string;
  /** The base URL a connection names (GitLab: the host; Discord and Slack: their /api). */
  baseUrl: string;
  /** The organisation, group, server id, workspace or team id the connection names. */
  path: string;
  token: string;
  members: FakeMember[];
  repos: FakeRepo[];
  channels: FakeChannel[];
  requests: RecordedRequest[];
  removed: string[];
  /** Slack: whether admin.users.remove is allowed (an Enterprise Grid org token). */
  slackEnterprise: boolean;
  failNext(
    path: string,
    answer: { status?: number; retryAfter?: string; hang?: boolean },
    count?: number,
  ): void;
  hangingCount(): number;
  /** Members m1…mn (the first an admin), repositories r1…rn each with `collaboratorsPerRepo` members, channels. */
  seed(options: { members: number; repos?: number; collaboratorsPerRepo?: number; channels?: number }): void;
  close(): Promise<void>;
}

interface Failure {
  match: (method: string, path: string) => boolean;
  status: number;
  retryAfter?: string;
  hang?: boolean;
  left: number;
}

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}
type Handler = (request: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}) => Answer | undefined;

const TIME = '2024-03-01T10:00:00Z';

export async function startProviderTestServer(
  provider: FakeProvider,
  options: { token?: string } = {},
): Promise<ProviderTestServer> {
  const token = options.token ?? `${provider.toLowerCase()}-test-token-0123456789abcdef`;
  const failures: Failure[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const basePath = { GITHUB: '', GITLAB: '', DISCORD: '/api', SLACK: '/api', OUTLINE: '', FIGMA: '' }[
    provider
  ];
  const path = {
    GITHUB: 'acme',
    GITLAB: 'acme',
    DISCORD: '81384788765712384',
    SLACK: 'acme',
    OUTLINE: 'acme',
    FIGMA: '1234567890',
  }[provider];

  const state: ProviderTestServer = {
    provider,
    url,
    baseUrl: `${url}${basePath}`,
    path,
    token,
    members: [],
    repos: [],
    channels: [],
    requests: [],
    removed: [],
    slackEnterprise: false,
    failNext(match, answer, count = 1) {
      const [method, part] = match.includes(' ') ? match.split(' ', 2) : [undefined, match];
      failures.push({
        match: (m, p) => (!method || method === m) && p.includes(part!),
        status: answer.status ?? 500,
        retryAfter: answer.retryAfter,
        hang: answer.hang,
        left: count,
      });
    },
    hangingCount: () => hanging.size,
    seed({ members, repos = 0, collaboratorsPerRepo = 2, channels = 0 }) {
      state.members = Array.from({ length: members }, (_, i) => ({
        id: String(provider === 'DISCORD' ? 100_000_000_000_000_000n + BigInt(i + 1) : 1000 + i + 1),
        login: `member${i + 1}`,
        name: `Member ${i + 1}`,
        email: `member${i + 1}@acme.example`,
        admin: i === 0,
        active: true,
      }));
      state.repos = Array.from({ length: repos }, (_, i) => ({
        id: String(500_000 + i + 1),
        name: `repo-${i + 1}`,
        description: `Repository ${i + 1}`,
        collaborators: Array.from(
          { length: Math.min(collaboratorsPerRepo, members) },
          (_, n) => state.members[(i + n) % members]!.id,
        ),
      }));
      state.channels = Array.from({ length: channels }, (_, i) => ({
        id: String(200_000_000_000_000_000n + BigInt(i + 1)),
        name: `channel-${i + 1}`,
        type: i === 0 ? 4 : 0,
        position: i,
      }));
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const handler = HANDLERS[provider](state);

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const address = new URL(request.url ?? '/', url);
    const method = request.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const authorization =
      request.headers.authorization ??
      (request.headers['private-token'] as string | undefined) ??
      (request.headers['x-figma-token'] as string | undefined);
    state.requests.push({ method, path: address.pathname, query: address.searchParams, authorization, body });

    const failure = failures.find((f) => f.left > 0 && f.match(method, address.pathname));
    if (failure) {
      failure.left--;
      if (failure.hang) {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      return send(response, refusal(failure.status, failure.retryAfter));
    }
    const presented = (authorization ?? '').replace(/^(Bearer|token|Bot)\s+/i, '');
    if (presented !== token) return send(response, refusal(401));
    const answer = handler({
      method,
      path: address.pathname.slice(basePath.length),
      query: address.searchParams,
      body,
    });
    send(response, answer ?? { status: 404, body: { message: 'Not Found' } });
  }

  function refusal(status: number, retryAfter?: string): Answer {
    const headers: Record<string, string> = retryAfter ? { 'retry-after': retryAfter } : {};
    if (provider === 'SLACK' && status === 401) return { body: { ok: false, error: 'invalid_auth' } };
    if (provider === 'DISCORD' && status === 429)
      return {
        status,
        headers: { ...headers, 'x-ratelimit-scope': 'user' },
        body: { message: 'You are being rate limited.', retry_after: Number(retryAfter ?? 1), global: false },
      };
    if (provider === 'DISCORD')
      return { status, headers, body: { message: status === 401 ? '401: Unauthorized' : 'Error', code: 0 } };
    if (provider === 'SLACK')
      return { status, headers, body: { ok: false, error: status === 429 ? 'ratelimited' : 'fatal_error' } };
    if (provider === 'OUTLINE')
      return {
        status,
        headers,
        body: { ok: false, error: status === 401 ? 'authentication_required' : 'error', status },
      };
    if (provider === 'FIGMA')
      return {
        status,
        headers,
        body: { status, error: true, message: status === 401 ? 'Invalid token' : 'Error' },
      };
    return { status, headers, body: { message: status === 401 ? 'Bad credentials' : 'Error' } };
  }

  return state;
}

function send(response: ServerResponse, answer: Answer) {
  const status = answer.status ?? 200;
  if (status === 204) {
    response.writeHead(204, answer.headers ?? {});
    response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
  response.end(JSON.stringify(answer.body ?? {}));
}

/** One page of a list by page number (1-based) and size. */
function pageOf<T>(items: readonly T[], page: number, size: number) {
  const start = (page - 1) * size;
  return { items: items.slice(start, start + size), hasNext: start + size < items.length };
}

const number = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

const HANDLERS: Record<FakeProvider, (state: ProviderTestServer) => Handler> = {
  GITHUB: (state) => {
    const user = (m: FakeMember) => ({
      login: m.login,
      id: Number(m.id),
      node_id: `U_${m.id}`,
      avatar_url: `${state.url}/avatars/${m.id}`,
      url: `${state.url}/users/${m.login}`,
      html_url: `https://github.com/${m.login}`,
      type: 'User',
      site_admin: false,
    });
    /** GitHub's paging: per_page and page, a Link header naming the next page. */
    const paged = <T>(
      path: string,
      query: URLSearchParams,
      items: readonly T[],
      map: (item: T) => unknown,
    ) => {
      const size = number(query.get('per_page'), 30);
      const page = number(query.get('page'), 1);
      const { items: slice, hasNext } = pageOf(items, page, size);
      const next = new URLSearchParams(query);
      next.set('page', String(page + 1));
      const headers: Record<string, string> = hasNext
        ? { link: `<${state.url}${path}?${next}>; rel="next"` }
        : {};
      return {
        headers,
        body: slice.map(map),
      };
    };
    return ({ method, path, query }) => {
      const org = state.path;
      if (method === 'GET' && path === '/user')
        return {
          body: { login: 'backoffice-bot', id: 1, name: 'Backoffice bot', type: 'User', site_admin: false },
        };
      if (method === 'GET' && path === `/orgs/${org}`)
        return { body: { login: org, id: 42, url: `${state.url}/orgs/${org}` } };
      if (method === 'GET' && path === `/orgs/${org}/members`) {
        const role = query.get('role') ?? 'all';
        const list = state.members.filter((m) => m.active && (role !== 'admin' || m.admin));
        return paged(path, query, list, user);
      }
      if (method === 'GET' && path === `/orgs/${org}/repos`)
        return paged(path, query, state.repos, (r) => ({
          id: Number(r.id),
          node_id: `R_${r.id}`,
          name: r.name,
          full_name: `${org}/${r.name}`,
          private: true,
          owner: { login: org, id: 42, type: 'Organization' },
          html_url: `https://github.com/${org}/${r.name}`,
          description: r.description,
          fork: false,
          url: `${state.url}/repos/${org}/${r.name}`,
          created_at: TIME,
          updated_at: TIME,
        }));
      const collaborators = path.match(/^\/repos\/([^/]+)\/([^/]+)\/collaborators$/);
      if (method === 'GET' && collaborators) {
        const repo = state.repos.find((r) => r.name === collaborators[2]);
        if (!repo) return { status: 404, body: { message: 'Not Found' } };
        const list = repo.collaborators.map((id) => state.members.find((m) => m.id === id)!).filter(Boolean);
        return paged(path, query, list, (m) => ({
          ...user(m),
          permissions: { pull: true, push: true, admin: m.admin },
        }));
      }
      const removal = path.match(new RegExp(`^/orgs/${org}/members/([^/]+)$`));
      if (method === 'DELETE' && removal) {
        const member = state.members.find((m) => m.login === removal[1]);
        if (!member) return { status: 404, body: { message: 'Not Found' } };
        state.members = state.members.filter((m) => m !== member);
        state.removed.push(member.login);
        return { status: 204 };
      }
      return undefined;
    };
  },

  GITLAB: (state) => {
    const member = (m: FakeMember) => ({
      id: Number(m.id),
      username: m.login,
      name: m.name,
      state: m.active ? 'active' : 'blocked',
      avatar_url: null,
      web_url: `https://gitlab.example/${m.login}`,
      access_level: m.admin ? 50 : 30,
      created_at: TIME,
      expires_at: null,
    });
    /** GitLab's offset paging: X-Page, X-Per-Page, X-Next-Page, X-Total and a Link header. */
    const paged = <T>(
      path: string,
      query: URLSearchParams,
      items: readonly T[],
      map: (item: T) => unknown,
    ) => {
      const size = number(query.get('per_page'), 20);
      const page = number(query.get('page'), 1);
      const { items: slice, hasNext } = pageOf(items, page, size);
      const next = new URLSearchParams(query);
      next.set('page', String(page + 1));
      return {
        headers: {
          'x-page': String(page),
          'x-per-page': String(size),
          'x-next-page': hasNext ? String(page + 1) : '',
          'x-prev-page': page > 1 ? String(page - 1) : '',
          'x-total': String(items.length),
          'x-total-pages': String(Math.max(1, Math.ceil(items.length / size))),
          ...(hasNext && { link: `<${state.url}${path}?${next}>; rel="next"` }),
        },
        body: slice.map(map),
      };
    };
    return ({ method, path, query }) => {
      const group = `/api/v4/groups/${encodeURIComponent(state.path)}`;
      if (method === 'GET' && path === '/api/v4/user')
        return { body: { id: 1, username: 'backoffice-bot', name: 'Backoffice bot', state: 'active' } };
      if (method === 'GET' && path === group)
        return {
          body: {
            id: 7,
            name: 'Acme',
            path: state.path,
            full_path: state.path,
            web_url: `https://gitlab.example/${state.path}`,
          },
        };
      if (method === 'GET' && path === `${group}/members/all`)
        return paged(path, query, state.members, member);
      if (method === 'GET' && path === `${group}/projects`)
        return paged(path, query, state.repos, (r) => ({
          id: Number(r.id),
          name: r.name,
          path: r.name,
          path_with_namespace: `${state.path}/${r.name}`,
          web_url: `https://gitlab.example/${state.path}/${r.name}`,
          description: r.description,
          namespace: { id: 7, name: 'Acme', path: state.path, full_path: state.path, kind: 'group' },
          created_at: TIME,
          visibility: 'private',
        }));
      const projectMembers = path.match(/^\/api\/v4\/projects\/(\d+)\/members\/all$/);
      if (method === 'GET' && projectMembers) {
        const repo = state.repos.find((r) => r.id === projectMembers[1]);
        if (!repo) return { status: 404, body: { message: '404 Project Not Found' } };
        const list = repo.collaborators.map((id) => state.members.find((m) => m.id === id)!).filter(Boolean);
        return paged(path, query, list, member);
      }
      const removal = path.match(
        new RegExp(`^${group.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/members/(\\d+)$`),
      );
      if (method === 'DELETE' && removal) {
        const found = state.members.find((m) => m.id === removal[1]);
        if (!found) return { status: 404, body: { message: '404 Member Not Found' } };
        state.members = state.members.filter((m) => m !== found);
        state.removed.push(found.login);
        return { status: 204 };
      }
      return undefined;
    };
  },

  DISCORD: (state) => {
    return ({ method, path, query }) => {
      const guild = `/v10/guilds/${state.path}`;
      if (method === 'GET' && path === '/v10/users/@me')
        return {
          body: { id: '1', username: 'backoffice-bot', global_name: null, discriminator: '0', bot: true },
        };
      if (method === 'GET' && path === guild)
        return { body: { id: state.path, name: 'Acme', owner_id: '1', roles: [], mfa_level: 1 } };
      if (method === 'GET' && path === `${guild}/members`) {
        const limit = Math.min(1000, number(query.get('limit'), 1));
        const after = BigInt(query.get('after') ?? '0');
        const list = state.members.filter((m) => BigInt(m.id) > after).slice(0, limit);
        return {
          body: list.map((m) => ({
            user: { id: m.id, username: m.login, global_name: m.name, discriminator: '0', avatar: null },
            nick: null,
            roles: m.admin ? ['1'] : [],
            joined_at: TIME,
            deaf: false,
            mute: false,
          })),
        };
      }
      if (method === 'GET' && path === `${guild}/channels`)
        return {
          body: state.channels.map((c) => ({
            id: c.id,
            type: c.type,
            guild_id: state.path,
            name: c.name,
            position: c.position,
            parent_id: null,
          })),
        };
      const removal = path.match(new RegExp(`^${guild}/members/(\\d+)$`));
      if (method === 'DELETE' && removal) {
        const found = state.members.find((m) => m.id === removal[1]);
        if (!found) return { status: 404, body: { message: 'Unknown Member', code: 10007 } };
        state.members = state.members.filter((m) => m !== found);
        state.removed.push(found.login);
        return { status: 204 };
      }
      return undefined;
    };
  },

  SLACK: (state) => {
    return ({ method, path, body }) => {
      const form = new URLSearchParams(body);
      if (method === 'POST' && path === '/auth.test')
        return {
          body: {
            ok: true,
            url: 'https://acme.slack.com/',
            team: 'Acme',
            user: 'backoffice-bot',
            team_id: 'T0001',
            user_id: 'U0001',
          },
        };
      if (method === 'POST' && path === '/users.list') {
        const limit = number(form.get('limit'), 100);
        const start = Number(
          Buffer.from(form.get('cursor') ?? '', 'base64')
            .toString('utf8')
            .replace('user:', '') || 0,
        );
        const slice = state.members.slice(start, start + limit);
        const next =
          start + limit < state.members.length ? Buffer.from(`user:${start + limit}`).toString('base64') : '';
        return {
          body: {
            ok: true,
            members: slice.map((m) => ({
              id: m.id,
              team_id: 'T0001',
              name: m.login,
              deleted: !m.active,
              real_name: m.name,
              is_admin: m.admin,
              is_owner: false,
              is_bot: false,
              is_restricted: false,
              profile: { real_name: m.name, display_name: m.login, email: m.email },
            })),
            cache_ts: 1,
            response_metadata: { next_cursor: next },
          },
        };
      }
      if (method === 'POST' && path === '/admin.users.remove') {
        if (!state.slackEnterprise) return { body: { ok: false, error: 'not_allowed_token_type' } };
        const found = state.members.find((m) => m.id === form.get('user_id'));
        if (!found) return { body: { ok: false, error: 'user_not_found' } };
        state.members = state.members.filter((m) => m !== found);
        state.removed.push(found.login);
        return { body: { ok: true } };
      }
      return undefined;
    };
  },

  OUTLINE: (state) => {
    return ({ method, path, body }) => {
      const input = (body ? JSON.parse(body) : {}) as { offset?: number; limit?: number };
      if (method === 'POST' && path === '/api/auth.info')
        return {
          body: {
            data: {
              user: { id: 'u-bot', name: 'Backoffice bot', email: 'bot@acme.example' },
              team: { id: 't-1', name: 'Acme wiki' },
            },
          },
        };
      if (method === 'POST' && path === '/api/users.list') {
        const offset = input.offset ?? 0;
        const limit = input.limit ?? 25;
        return {
          body: {
            pagination: {
              offset,
              limit,
              nextPath: `/api/users.list?limit=${limit}&offset=${offset + limit}`,
            },
            data: state.members.slice(offset, offset + limit).map((m) => ({
              id: `0f3c${m.id.padStart(8, '0')}-0000-4000-8000-000000000000`,
              name: m.name,
              email: m.email,
              role: m.admin ? 'admin' : 'member',
              isSuspended: !m.active,
              createdAt: TIME,
            })),
          },
        };
      }
      return undefined;
    };
  },

  FIGMA: (state) => {
    return ({ method, path, query }) => {
      const team = `/v1/teams/${state.path}`;
      if (method === 'GET' && path === '/v1/me')
        return { body: { id: '1', handle: 'Backoffice bot', email: 'bot@acme.example', img_url: '' } };
      if (method === 'GET' && path === `${team}/projects`)
        return { body: { name: 'Acme design', projects: [] } };
      if (method === 'GET' && path === `${team}/members`) {
        const size = number(query.get('page_size'), 30);
        const start = Number(query.get('cursor') ?? 0);
        const slice = state.members.slice(start, start + size);
        return {
          body: {
            members: slice.map((m) => ({
              id: m.id,
              handle: m.name,
              email: m.email,
              img_url: '',
              role: m.admin ? 'admin' : 'editor',
            })),
            pagination: { next_cursor: start + size < state.members.length ? String(start + size) : null },
          },
        };
      }
      return undefined;
    };
  },
};
