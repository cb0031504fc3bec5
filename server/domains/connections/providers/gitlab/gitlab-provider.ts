import { storeAccountsSnapshot, type AccountData, type AccountsSnapshot } from '../accounts-snapshot.ts';
import { mapLimit } from '../map-limit.ts';
import type { ProviderModule } from '../provider.ts';
import {
  gitlabClient,
  gitlabGroup,
  gitlabGroupMembers,
  gitlabMe,
  gitlabProjectMembers,
  gitlabProjects,
  gitlabRemoveMember,
  type GitlabMember,
} from './gitlab-client.ts';

/**
 * GitLab as a connection (the path is the group, e.g. `acme` or `acme/web`): a sync reads the
 * group's members (inherited ones too), its projects with subgroups, and each project's members
 * (a project member outside the group becomes an account too); offboarding removes the member from the group.
 */

const PARALLEL = 4;
/** GitLab's access levels, by name. */
const LEVELS: Record<number, string> = {
  5: 'minimal access',
  10: 'guest',
  15: 'planner',
  20: 'reporter',
  30: 'developer',
  40: 'maintainer',
  50: 'owner',
};

const account = (member: GitlabMember, role: string | null): AccountData => ({
  externalId: String(member.id),
  username: member.username,
  displayName: member.name || member.username,
  email: member.email ?? null,
  role,
  active: member.state ? member.state === 'active' : true,
});

export const gitlabProvider: ProviderModule<AccountsSnapshot> = {
  async test(credentials, policy) {
    const client = gitlabClient(credentials);
    const account = await gitlabMe(client, policy);
    await gitlabGroup(client, policy, credentials.path);
    return { account };
  },

  async fetch(_ctx, _connectionId, credentials, policy) {
    const client = gitlabClient(credentials);
    const members = await gitlabGroupMembers(client, policy, credentials.path);
    const projects = await gitlabProjects(client, policy, credentials.path);
    const projectMembers = await mapLimit(projects, PARALLEL, (project) =>
      gitlabProjectMembers(client, policy, project.id),
    );
    return {
      accounts: [
        ...members.map((m) => account(m, LEVELS[m.access_level ?? -1] ?? null)),
        ...projectMembers.flat().map((m) => account(m, 'project member')),
      ],
      repositories: projects.map((project, i) => ({
        externalId: String(project.id),
        vcsType: 'GITLAB' as const,
        name: project.name,
        fullName: project.path_with_namespace,
        url: project.web_url,
        description: project.description || null,
        owner: project.namespace?.full_path ?? project.path_with_namespace.split('/').slice(0, -1).join('/'),
        createdAt: project.created_at ?? null,
        collaborators: projectMembers[i]!.map((m) => String(m.id)),
      })),
    };
  },

  store: storeAccountsSnapshot,

  async removeMember(credentials, policy, member) {
    await gitlabRemoveMember(gitlabClient(credentials), policy, credentials.path, Number(member.externalId));
    return 'DONE';
  },
};
