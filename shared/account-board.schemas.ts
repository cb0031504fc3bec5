import { Type, type Static, type TSchema } from 'typebox';
import { SearchText, Uuid } from './common.schemas.ts';
import { CONNECTION_PROVIDERS } from './connections.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';

/**
 * Issue 13, the account boards: every account the company has at its connected providers (Jira
 * accounts and the synced accounts of the others, in one list), who uses each, and the open
 * offboarding checklists. "Who has access to what" is the same list filtered by one person.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Which table an account lives in: its note and assignees are written through that table's calls. */
export const BOARD_ACCOUNT_SOURCES = ['JIRA', 'PROVIDER'] as const;

export const BoardAccount = Type.Object({
  id: Type.String(),
  source: Type.Enum(BOARD_ACCOUNT_SOURCES),
  provider: Type.Enum(CONNECTION_PROVIDERS),
  /** The provider's id of the account (a Discord id, a GitHub user id, a Jira account id …). */
  externalId: Type.String(),
  username: Nullable(Type.String()),
  displayName: Type.String(),
  email: Nullable(Type.String()),
  active: Type.Boolean(),
  connection: Type.Object({ id: Type.String(), name: Type.String() }),
  note: Nullable(Type.String()),
  assignees: Type.Array(
    Type.Object({
      id: Type.String(),
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
      status: Type.String(),
    }),
  ),
  removedAt: Nullable(Type.String()),
  abilities: Type.Object({ edit: Type.Boolean() }),
});
export type BoardAccount = Static<typeof BoardAccount>;
export const BoardAccountPage = Paged(BoardAccount);
export type BoardAccountPage = Static<typeof BoardAccountPage>;

export const BoardAccountQuery = Type.Object(
  {
    provider: Type.Optional(Type.Enum(CONNECTION_PROVIDERS)),
    /** Accounts this person uses (the per-person "who has access to what" view). */
    userId: Type.Optional(Uuid),
    /** Accounts used by the project's active members. */
    projectId: Type.Optional(Uuid),
    /** The accounts one connection synced (its detail page). */
    connectionId: Type.Optional(Uuid),
    /** Only accounts nobody is assigned to. */
    unassigned: Type.Optional(Type.Boolean()),
    search: Type.Optional(SearchText()),
    includeRemoved: Type.Optional(Type.Boolean()),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type BoardAccountQuery = Static<typeof BoardAccountQuery>;

/** One linked account of the signed-in person, or the provider they have none at yet. */
export const MyConnectedAccounts = Type.Object({
  /** The Discord id on the person's profile (the chat-account rule reads it). */
  discordAccountId: Nullable(Type.String()),
  accounts: Type.Array(
    Type.Object({
      provider: Type.Enum(CONNECTION_PROVIDERS),
      externalId: Type.String(),
      username: Nullable(Type.String()),
      displayName: Type.String(),
      email: Nullable(Type.String()),
      connectionName: Type.String(),
    }),
  ),
});
export type MyConnectedAccounts = Static<typeof MyConnectedAccounts>;

/** A deactivated person whose checklist still has open items. */
export const OpenOffboarding = Type.Object({
  user: Type.Object({
    id: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
  }),
  open: Type.Integer(),
  total: Type.Integer(),
  openedAt: Type.String(),
});
export type OpenOffboarding = Static<typeof OpenOffboarding>;
export const OpenOffboardingPage = Paged(OpenOffboarding);
export type OpenOffboardingPage = Static<typeof OpenOffboardingPage>;
export const OpenOffboardingQuery = Type.Object({ ...PageQueryFields }, { additionalProperties: false });
export type OpenOffboardingQuery = Static<typeof OpenOffboardingQuery>;
