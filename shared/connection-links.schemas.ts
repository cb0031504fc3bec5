import { Type, type Static, type TSchema } from 'typebox';
import { SearchText, Text, TEXT_MAX, Uuid } from './common.schemas.ts';
import {
  CONNECTION_PROVIDERS,
  OFFBOARDING_ACTIONS,
  OFFBOARDING_STATES,
  VCS_TYPES,
} from './connections.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';
import { ACTIVE_STATUSES } from './projects.schemas.ts';

/**
 * Issue 13, second slice: what the GitHub, GitLab, Discord, Slack, Outline and Figma syncs bring
 * back, as the project screens and the account boards use it — git repositories linked to
 * projects (spec: /projects/{id}/git-repositories …), accounts with our note and assignees
 * (/projects/{id}/git-accounts, /git-accounts/{id} …), Discord channels, Figma members.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Status = Type.Enum(ACTIVE_STATUSES);
const SyncStateEnum = Type.Enum(['NEVER', 'FRESH', 'STALE']);
const ConnectionRef = Type.Object({ id: Type.String(), name: Type.String(), syncState: SyncStateEnum });

export const AccessUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  displayName: Type.String(),
});

export const GitRepository = Type.Object({
  id: Type.String(),
  vcsType: Type.Enum(VCS_TYPES),
  name: Type.String(),
  fullName: Type.String(),
  url: Type.String(),
  description: Nullable(Type.String()),
  owner: Type.String(),
  /** When it was created at the provider. */
  createdAt: Nullable(Type.String()),
  /** The synced accounts with access to it. */
  accessUsers: Type.Array(AccessUser),
  connection: ConnectionRef,
  /** Gone at the provider since: kept, with its links. */
  removedAt: Nullable(Type.String()),
});
export type GitRepository = Static<typeof GitRepository>;

export const LinkedGitRepository = Type.Object({
  ...GitRepository.properties,
  status: Status,
  linkedAt: Type.String(),
  abilities: Type.Object({ changeStatus: Type.Boolean(), delete: Type.Boolean() }),
});
export type LinkedGitRepository = Static<typeof LinkedGitRepository>;
export const LinkedGitRepositoryList = Type.Object({
  items: Type.Array(LinkedGitRepository),
  abilities: Type.Object({ link: Type.Boolean() }),
});
export type LinkedGitRepositoryList = Static<typeof LinkedGitRepositoryList>;

export const GitRepositoriesByConnection = Type.Object({
  items: Type.Array(
    Type.Object({
      connection: ConnectionRef,
      gitRepositories: Type.Array(GitRepository),
      /** How many more match beyond those listed (search to narrow). */
      more: Type.Integer(),
    }),
  ),
});
export type GitRepositoriesByConnection = Static<typeof GitRepositoriesByConnection>;

export const GitRepositoryLinkBody = Type.Object(
  { gitRepositoryIds: Type.Array(Uuid, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
export type GitRepositoryLinkBody = Static<typeof GitRepositoryLinkBody>;
export const GitRepositoryLinkParams = Type.Object({ id: Uuid, repoId: Uuid });
export type GitRepositoryLinkParams = Static<typeof GitRepositoryLinkParams>;

export const ProviderAccount = Type.Object({
  id: Type.String(),
  provider: Type.Enum(CONNECTION_PROVIDERS),
  /** The provider's id (a Discord id, a GitHub user id …). */
  externalId: Type.String(),
  username: Type.String(),
  displayName: Type.String(),
  email: Nullable(Type.String()),
  role: Nullable(Type.String()),
  active: Type.Boolean(),
  connection: Type.Object({ id: Type.String(), name: Type.String() }),
  note: Nullable(Type.String()),
  assignees: Type.Array(
    Type.Object({
      id: Type.String(),
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
    }),
  ),
  removedAt: Nullable(Type.String()),
  abilities: Type.Object({ edit: Type.Boolean() }),
});
export type ProviderAccount = Static<typeof ProviderAccount>;
export const ProviderAccountPage = Paged(ProviderAccount);
export type ProviderAccountPage = Static<typeof ProviderAccountPage>;

export const ProviderAccountQuery = Type.Object(
  {
    search: Type.Optional(SearchText()),
    includeRemoved: Type.Optional(Type.Boolean()),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type ProviderAccountQuery = Static<typeof ProviderAccountQuery>;

export const ProviderAccountNoteBody = Type.Object(
  { note: Nullable(Text(TEXT_MAX)) },
  { additionalProperties: false },
);
export type ProviderAccountNoteBody = Static<typeof ProviderAccountNoteBody>;
/** The people who use this account: the list replaces the one before. */
export const ProviderAccountAssigneesBody = Type.Object(
  { userIds: Type.Array(Uuid, { maxItems: 50 }) },
  { additionalProperties: false },
);
export type ProviderAccountAssigneesBody = Static<typeof ProviderAccountAssigneesBody>;

export const DiscordChannel = Type.Object({
  id: Type.String(),
  /** Discord's id of the channel. */
  externalId: Type.String(),
  name: Type.String(),
  /** Discord's channel type (0 text, 2 voice, 4 category, …). */
  type: Type.Integer(),
  connection: Type.Object({ id: Type.String(), name: Type.String() }),
});
export type DiscordChannel = Static<typeof DiscordChannel>;
export const DiscordChannelList = Type.Object({ items: Type.Array(DiscordChannel) });
export type DiscordChannelList = Static<typeof DiscordChannelList>;

/** One account of a deactivated person: what to do, and what came of it. */
export const OffboardingItem = Type.Object({
  id: Type.String(),
  provider: Type.Enum(CONNECTION_PROVIDERS),
  account: Type.String(),
  connection: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  action: Type.Enum(OFFBOARDING_ACTIONS),
  state: Type.Enum(OFFBOARDING_STATES),
  /** DONE, the provider's refusal code, CLOSED_BY_HAND, or a ProviderError code. */
  resultCode: Nullable(Type.String()),
  resultDetail: Nullable(Type.String()),
  attemptedAt: Nullable(Type.String()),
  closedAt: Nullable(Type.String()),
  abilities: Type.Object({ perform: Type.Boolean(), close: Type.Boolean() }),
});
export type OffboardingItem = Static<typeof OffboardingItem>;
export const OffboardingChecklist = Type.Object({
  items: Type.Array(OffboardingItem),
  open: Type.Integer(),
});
export type OffboardingChecklist = Static<typeof OffboardingChecklist>;
