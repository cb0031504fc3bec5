import { storeAccountsSnapshot, type AccountsSnapshot } from '../accounts-snapshot.ts';
import { callProvider, ProviderError, type HttpPolicy } from '../provider-http.ts';
import type { ProviderCredentials, ProviderModule } from '../provider.ts';
import { passThrough, requestJson } from '../rest-json.ts';

/**
 * Figma over its REST API (the spec's Figma connection: a token and a team ID, the team being the
 * path). The token goes in X-Figma-Token. The test reads /v1/me and the team's projects (the token
 * reaches the team); a sync reads the team's members, by cursor pages. Figma documents no member
 * removal for teams: offboarding is by hand.
 */

const PAGE = 100;
const MAX_PAGES = 1000;

interface FigmaUser {
  id: string;
  handle: string;
  email?: string | null;
  role?: string;
}

interface FigmaMembersPage {
  members?: FigmaUser[];
  pagination?: { next_cursor?: string | null };
}

function get<T>(credentials: ProviderCredentials, policy: HttpPolicy, path: string) {
  return callProvider(policy, passThrough, () =>
    requestJson<T>(`${credentials.baseUrl}${path}`, {
      headers: { 'x-figma-token': credentials.token, accept: 'application/json' },
    }),
  );
}

const team = (credentials: ProviderCredentials) => encodeURIComponent(credentials.path);

export const figmaProvider: ProviderModule<AccountsSnapshot> = {
  async test(credentials, policy) {
    const me = await get<{ handle?: string; email?: string }>(credentials, policy, '/v1/me');
    const projects = await get<{ name?: string }>(
      credentials,
      policy,
      `/v1/teams/${team(credentials)}/projects`,
    );
    return { account: `${me.handle ?? me.email ?? ''} @ ${projects.name ?? credentials.path}` };
  },

  async fetch(_ctx, _connectionId, credentials, policy) {
    const members: FigmaUser[] = [];
    let cursor: string | null = null;
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) throw new ProviderError('BAD_RESPONSE', 'too many pages');
      const query: URLSearchParams = new URLSearchParams({
        page_size: String(PAGE),
        ...(cursor && { cursor }),
      });
      const answer: FigmaMembersPage = await get<FigmaMembersPage>(
        credentials,
        policy,
        `/v1/teams/${team(credentials)}/members?${query}`,
      );
      if (!Array.isArray(answer.members)) throw new ProviderError('BAD_RESPONSE', 'no list');
      members.push(...answer.members);
      cursor = answer.pagination?.next_cursor || null;
      if (!cursor) break;
    }
    return {
      accounts: members.map((user) => ({
        externalId: user.id,
        username: user.handle,
        displayName: user.handle,
        email: user.email?.toLowerCase() ?? null,
        role: user.role ?? null,
        active: true,
      })),
    };
  },

  store: storeAccountsSnapshot,
};
