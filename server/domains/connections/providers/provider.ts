import type { SyncCounts } from '../../../../shared/connections.schemas.ts';
import type { ServiceContext } from '../../../core/context.ts';
import type { HttpPolicy } from './provider-http.ts';

/**
 * What a provider module offers the connections core. The core does the rest the same way for
 * every provider: credentials and their encryption, the run log, one run at a time, stale data,
 * audit. A new provider (GitHub, GitLab, Slack …) is one module implementing this, registered in
 * ./index.ts, with its provider added to AVAILABLE_PROVIDERS in shared/connections.schemas.ts.
 */

export interface ProviderCredentials {
  /** Normalised: scheme and host in lower case, no trailing slash. */
  baseUrl: string;
  path: string;
  /** Providers that authenticate an account with a token (Jira Cloud): the account's email. */
  email: string | null;
  token: string;
}

export interface ProviderModule<Snapshot = unknown> {
  /** A cheap authenticated call: whom the token belongs to, or a ProviderError. */
  test(credentials: ProviderCredentials, policy: HttpPolicy): Promise<{ account: string }>;
  /**
   * Reads everything a sync keeps. Runs outside any transaction (the calls may take seconds); it
   * may read the database (which projects are linked) through `ctx`.
   */
  fetch(
    ctx: ServiceContext,
    connectionId: string,
    credentials: ProviderCredentials,
    policy: HttpPolicy,
  ): Promise<Snapshot>;
  /**
   * Writes what `fetch` read, in the caller's transaction: upserts that change only what changed
   * (a second run with the same data changes nothing), and what is gone upstream marked removed.
   */
  store(tx: ServiceContext, connectionId: string, snapshot: Snapshot): Promise<SyncCounts>;
  /**
   * Offboarding: removes an account from the organisation, group, workspace or server. Answers
   * MANUAL when the token may not (a Slack workspace without the admin API); a refusal is a
   * ProviderError. Providers without such a call leave it out: their items are done by hand.
   */
  removeMember?(
    credentials: ProviderCredentials,
    policy: HttpPolicy,
    account: { externalId: string; username: string },
  ): Promise<'DONE' | 'MANUAL'>;
}
