import type { SyncCounts, VcsType } from '../../../../shared/connections.schemas.ts';
import type { ServiceContext } from '../../../core/context.ts';
import * as repo from './accounts-sync.repository.ts';

/**
 * What the syncs of GitHub, GitLab, Discord, Slack, Outline and Figma bring back, in one shape:
 * the accounts (members, collaborators), and per provider the repositories with who has access,
 * or the channels. One store for all of them, so every provider gets the same guarantees: bulk
 * upserts that write only what changed (a second run changes nothing), what is gone upstream
 * marked removed (never deleted), our notes and assignees never touched.
 */

export interface AccountData {
  externalId: string;
  username: string;
  displayName: string;
  email: string | null;
  role: string | null;
  active: boolean;
}

export interface RepositoryData {
  externalId: string;
  vcsType: VcsType;
  name: string;
  fullName: string;
  url: string;
  description: string | null;
  owner: string;
  createdAt: string | null;
  /** AccountData.externalId of each account with access. */
  collaborators: string[];
}

export interface ChannelData {
  externalId: string;
  name: string;
  type: number;
  position: number;
}

export interface AccountsSnapshot {
  accounts: AccountData[];
  repositories?: RepositoryData[];
  channels?: ChannelData[];
}

/** Accounts listed twice (a member who is also a collaborator) once, the first listing winning. */
export function uniqueAccounts(accounts: readonly AccountData[]): AccountData[] {
  const seen = new Map<string, AccountData>();
  for (const account of accounts) if (!seen.has(account.externalId)) seen.set(account.externalId, account);
  return [...seen.values()];
}

export async function storeAccountsSnapshot(
  tx: ServiceContext,
  connectionId: string,
  snapshot: AccountsSnapshot,
): Promise<SyncCounts> {
  const accounts = uniqueAccounts(snapshot.accounts);
  const counts: SyncCounts = {
    accounts: {
      seen: accounts.length,
      ...(await repo.upsertAccounts(tx.db, connectionId, accounts)),
      removed: await repo.markRemoved(
        tx.db,
        'provider_accounts',
        connectionId,
        accounts.map((a) => a.externalId),
      ),
    },
  };
  if (snapshot.repositories) {
    const repositories = snapshot.repositories.map((r) => ({
      ...r,
      collaborators: [...new Set(r.collaborators)].sort(),
    }));
    counts.repositories = {
      seen: repositories.length,
      ...(await repo.upsertRepositories(tx.db, connectionId, repositories)),
      removed: await repo.markRemoved(
        tx.db,
        'git_repositories',
        connectionId,
        repositories.map((r) => r.externalId),
      ),
    };
  }
  if (snapshot.channels) {
    counts.channels = {
      seen: snapshot.channels.length,
      ...(await repo.upsertChannels(tx.db, connectionId, snapshot.channels)),
      removed: await repo.markRemoved(
        tx.db,
        'discord_channels',
        connectionId,
        snapshot.channels.map((c) => c.externalId),
      ),
    };
  }
  return counts;
}
