import type { ProviderModule } from '../provider.ts';
import { storeAccountsSnapshot, type AccountData, type AccountsSnapshot } from '../accounts-snapshot.ts';
import { mapLimit } from '../map-limit.ts';
import {
  githubClient,
  githubCollaborators,
  githubMe,
  githubMembers,
  githubOrg,
  githubRemoveMember,
  githubRepos,
  type GithubUser,
} from './github-client.ts';

/**
 * GitHub as a connection (the path is the organisation): the test asks whom the token belongs to
 * and reads the organisation; a sync reads the members (admins marked), every repository and its
 * collaborators (outside collaborators become accounts too: they have access); offboarding removes
 * a member from the organisation.
 */

/** Collaborator lists read at once: a few, so a big organisation is quick but GitHub is not flooded. */
const PARALLEL = 4;

const account = (user: GithubUser, role: string): AccountData => ({
  externalId: String(user.id),
  username: user.login,
  displayName: user.name || user.login,
  email: user.email ?? null,
  role,
  active: true,
});

export const githubProvider: ProviderModule<AccountsSnapshot> = {
  async test(credentials, policy) {
    const client = githubClient(credentials);
    const account = await githubMe(client, policy);
    await githubOrg(client, policy, credentials.path);
    return { account };
  },

  async fetch(_ctx, _connectionId, credentials, policy) {
    const client = githubClient(credentials);
    const org = credentials.path;
    const members = await githubMembers(client, policy, org, 'all');
    const admins = new Set((await githubMembers(client, policy, org, 'admin')).map((u) => u.id));
    const repos = await githubRepos(client, policy, org);
    const collaborators = await mapLimit(repos, PARALLEL, (repo) =>
      githubCollaborators(client, policy, repo.owner.login, repo.name),
    );
    const memberIds = new Set(members.map((m) => m.id));
    const outside = collaborators.flat().filter((user) => !memberIds.has(user.id));
    return {
      accounts: [
        ...members.map((user) => account(user, admins.has(user.id) ? 'admin' : 'member')),
        ...outside.map((user) => account(user, 'outside collaborator')),
      ],
      repositories: repos.map((repo, i) => ({
        externalId: String(repo.id),
        vcsType: 'GITHUB' as const,
        name: repo.name,
        fullName: repo.full_name,
        url: repo.html_url,
        description: repo.description ?? null,
        owner: repo.owner.login,
        createdAt: repo.created_at ?? null,
        collaborators: collaborators[i]!.map((user) => String(user.id)),
      })),
    };
  },

  store: storeAccountsSnapshot,

  async removeMember(credentials, policy, member) {
    await githubRemoveMember(githubClient(credentials), policy, credentials.path, member.username);
    return 'DONE';
  },
};
