import { Type, type Static, type TSchema } from 'typebox';
import { Email, Name, SearchText, Text, TEXT_DEFAULT, TEXT_MAX, Uuid } from './common.schemas.ts';
import { PageQueryFields, Paged } from './paging.schemas.ts';

/**
 * The API contract of clients, projects and project members (spec section 3 Client, Project,
 * Project member; section 7 Projects).
 */

export const CLIENT_TYPES = ['EXTERNAL', 'INTERNAL'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const ACTIVE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];
/** The stages of a project, in the order a project moves through them (spec section 4). */
export const PROJECT_STAGES = [
  'NEGOTIATION',
  'POC',
  'SIGNED_CONTRACT',
  'DEVELOPMENT',
  'GO_LIVE',
  'CLOSED',
] as const;
export type ProjectStage = (typeof PROJECT_STAGES)[number];
export const CLIENT_SORT_FIELDS = ['name', 'type', 'email', 'status', 'projectCount', 'createdAt'] as const;
export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number];
export const PROJECT_SORT_FIELDS = [
  'name',
  'client',
  'stage',
  'status',
  'startDate',
  'endDate',
  'totalMembers',
  'createdAt',
] as const;
export type ProjectSortField = (typeof PROJECT_SORT_FIELDS)[number];
export const LIST_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];
export const PROJECT_PAGE_SIZES = [10, 20, 50, 100] as const;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** A calendar date as YYYY-MM-DD (the UI shows it as YYYY/MM/DD). */
const DateString = Type.String({ format: 'date', maxLength: 10 });
/** An optional text: empty, or with something visible in it, no control characters (common.schemas.ts). */
const OptionalText = (maxLength: number) => Type.Optional(Nullable(Text(maxLength)));
const SortOrder = Type.Optional(Type.Enum(['asc', 'desc']));

/** The spec's status actions: ACTIVE, and DEACTIVATE (or INACTIVE) to deactivate. */
export const StatusBody = Type.Object(
  { status: Type.Enum(['ACTIVE', 'INACTIVE', 'DEACTIVATE']) },
  { additionalProperties: false },
);
export type StatusBody = Static<typeof StatusBody>;

// ---- Clients ----

const clientFields = {
  name: Name(TEXT_DEFAULT),
  description: OptionalText(TEXT_MAX),
  type: Type.Enum(CLIENT_TYPES),
  email: Type.Optional(Nullable(Email)),
};

export const ClientBody = Type.Object(
  { ...clientFields, type: Type.Optional(clientFields.type) },
  { additionalProperties: false },
);
export type ClientBody = Static<typeof ClientBody>;

export const ClientUpdateBody = Type.Object(
  {
    name: Type.Optional(clientFields.name),
    description: clientFields.description,
    type: Type.Optional(clientFields.type),
    email: clientFields.email,
  },
  { additionalProperties: false },
);
export type ClientUpdateBody = Static<typeof ClientUpdateBody>;

const clientFilters = {
  search: Type.Optional(SearchText(TEXT_DEFAULT)),
  type: Type.Optional(Type.Array(Type.Enum(CLIENT_TYPES), { maxItems: 2 })),
  status: Type.Optional(Type.Array(Type.Enum(ACTIVE_STATUSES), { maxItems: 2 })),
  sortField: Type.Optional(Type.Enum(CLIENT_SORT_FIELDS)),
  sortOrder: SortOrder,
};

export const ClientListQuery = Type.Object(
  { ...clientFilters, ...PageQueryFields },
  { additionalProperties: false },
);
export type ClientListQuery = Static<typeof ClientListQuery>;
export type ClientFilters = Omit<ClientListQuery, 'page' | 'perPage'>;

export const ClientExportQuery = Type.Object(
  { ...clientFilters, format: Type.Optional(Type.Enum(LIST_EXPORT_FORMATS)) },
  { additionalProperties: false },
);
export type ClientExportQuery = Static<typeof ClientExportQuery>;

export const ClientAbilities = Type.Object({
  edit: Type.Boolean(),
  delete: Type.Boolean(),
  changeStatus: Type.Boolean(),
  createProject: Type.Boolean(),
});
export type ClientAbilities = Static<typeof ClientAbilities>;

export const Client = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  type: Type.Enum(CLIENT_TYPES),
  email: Nullable(Type.String()),
  status: Type.Enum(ACTIVE_STATUSES),
  /** Live projects of the client, whatever their status. */
  projectCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: ClientAbilities,
});
export type Client = Static<typeof Client>;

export const ClientPage = Paged(Client);
export type ClientPage = Static<typeof ClientPage>;

// ---- Projects ----

const projectFields = {
  name: Name(TEXT_DEFAULT),
  description: OptionalText(TEXT_MAX),
  startDate: Type.Optional(Nullable(DateString)),
  endDate: Type.Optional(Nullable(DateString)),
  stage: Type.Optional(Type.Enum(PROJECT_STAGES)),
};

export const ProjectBody = Type.Object(projectFields, { additionalProperties: false });
export type ProjectBody = Static<typeof ProjectBody>;

/** Fields left out stay; `null` clears a date or the description. A new `stage` is kept in the history. */
export const ProjectUpdateBody = Type.Object(
  { ...projectFields, name: Type.Optional(projectFields.name) },
  { additionalProperties: false },
);
export type ProjectUpdateBody = Static<typeof ProjectUpdateBody>;

const projectFilters = {
  search: Type.Optional(SearchText(TEXT_DEFAULT)),
  clientId: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
  stage: Type.Optional(Type.Array(Type.Enum(PROJECT_STAGES), { maxItems: PROJECT_STAGES.length })),
  status: Type.Optional(Type.Array(Type.Enum(ACTIVE_STATUSES), { maxItems: 2 })),
  /** Projects this person is an active member of. */
  memberId: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
  sortField: Type.Optional(Type.Enum(PROJECT_SORT_FIELDS)),
  sortOrder: SortOrder,
};

export const ProjectListQuery = Type.Object(
  { ...projectFilters, ...PageQueryFields },
  { additionalProperties: false },
);
export type ProjectListQuery = Static<typeof ProjectListQuery>;
export type ProjectFilters = Omit<ProjectListQuery, 'page' | 'perPage'>;

export const ProjectAbilities = Type.Object({
  edit: Type.Boolean(),
  changeStage: Type.Boolean(),
  changeStatus: Type.Boolean(),
  delete: Type.Boolean(),
  manageMembers: Type.Boolean(),
  export: Type.Boolean(),
});
export type ProjectAbilities = Static<typeof ProjectAbilities>;

export const ProjectSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  client: Type.Object({ id: Type.String(), name: Type.String() }),
  startDate: Nullable(Type.String()),
  endDate: Nullable(Type.String()),
  stage: Type.Enum(PROJECT_STAGES),
  status: Type.Enum(ACTIVE_STATUSES),
  /** Active members. */
  totalMembers: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: ProjectAbilities,
});
export type ProjectSummary = Static<typeof ProjectSummary>;

export const StageCounts = Type.Object(
  Object.fromEntries(PROJECT_STAGES.map((stage) => [stage, Type.Integer()])) as Record<
    ProjectStage,
    ReturnType<typeof Type.Integer>
  >,
);
export type StageCounts = Static<typeof StageCounts>;

/** A page of projects, with how many projects of each stage match the other filters (the stage tabs). */
export const ProjectPage = Type.Object({
  ...Paged(ProjectSummary).properties,
  stageCounts: StageCounts,
});
export type ProjectPage = Static<typeof ProjectPage>;

export const StageChange = Type.Object({
  id: Type.String(),
  fromStage: Nullable(Type.Enum(PROJECT_STAGES)),
  toStage: Type.Enum(PROJECT_STAGES),
  changedAt: Type.String(),
  changedBy: Type.Object({ id: Nullable(Type.String()), label: Type.String() }),
});
export type StageChange = Static<typeof StageChange>;

// ---- Members ----

export const MemberPerson = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  avatarUrl: Nullable(Type.String()),
  status: Type.String(),
});
export type MemberPerson = Static<typeof MemberPerson>;

export const MemberAbilities = Type.Object({
  edit: Type.Boolean(),
  changeStatus: Type.Boolean(),
  delete: Type.Boolean(),
});

export const Member = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  person: MemberPerson,
  role: Type.Object({ id: Type.String(), name: Type.String() }),
  note: Nullable(Type.String()),
  joinedAt: Nullable(Type.String()),
  exitedAt: Nullable(Type.String()),
  status: Type.Enum(ACTIVE_STATUSES),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: MemberAbilities,
});
export type Member = Static<typeof Member>;

export const MemberList = Type.Object({ items: Type.Array(Member) });
export type MemberList = Static<typeof MemberList>;

export const MemberListQuery = Type.Object(
  { status: Type.Optional(Type.Enum(ACTIVE_STATUSES)) },
  { additionalProperties: false },
);
export type MemberListQuery = Static<typeof MemberListQuery>;

const memberFields = {
  /** A role of type PROJECT, active. */
  roleId: Uuid,
  note: OptionalText(TEXT_MAX),
  joinedAt: Type.Optional(Nullable(DateString)),
  exitedAt: Type.Optional(Nullable(DateString)),
};

export const MemberBody = Type.Object({ userId: Uuid, ...memberFields }, { additionalProperties: false });
export type MemberBody = Static<typeof MemberBody>;

export const MemberUpdateBody = Type.Object(
  { ...memberFields, roleId: Type.Optional(memberFields.roleId) },
  { additionalProperties: false },
);
export type MemberUpdateBody = Static<typeof MemberUpdateBody>;

export const MemberNoteBody = Type.Object(
  { note: Nullable(Text(TEXT_MAX)) },
  { additionalProperties: false },
);
export type MemberNoteBody = Static<typeof MemberNoteBody>;

export const MemberParams = Type.Object({ id: Uuid, memberId: Uuid });
export type MemberParams = Static<typeof MemberParams>;

/** A project and its details, with every member and the stage history (oldest first). */
export const ProjectDetail = Type.Object({
  ...ProjectSummary.properties,
  members: Type.Array(Member),
  stageHistory: Type.Array(StageChange),
});
export type ProjectDetail = Static<typeof ProjectDetail>;

/** A client and the projects of it the caller may see. */
export const ClientDetail = Type.Object({
  ...Client.properties,
  projects: Type.Array(ProjectSummary),
});
export type ClientDetail = Static<typeof ClientDetail>;

/** One membership of a person (GET /users/{id}/projects). */
export const UserProject = Type.Object({
  memberId: Type.String(),
  project: Type.Object({
    id: Type.String(),
    name: Type.String(),
    stage: Type.Enum(PROJECT_STAGES),
    status: Type.Enum(ACTIVE_STATUSES),
    client: Type.Object({ id: Type.String(), name: Type.String() }),
  }),
  role: Type.Object({ id: Type.String(), name: Type.String() }),
  note: Nullable(Type.String()),
  joinedAt: Nullable(Type.String()),
  exitedAt: Nullable(Type.String()),
  status: Type.Enum(ACTIVE_STATUSES),
});
export type UserProject = Static<typeof UserProject>;
export const UserProjectList = Type.Object({ items: Type.Array(UserProject) });
export type UserProjectList = Static<typeof UserProjectList>;

export const ProjectRoleOption = Type.Object({
  id: Type.String(),
  name: Type.String(),
  permissions: Type.Array(Type.String()),
});
export type ProjectRoleOption = Static<typeof ProjectRoleOption>;
export const ProjectRoleOptionList = Type.Object({ items: Type.Array(ProjectRoleOption) });
