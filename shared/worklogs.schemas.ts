import { Type, type Static, type TSchema } from 'typebox';
import { NonBlankString, SearchText, Text, Uuid } from './common.schemas.ts';
import { PROVIDER_ERRORS } from './connections.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';
import { ExportFormatField, ReportPeriodField } from './reporting.schemas.ts';

/**
 * Work logs (spec sections 2-9, "not shown" calls designed here and documented in docs/api.md): a
 * person's hours per day and project in half-hour steps, the week grid, the period locks managers
 * set, the report by person, project or Jira task, and hours beside approved overtime and leave.
 */

export const WORK_LOG_REPORT_GROUPS = ['person', 'project', 'task'] as const;
export type WorkLogReportGroup = (typeof WORK_LOG_REPORT_GROUPS)[number];
/** A Jira issue key: the project key, a dash, the number (BO-123). */
export const JIRA_KEY_PATTERN = '^[A-Z][A-Z0-9_]{0,19}-[1-9][0-9]{0,8}$';
export const MAX_JIRA_TASKS = 10;
export const MAX_WEEK_ROWS = 40;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DateOnly = Type.String({ format: 'date', maxLength: 10 });
/** Hours as typed; half-hour steps and the day's 24 hours are checked by the service ('Invalid number'). */
const Hours = Type.Number({ minimum: 0.5, maximum: 24 });
const JiraKeys = Type.Array(Type.String({ pattern: JIRA_KEY_PATTERN, maxLength: 30 }), {
  maxItems: MAX_JIRA_TASKS,
});

// ---- Logs ------------------------------------------------------------------------------------------

export const WorkLogBody = Type.Object(
  {
    workDate: DateOnly,
    hours: Hours,
    projectId: Uuid,
    description: NonBlankString(2000),
    jiraTaskKeys: Type.Optional(JiraKeys),
  },
  { additionalProperties: false },
);
export type WorkLogBody = Static<typeof WorkLogBody>;
export const WorkLogUpdateBody = Type.Object(
  { ...WorkLogBody.properties, version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type WorkLogUpdateBody = Static<typeof WorkLogUpdateBody>;

/**
 * A log's push to Jira (one Jira worklog per task): NOT_PUSHED; PENDING while a push runs; PUSHED;
 * CHANGED when the log was edited (or its tasks changed) since; FAILED when a task's last push failed.
 */
export const JIRA_PUSH_STATES = ['NOT_PUSHED', 'PENDING', 'PUSHED', 'CHANGED', 'FAILED'] as const;
export type JiraPushState = (typeof JIRA_PUSH_STATES)[number];
export const WorkLogJira = Type.Object({
  state: Type.Enum(JIRA_PUSH_STATES),
  tasks: Type.Array(
    Type.Object({
      issueKey: Type.String(),
      state: Type.Enum(['PENDING', 'PUSHED', 'FAILED']),
      /** When it last reached Jira (kept when a later attempt failed). */
      pushedAt: Nullable(Type.String()),
      jiraWorklogId: Nullable(Type.String()),
      /** The hours this task's worklog carries (a log of several tasks splits its time). */
      hours: Nullable(Type.Number()),
      errorCode: Nullable(Type.Enum(PROVIDER_ERRORS)),
      errorDetail: Nullable(Type.String()),
    }),
  ),
});
export type WorkLogJira = Static<typeof WorkLogJira>;

export const WorkLog = Type.Object({
  id: Type.String(),
  person: Type.Object({
    id: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
  }),
  project: Type.Object({ id: Type.String(), name: Type.String() }),
  workDate: Type.String(),
  hours: Type.Number(),
  description: Type.String(),
  jiraTaskKeys: Type.Array(Type.String()),
  /** True when a lock covers the log's day and project: it can no longer change. */
  locked: Type.Boolean(),
  jira: WorkLogJira,
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: Type.Object({ edit: Type.Boolean(), delete: Type.Boolean(), push: Type.Boolean() }),
});
export type WorkLog = Static<typeof WorkLog>;
export const WorkLogPage = Paged(WorkLog);
export type WorkLogPage = Static<typeof WorkLogPage>;
export const WorkLogList = Type.Object({ items: Type.Array(WorkLog) });
export type WorkLogList = Static<typeof WorkLogList>;

export const WorkLogQuery = Type.Object(
  {
    /** 'mine' (default): the caller's own logs; 'managed': the logs of the projects they manage. */
    scope: Type.Optional(Type.Enum(['mine', 'managed'])),
    personId: Type.Optional(Uuid),
    projectId: Type.Optional(Uuid),
    jiraTask: Type.Optional(Type.String({ maxLength: 30 })),
    search: Type.Optional(SearchText()),
    from: Type.Optional(DateOnly),
    to: Type.Optional(DateOnly),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type WorkLogQuery = Static<typeof WorkLogQuery>;

/** The synced Jira issues of a project the caller logs on, by key prefix or summary (the dialog's field). */
export const JiraIssueQuery = Type.Object(
  { projectId: Uuid, search: Type.Optional(SearchText(100)) },
  { additionalProperties: false },
);
export type JiraIssueQuery = Static<typeof JiraIssueQuery>;

/** Push one's own logs to Jira as worklogs (several at once). */
export const JiraPushBody = Type.Object(
  { workLogIds: Type.Array(Uuid, { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type JiraPushBody = Static<typeof JiraPushBody>;

/** A project the caller may log on, with the dates their membership covers. */
export const LoggableProject = Type.Object({
  id: Type.String(),
  name: Type.String(),
  clientName: Type.String(),
  joinedAt: Nullable(Type.String()),
  exitedAt: Nullable(Type.String()),
  /** An active link to a Jira project of an active Jira connection: its tasks may be named. */
  jiraAvailable: Type.Boolean(),
});
export type LoggableProject = Static<typeof LoggableProject>;
export const LoggableProjectList = Type.Object({ items: Type.Array(LoggableProject) });
export type LoggableProjectList = Static<typeof LoggableProjectList>;

// ---- The week grid ------------------------------------------------------------------------------------

export const WeekQuery = Type.Object({ start: Type.Optional(DateOnly) }, { additionalProperties: false });
export type WeekQuery = Static<typeof WeekQuery>;

export const WorkWeek = Type.Object({
  /** Monday of the week. */
  start: Type.String(),
  end: Type.String(),
  days: Type.Array(
    Type.Object({
      date: Type.String(),
      totalHours: Type.Number(),
      /** Days after today take no logs. */
      future: Type.Boolean(),
      /** The projects whose logs of this day a lock keeps ('*' for every project). */
      lockedProjectIds: Type.Array(Type.String()),
    }),
  ),
  logs: Type.Array(WorkLog),
  totalHours: Type.Number(),
});
export type WorkWeek = Static<typeof WorkWeek>;

/**
 * The week grid as saved: one row per project and description, hours per day. Saving makes the
 * week's logs match the grid (a log per filled cell), in one transaction, or changes nothing.
 */
export const WeekSaveBody = Type.Object(
  {
    start: DateOnly,
    rows: Type.Array(
      Type.Object(
        {
          projectId: Uuid,
          description: NonBlankString(2000),
          jiraTaskKeys: Type.Optional(JiraKeys),
          hours: Type.Record(Type.String({ format: 'date' }), Type.Number({ minimum: 0, maximum: 24 })),
        },
        { additionalProperties: false },
      ),
      { maxItems: MAX_WEEK_ROWS },
    ),
  },
  { additionalProperties: false },
);
export type WeekSaveBody = Static<typeof WeekSaveBody>;

// ---- Locks ----------------------------------------------------------------------------------------------

export const WorkLogLockBody = Type.Object(
  {
    /** Null or absent: every project (company-wide worklogs.manage only). */
    projectId: Type.Optional(Nullable(Uuid)),
    startsOn: DateOnly,
    endsOn: DateOnly,
    note: Type.Optional(Nullable(Text(1000))),
  },
  { additionalProperties: false },
);
export type WorkLogLockBody = Static<typeof WorkLogLockBody>;
export const WorkLogLock = Type.Object({
  id: Type.String(),
  project: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  startsOn: Type.String(),
  endsOn: Type.String(),
  note: Nullable(Type.String()),
  lockedBy: Nullable(Type.String()),
  createdAt: Type.String(),
  liftedAt: Nullable(Type.String()),
  liftedBy: Nullable(Type.String()),
  abilities: Type.Object({ lift: Type.Boolean() }),
});
export type WorkLogLock = Static<typeof WorkLogLock>;
export const WorkLogLockPage = Paged(WorkLogLock);
export type WorkLogLockPage = Static<typeof WorkLogLockPage>;
export const WorkLogLockQuery = Type.Object(
  { projectId: Type.Optional(Uuid), includeLifted: Type.Optional(Type.Boolean()), ...PageQueryFields },
  { additionalProperties: false },
);
export type WorkLogLockQuery = Static<typeof WorkLogLockQuery>;

// ---- Reports ----------------------------------------------------------------------------------------------

export const WorkLogReportQuery = Type.Object(
  {
    period: Type.Optional(ReportPeriodField),
    groupBy: Type.Optional(Type.Enum(WORK_LOG_REPORT_GROUPS)),
    from: Type.Optional(DateOnly),
    to: Type.Optional(DateOnly),
    projectId: Type.Optional(Uuid),
    personId: Type.Optional(Uuid),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type WorkLogReportQuery = Static<typeof WorkLogReportQuery>;
export const WorkLogExportQuery = Type.Object(
  { ...WorkLogReportQuery.properties, format: Type.Optional(ExportFormatField) },
  { additionalProperties: false },
);
export type WorkLogExportQuery = Static<typeof WorkLogExportQuery>;
export const WorkLogReport = Type.Object({
  period: ReportPeriodField,
  groupBy: Type.Enum(WORK_LOG_REPORT_GROUPS),
  from: Type.String(),
  to: Type.String(),
  buckets: Type.Array(Type.Object({ key: Type.String(), start: Type.String(), end: Type.String() })),
  rows: Type.Array(
    Type.Object({
      key: Type.String(),
      label: Type.String(),
      values: Type.Record(Type.String(), Type.Number()),
      total: Type.Number(),
    }),
  ),
  totals: Type.Record(Type.String(), Type.Number()),
  total: Type.Number(),
  currentPage: Type.Integer({ minimum: 1 }),
  lastPage: Type.Integer({ minimum: 1 }),
  perPage: Type.Integer({ minimum: 1 }),
  totalRows: Type.Integer({ minimum: 0 }),
});
export type WorkLogReport = Static<typeof WorkLogReport>;

/** Logged hours beside approved overtime and leave, per person, so gaps and double counts show. */
export const ReconciliationQuery = Type.Object(
  {
    from: Type.Optional(DateOnly),
    to: Type.Optional(DateOnly),
    personId: Type.Optional(Uuid),
    departmentId: Type.Optional(Uuid),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type ReconciliationQuery = Static<typeof ReconciliationQuery>;
export const ReconciliationRow = Type.Object({
  person: Type.Object({
    id: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
  }),
  /** Working days (Monday to Friday, not a holiday) in the range, up to today, times eight hours. */
  expectedHours: Type.Number(),
  loggedHours: Type.Number(),
  overtimeHours: Type.Number(),
  leaveHours: Type.Number(),
  /** Working days with neither a log nor approved leave. */
  gapDays: Type.Array(Type.String()),
  /** Days of approved full-day leave that also have logs. */
  doubleCountDays: Type.Array(Type.String()),
});
export type ReconciliationRow = Static<typeof ReconciliationRow>;
export const ReconciliationPage = Type.Object({
  ...Paged(ReconciliationRow).properties,
  from: Type.String(),
  to: Type.String(),
});
export type ReconciliationPage = Static<typeof ReconciliationPage>;
