import { storeAccountsSnapshot, type AccountsSnapshot } from '../accounts-snapshot.ts';
import { callProvider, ProviderError, type HttpPolicy } from '../provider-http.ts';
import type { ProviderCredentials, ProviderModule } from '../provider.ts';
import { passThrough, requestJson } from '../rest-json.ts';

/**
 * Outline (the wiki) over its REST API, which is RPC-style: every call a POST of JSON with a
 * bearer token to `<base>/api/<method>`. The test reads auth.info; a sync reads users.list by
 * offset pages (suspended users are kept, inactive). No removal call: offboarding is by hand.
 */

const PAGE = 100;
const MAX_PAGES = 1000;

interface OutlineUser {
  id: string;
  name: string;
  email?: string | null;
  role?: string;
  isSuspended?: boolean;
}

function post<T>(credentials: ProviderCredentials, policy: HttpPolicy, method: string, body: object) {
  return callProvider(policy, passThrough, () =>
    requestJson<{ data: T }>(`${credentials.baseUrl}/api/${method}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${credentials.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
    }),
  );
}

export const outlineProvider: ProviderModule<AccountsSnapshot> = {
  async test(credentials, policy) {
    const { data } = await post<{ user?: { name?: string }; team?: { name?: string } }>(
      credentials,
      policy,
      'auth.info',
      {},
    );
    if (!data?.user) throw new ProviderError('BAD_RESPONSE', 'no user');
    return { account: `${data.user.name ?? ''} @ ${data.team?.name ?? ''}` };
  },

  async fetch(_ctx, _connectionId, credentials, policy) {
    const users: OutlineUser[] = [];
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) throw new ProviderError('BAD_RESPONSE', 'too many pages');
      const { data } = await post<OutlineUser[]>(credentials, policy, 'users.list', {
        offset: page * PAGE,
        limit: PAGE,
        filter: 'all',
      });
      if (!Array.isArray(data)) throw new ProviderError('BAD_RESPONSE', 'no list');
      users.push(...data);
      if (data.length < PAGE) break;
    }
    return {
      accounts: users.map((user) => ({
        externalId: user.id,
        username: user.email?.toLowerCase() || user.name,
        displayName: user.name,
        email: user.email?.toLowerCase() ?? null,
        role: user.role ?? null,
        active: !user.isSuspended,
      })),
    };
  },

  store: storeAccountsSnapshot,
};
