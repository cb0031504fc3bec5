import { Type, type Static, type TSchema } from 'typebox';
import { Uuid } from './common.schemas.ts';
import { EXPORT_FORMATS } from './employees.schemas.ts';

/**
 * The API contract of the employee profile (issue 9): the history of a person's changes, their roles,
 * the state of their invitation and a copyable invitation link, the import from the UI and the bulk
 * actions of the employee list.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const HISTORY_PAGE_SIZE = 10;

export const HistoryQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
);
export type HistoryQuery = Static<typeof HistoryQuery>;

/** How a changed value reads: the client formats dates and translates enum values by their field. */
export const HISTORY_VALUE_KINDS = ['text', 'date', 'enum', 'reference', 'hidden'] as const;

/** One changed field: `field` is the form's field name (`department`, `phoneNumber` …). */
export const HistoryChange = Type.Object({
  field: Type.String(),
  kind: Type.Enum(HISTORY_VALUE_KINDS),
  /** Null when there was no value, or when the caller may not see private details (`kind: hidden`). */
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
});
export type HistoryChange = Static<typeof HistoryChange>;

export const HistoryEvent = Type.Object({
  id: Type.String(),
  occurredAt: Type.String(),
  /** Who did it: a person (name and email), or the system (`system: true`). */
  actor: Type.Object({
    id: Nullable(Type.String()),
    name: Type.String(),
    email: Nullable(Type.String()),
    system: Type.Boolean(),
  }),
  /** The audit action (`employee.updated`, `user.deactivated` …): the client words it. */
  action: Type.String(),
  changes: Type.Array(HistoryChange),
  /** Facts that complete the sentence: the role granted, the document uploaded, where the change came from. */
  details: Type.Object({
    roleName: Type.Optional(Type.String()),
    fileKind: Type.Optional(Type.String()),
    fileName: Type.Optional(Type.String()),
    source: Type.Optional(Type.String()),
    expiresAt: Type.Optional(Type.String()),
  }),
});
export type HistoryEvent = Static<typeof HistoryEvent>;

export const HistoryPage = Type.Object({
  items: Type.Array(HistoryEvent),
  total: Type.Integer(),
  currentPage: Type.Integer(),
  lastPage: Type.Integer(),
  perPage: Type.Integer(),
});
export type HistoryPage = Static<typeof HistoryPage>;

const Ref = Type.Object({ id: Type.String(), name: Type.String() });

/** The roles a person holds: job title, company-wide access roles and roles within projects. */
export const PersonRoles = Type.Object({
  employeeRole: Nullable(Ref),
  accessRoles: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      status: Type.String(),
      builtIn: Type.Boolean(),
    }),
  ),
  projectRoles: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), projectId: Type.String() })),
});
export type PersonRoles = Static<typeof PersonRoles>;

export const MAIL_STATES = ['QUEUED', 'SENT', 'FAILED', 'KEPT'] as const;

/** Where a PENDING person's invitation stands: the newest link, and the newest invitation mail. */
export const InvitationState = Type.Object({
  status: Type.String(),
  link: Nullable(
    Type.Object({
      issuedAt: Type.String(),
      expiresAt: Type.String(),
      /** Not used, not replaced, not expired. */
      usable: Type.Boolean(),
    }),
  ),
  mail: Nullable(
    Type.Object({
      /** QUEUED (waiting for the worker), SENT, FAILED (gave up), KEPT (no mail server: in the outbox). */
      status: Type.Enum(MAIL_STATES),
      attempts: Type.Integer(),
      createdAt: Type.String(),
      sentAt: Nullable(Type.String()),
      /** False once a newer link was issued: the link in this mail no longer works. */
      carriesCurrentLink: Type.Boolean(),
    }),
  ),
});
export type InvitationState = Static<typeof InvitationState>;

export const InvitationLink = Type.Object({
  /** The sign-up link: works once, until `expiresAt`; every earlier link stopped working. */
  url: Type.String(),
  expiresAt: Type.String(),
});
export type InvitationLink = Static<typeof InvitationLink>;

/** The import of people from a file (the CLI's `users import`, from the UI). */
export const IMPORT_FILE_MAX_MB = 5;

export const ImportQuery = Type.Object(
  {
    /** Check every row and report; write nothing. */
    dryRun: Type.Optional(Type.Boolean()),
    /** Queue an invitation for every person created. */
    sendInvitations: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuery>;

export const ImportReport = Type.Object({
  total: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  invited: Type.Integer(),
  dryRun: Type.Boolean(),
  /** Every problem: `row` as the spreadsheet numbers it (0 for the whole file), `column` as its header. */
  errors: Type.Array(
    Type.Object({
      row: Type.Integer(),
      column: Type.String(),
      field: Type.String(),
      code: Type.String(),
      params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
      message: Type.String(),
    }),
  ),
  warnings: Type.Array(Type.String()),
});
export type ImportReport = Static<typeof ImportReport>;

/** The people chosen in the list: at most a few pages' worth. */
export const SELECTION_MAX = 500;
export const SelectionBody = Type.Object(
  { ids: Type.Array(Uuid, { minItems: 1, maxItems: SELECTION_MAX, uniqueItems: true }) },
  { additionalProperties: false },
);
export type SelectionBody = Static<typeof SelectionBody>;

export const SelectionResult = Type.Object({
  /** How many people the action changed. */
  count: Type.Integer(),
});
export type SelectionResult = Static<typeof SelectionResult>;

export const SelectionExportBody = Type.Object(
  {
    ids: SelectionBody.properties.ids,
    format: Type.Optional(Type.Enum(EXPORT_FORMATS)),
  },
  { additionalProperties: false },
);
export type SelectionExportBody = Static<typeof SelectionExportBody>;
