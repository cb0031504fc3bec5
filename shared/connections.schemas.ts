import { Type, type Static, type TSchema } from 'typebox';
import { Email, Name, SearchText, Secret, Text, TEXT_DEFAULT, TEXT_MAX, Uuid } from './common.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';
import { ACTIVE_STATUSES } from './projects.schemas.ts';

/**
 * Third-party connections (issue 13): the company's accounts at other services, what a sync brings
 * back from them, and the links of projects to what was synced. The catalogue below names every
 * provider of the spec; a provider is offered once its module exists on the server
 * (`server/domains/connections/providers/`): adding one is a line in AVAILABLE_PROVIDERS and its module.
 */

export const CONNECTION_CATEGORIES = [
  'VERSION_CONTROL',
  'PROJECT_MANAGEMENT',
  'COMMUNICATION',
  'VPN',
  'OUTLINE',
  'DESIGN',
] as const;
export type ConnectionCategory = (typeof CONNECTION_CATEGORIES)[number];

export const CONNECTION_KINDS = ['THIRD_PARTY_CONNECTIONS', 'CLOUD_SERVICE_ROLES'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

export const CONNECTION_PROVIDERS = [
  'GITHUB',
  'GITLAB',
  'JIRA',
  'DISCORD',
  'SLACK',
  'OUTLINE',
  'FIGMA',
] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

/** How a provider authenticates: an account's email with an API token, or a token alone. */
export type ProviderAuth = 'EMAIL_AND_TOKEN' | 'TOKEN';

/** What the spec says of each provider; the path names the provider's own word for it. */
export const PROVIDER_CATALOGUE: Record<
  ConnectionProvider,
  {
    /** The service's own name (the same in every language). */
    label: string;
    category: ConnectionCategory;
    kind: ConnectionKind;
    auth: ProviderAuth;
    /** A base URL to start from (each connection may name its own, e.g. a self-hosted server). */
    defaultBaseUrl: string | null;
    path: 'organisation' | 'group' | 'site' | 'workspace' | 'team';
  }
> = {
  GITHUB: {
    label: 'GitHub',
    category: 'VERSION_CONTROL',
    kind: 'THIRD_PARTY_CONNECTIONS',
    auth: 'TOKEN',
    defaultBaseUrl: 'https://api.github.com',
    path: 'organisation',
  },
  GITLAB: {
    label: 'GitLab',
    category: 'VERSION_CONTROL',
    kind: 'THIRD_PARTY_CONNECTIONS',
    auth: 'TOKEN',
    defaultBaseUrl: 'https://gitlab.com',
    path: 'group',
  },
  JIRA: {
    label: 'Jira',
    category: 'PROJECT_MANAGEMENT',
    kind: 'THIRD_PARTY_CONNECTIONS',
    auth: 'EMAIL_AND_TOKEN',
    defaultBaseUrl: null,
    path: 'site',
  },
  DISCORD: {
    label: 'Discord',
    category: 'COMMUNICATION',
    kind: 'THIRD_PARTY_CONNECTIONS',
    auth: 'TOKEN',
    defaultBaseUrl: 'https://discord.com/api',
    path: 'workspace',
  },
  SLACK: {
    label: 'Slack',
    category: 'COMMUNICATION',
    kind: 'THIRD_PARTY_CONNECTIONS',
    auth: 'TOKEN',
    defaultBaseUrl: 'https://slack.com/api',
    path: 'workspace',
  },
  OUTLINE: {
    label: 'Outline',
    category: 'OUTLINE',
    kind: 'THIRD_PARTY_CONNECTIONS',
    auth: 'TOKEN',
    defaultBaseUrl: null,
    path: 'workspace',
  },
  // The spec's Figma connection: a token and a team ID (the team is the path).
  FIGMA: {
    label: 'Figma',
    category: 'DESIGN',
    kind: 'THIRD_PARTY_CONNECTIONS',
    auth: 'TOKEN',
    defaultBaseUrl: 'https://api.figma.com',
    path: 'team',
  },
};

/** The providers whose module exists: the only ones a connection may be made for. */
// Jira first: the connect dialog preselects the first one (as it did when Jira was the only one).
export const AVAILABLE_PROVIDERS = [
  'JIRA',
  'GITHUB',
  'GITLAB',
  'DISCORD',
  'SLACK',
  'OUTLINE',
  'FIGMA',
] as const satisfies readonly ConnectionProvider[];
export type AvailableProvider = (typeof AVAILABLE_PROVIDERS)[number];

/** Issue-tracker projects come from these management tools (only Jira is synced so far). */
export const MANAGEMENT_TOOLS = ['JIRA', 'TRELLO', 'CLICKUP', 'LINEAR'] as const;
export type ManagementTool = (typeof MANAGEMENT_TOOLS)[number];

/** Where a git repository lives (Bitbucket repositories are listed, not synced: no connection yet). */
export const VCS_TYPES = ['GITHUB', 'GITLAB', 'BITBUCKET'] as const;
export type VcsType = (typeof VCS_TYPES)[number];

export const CLOUD_SERVICES = ['AWS', 'AZURE'] as const;
export type CloudService = (typeof CLOUD_SERVICES)[number];
export const CLOUD_ROLES = [
  'ADMINISTRATOR',
  'POWER_USER',
  'SECURITY_AUDITOR',
  'VIEWER',
  'DEVELOPER',
] as const;
export type CloudRole = (typeof CLOUD_ROLES)[number];
export const SERVICE_ROLE_COLORS = ['RED', 'BLUE', 'GREEN', 'ORANGE', 'GRAY', 'PURPLE'] as const;
export type ServiceRoleColor = (typeof SERVICE_ROLE_COLORS)[number];

/**
 * What an offboarding item asks: removal through the provider's API (GitHub organisation, GitLab
 * group, Slack workspace, Discord server), or by hand where no API removal exists (Jira, Outline, Figma).
 */
export const OFFBOARDING_ACTIONS = ['REMOVE_VIA_API', 'REMOVE_MANUALLY'] as const;
export type OffboardingAction = (typeof OFFBOARDING_ACTIONS)[number];
/** OPEN: not tried; MANUAL: to be done by hand (the token may not); FAILED: tried, refused; DONE: closed. */
export const OFFBOARDING_STATES = ['OPEN', 'MANUAL', 'FAILED', 'DONE'] as const;
export type OffboardingState = (typeof OFFBOARDING_STATES)[number];

export const SYNC_TRIGGERS = ['MANUAL', 'SCHEDULE', 'CLI'] as const;
export type SyncTrigger = (typeof SYNC_TRIGGERS)[number];
export const SYNC_STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/**
 * Why a call to a provider failed, kept on a failed run and shown translated
 * (`connections:providerError.<code>`). Never the provider's own text: it may quote what we sent.
 */
export const PROVIDER_ERRORS = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'TIMEOUT',
  'UNREACHABLE',
  'BAD_RESPONSE',
  'FAILED',
  /** A run that a stopped process left unfinished. */
  'INTERRUPTED',
  /** The stored token cannot be read with the current CONNECTIONS_KEY: enter it again. */
  'TOKEN_UNREADABLE',
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERRORS)[number];

/** A successful sync older than this is shown as stale (the schedule runs hourly). */
export const STALE_AFTER_MINUTES = 180;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Status = Type.Enum(ACTIVE_STATUSES);

// ---- Connections ------------------------------------------------------------------------------------

/** The address of the provider's API (a Jira site: https://acme.atlassian.net); checked by the service. */
const BaseUrl = Type.String({ minLength: 1, maxLength: 500 });
const credentials = {
  provider: Type.Enum(AVAILABLE_PROVIDERS),
  baseUrl: BaseUrl,
  /** The organisation, group, site or workspace at the provider (free text, may be empty). */
  path: Type.Optional(Text(TEXT_DEFAULT)),
  /** Jira: the email of the account the API token belongs to (unset: the token is a bearer token). */
  email: Type.Optional(Nullable(Email)),
  apiToken: Secret(2000),
};

/** What the test call checks: the provider answers these credentials (the connect form as typed; the name is not used). */
export const ConnectionTestBody = Type.Object(
  { name: Type.Optional(Name(TEXT_DEFAULT)), ...credentials },
  { additionalProperties: false },
);
export type ConnectionTestBody = Static<typeof ConnectionTestBody>;

export const ConnectionBody = Type.Object(
  { name: Name(TEXT_DEFAULT), ...credentials },
  { additionalProperties: false },
);
export type ConnectionBody = Static<typeof ConnectionBody>;

/** A change: the name and path; a new address, email or token is tested before it is kept. */
export const ConnectionUpdateBody = Type.Object(
  {
    name: Type.Optional(Name(TEXT_DEFAULT)),
    baseUrl: Type.Optional(BaseUrl),
    path: Type.Optional(Text(TEXT_DEFAULT)),
    email: Type.Optional(Nullable(Email)),
    apiToken: Type.Optional(Secret(2000)),
  },
  { additionalProperties: false },
);
export type ConnectionUpdateBody = Static<typeof ConnectionUpdateBody>;

export const ConnectionStatusBody = Type.Object({ status: Status }, { additionalProperties: false });
export type ConnectionStatusBody = Static<typeof ConnectionStatusBody>;

export const ConnectionTestResult = Type.Object({
  ok: Type.Literal(true),
  /** Whom the provider says the token belongs to. */
  account: Type.String(),
});
export type ConnectionTestResult = Static<typeof ConnectionTestResult>;

export const SyncCounts = Type.Record(
  Type.String(),
  Type.Object({
    seen: Type.Integer(),
    added: Type.Integer(),
    changed: Type.Integer(),
    removed: Type.Integer(),
  }),
);
export type SyncCounts = Static<typeof SyncCounts>;

export const SyncRun = Type.Object({
  id: Type.String(),
  connectionId: Type.String(),
  trigger: Type.Enum(SYNC_TRIGGERS),
  status: Type.Enum(SYNC_STATUSES),
  startedAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  startedBy: Type.String(),
  counts: Nullable(SyncCounts),
  errorCode: Nullable(Type.Enum(PROVIDER_ERRORS)),
  /** The HTTP status or the like, never the provider's text. */
  errorDetail: Nullable(Type.String()),
});
export type SyncRun = Static<typeof SyncRun>;
export const SyncRunPage = Paged(SyncRun);
export type SyncRunPage = Static<typeof SyncRunPage>;

export const Connection = Type.Object({
  id: Type.String(),
  name: Type.String(),
  provider: Type.Enum(CONNECTION_PROVIDERS),
  category: Type.Enum(CONNECTION_CATEGORIES),
  kind: Type.Enum(CONNECTION_KINDS),
  baseUrl: Type.String(),
  path: Type.String(),
  email: Nullable(Type.String()),
  /** The token is never sent back: its last four characters, behind dots. */
  maskedToken: Type.String(),
  status: Status,
  connectedAt: Type.String(),
  lastSync: Nullable(SyncRun),
  /** When the data last came back whole. */
  lastSucceededAt: Nullable(Type.String()),
  /** NEVER: not synced yet; FRESH; STALE: the last run failed, or the data is older than three hours. */
  syncState: Type.Enum(['NEVER', 'FRESH', 'STALE']),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: Type.Object({
    edit: Type.Boolean(),
    changeStatus: Type.Boolean(),
    delete: Type.Boolean(),
    sync: Type.Boolean(),
  }),
});
export type Connection = Static<typeof Connection>;
export const ConnectionPage = Paged(Connection);
export type ConnectionPage = Static<typeof ConnectionPage>;

export const ConnectionDetail = Type.Object({
  ...Connection.properties,
  counts: Type.Object({
    jiraProjects: Type.Integer(),
    jiraAccounts: Type.Integer(),
    jiraIssues: Type.Integer(),
    /** Projects linked to this connection's Jira projects or repositories. */
    linkedProjects: Type.Integer(),
    /** The other providers: git repositories, accounts (members), Discord channels. */
    repositories: Type.Integer(),
    accounts: Type.Integer(),
    channels: Type.Integer(),
  }),
});
export type ConnectionDetail = Static<typeof ConnectionDetail>;

export const ConnectionQuery = Type.Object(
  {
    search: Type.Optional(SearchText()),
    provider: Type.Optional(Type.Enum(CONNECTION_PROVIDERS)),
    status: Type.Optional(Status),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type ConnectionQuery = Static<typeof ConnectionQuery>;

/** A page of a connection's synced records (Jira projects, accounts, sync runs). */
export const SyncedQuery = Type.Object(
  {
    search: Type.Optional(SearchText()),
    includeRemoved: Type.Optional(Type.Boolean()),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type SyncedQuery = Static<typeof SyncedQuery>;

// ---- Jira projects and accounts ---------------------------------------------------------------------

const Ref = Type.Object({ id: Type.String(), name: Type.String() });

export const JiraProject = Type.Object({
  id: Type.String(),
  managementTool: Type.Enum(MANAGEMENT_TOOLS),
  key: Type.String(),
  name: Type.String(),
  /** The connection (the spec's "account") it came from. */
  connection: Type.Object({ ...Ref.properties, syncState: Type.Enum(['NEVER', 'FRESH', 'STALE']) }),
  totalIssues: Type.Integer(),
  lead: Nullable(Type.String()),
  /** Gone at the provider since: kept, not deleted (links and work logs may name it). */
  removedAt: Nullable(Type.String()),
});
export type JiraProject = Static<typeof JiraProject>;
export const JiraProjectPage = Paged(JiraProject);
export type JiraProjectPage = Static<typeof JiraProjectPage>;

export const LinkedJiraProject = Type.Object({
  ...JiraProject.properties,
  /** The link's own status: an inactive link keeps the project but offers no tasks to work logs. */
  status: Status,
  linkedAt: Type.String(),
  abilities: Type.Object({ changeStatus: Type.Boolean(), delete: Type.Boolean() }),
});
export type LinkedJiraProject = Static<typeof LinkedJiraProject>;
export const LinkedJiraProjectList = Type.Object({
  items: Type.Array(LinkedJiraProject),
  abilities: Type.Object({ link: Type.Boolean() }),
});
export type LinkedJiraProjectList = Static<typeof LinkedJiraProjectList>;

export const JiraProjectLinkBody = Type.Object(
  { jiraProjectIds: Type.Array(Uuid, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
export type JiraProjectLinkBody = Static<typeof JiraProjectLinkBody>;

export const JiraProjectLinkParams = Type.Object({ id: Uuid, jiraProjectId: Uuid });
export type JiraProjectLinkParams = Static<typeof JiraProjectLinkParams>;

export const JiraProjectsByConnection = Type.Object({
  items: Type.Array(
    Type.Object({
      connection: Type.Object({ ...Ref.properties, syncState: Type.Enum(['NEVER', 'FRESH', 'STALE']) }),
      jiraProjects: Type.Array(JiraProject),
      /** How many more match beyond those listed (search to narrow). */
      more: Type.Integer(),
    }),
  ),
});
export type JiraProjectsByConnection = Static<typeof JiraProjectsByConnection>;
export const ByConnectionsQuery = Type.Object(
  { search: Type.Optional(SearchText()) },
  { additionalProperties: false },
);
export type ByConnectionsQuery = Static<typeof ByConnectionsQuery>;

export const JiraAccount = Type.Object({
  id: Type.String(),
  accountId: Type.String(),
  displayName: Type.String(),
  email: Nullable(Type.String()),
  active: Type.Boolean(),
  connection: Ref,
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
export type JiraAccount = Static<typeof JiraAccount>;
export const JiraAccountPage = Paged(JiraAccount);
export type JiraAccountPage = Static<typeof JiraAccountPage>;

export const JiraAccountNoteBody = Type.Object(
  { note: Nullable(Text(TEXT_MAX)) },
  { additionalProperties: false },
);
export type JiraAccountNoteBody = Static<typeof JiraAccountNoteBody>;
/** The people who use this Jira account: the list replaces the one before. */
export const JiraAccountAssigneesBody = Type.Object(
  { userIds: Type.Array(Uuid, { maxItems: 50 }) },
  { additionalProperties: false },
);
export type JiraAccountAssigneesBody = Static<typeof JiraAccountAssigneesBody>;

// ---- Jira issues, for work logs ---------------------------------------------------------------------

export const JiraIssue = Type.Object({
  key: Type.String(),
  summary: Type.String(),
  status: Type.String(),
  updatedAt: Nullable(Type.String()),
});
export type JiraIssue = Static<typeof JiraIssue>;
export const JiraIssueList = Type.Object({ items: Type.Array(JiraIssue) });
export type JiraIssueList = Static<typeof JiraIssueList>;
