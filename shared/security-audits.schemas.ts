import { Type, type Static } from 'typebox';
import { Uuid } from './common.schemas.ts';
import { PageQueryFields, Paged } from './paging.schemas.ts';

/**
 * Security audits (spec: settings category AUDIT_SCHEDULE; frequencies DAILY, WEEKLY, MONTHLY; run
 * result SUCCEED, FAILED). Admins schedule checks; the worker runs each at its frequency and keeps
 * every run with its findings. The checks themselves are a registry on the server
 * (server/domains/security-audits/audit-checks.ts): a new check is one name here and one line there.
 */

export const SECURITY_AUDIT_CHECKS = [
  'INACTIVE_ACCOUNTS_WITH_ROLES',
  'USERS_WITHOUT_TWO_FACTOR',
  'STALE_ACCESS_REQUESTS',
  'DEVICE_COMPLIANCE',
] as const;
export type SecurityAuditCheck = (typeof SECURITY_AUDIT_CHECKS)[number];
export const AUDIT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type AuditFrequency = (typeof AUDIT_FREQUENCIES)[number];
export const AUDIT_RUN_RESULTS = ['SUCCEED', 'FAILED'] as const;
export type AuditRunResult = (typeof AUDIT_RUN_RESULTS)[number];
export const AUDIT_RUN_TRIGGERS = ['SCHEDULE', 'MANUAL'] as const;
export type AuditRunTrigger = (typeof AUDIT_RUN_TRIGGERS)[number];

/** An access request pending longer than this many days is stale. */
export const STALE_ACCESS_REQUEST_DAYS = 7;
/** An active account not signed in for this many days (or never, once this old) counts as inactive. */
export const INACTIVE_ACCOUNT_DAYS = 90;
/** Findings kept per run (a run over a large company keeps the first ones and says how many there were). */
export const AUDIT_FINDINGS_KEPT = 1000;

export const AuditCheckParams = Type.Object({ check: Type.Enum(SECURITY_AUDIT_CHECKS) });
export type AuditCheckParams = Static<typeof AuditCheckParams>;

export const AuditScheduleBody = Type.Object(
  { frequency: Type.Enum(AUDIT_FREQUENCIES), active: Type.Boolean() },
  { additionalProperties: false },
);
export type AuditScheduleBody = Static<typeof AuditScheduleBody>;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** One check with its schedule (null: not scheduled, runs on demand only) and its latest run. */
export const AuditCheckStatus = Type.Object({
  check: Type.Enum(SECURITY_AUDIT_CHECKS),
  schedule: Type.Union([
    Type.Object({
      frequency: Type.Enum(AUDIT_FREQUENCIES),
      active: Type.Boolean(),
      nextRunAt: Nullable(Type.String()),
      updatedAt: Type.String(),
    }),
    Type.Null(),
  ]),
  lastRun: Type.Union([
    Type.Object({
      id: Type.String(),
      result: Type.Enum(AUDIT_RUN_RESULTS),
      findingCount: Type.Integer(),
      finishedAt: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type AuditCheckStatus = Static<typeof AuditCheckStatus>;
export const AuditCheckList = Type.Object({ items: Type.Array(AuditCheckStatus) });
export type AuditCheckList = Static<typeof AuditCheckList>;

export const AuditRun = Type.Object({
  id: Type.String(),
  check: Type.String(),
  trigger: Type.Enum(AUDIT_RUN_TRIGGERS),
  result: Type.Enum(AUDIT_RUN_RESULTS),
  findingCount: Type.Integer(),
  error: Nullable(Type.String()),
  startedAt: Type.String(),
  finishedAt: Type.String(),
  startedBy: Nullable(Type.String()),
});
export type AuditRun = Static<typeof AuditRun>;
export const AuditRunPage = Paged(AuditRun);
export type AuditRunPage = Static<typeof AuditRunPage>;

export const AuditRunQuery = Type.Object(
  {
    check: Type.Optional(Type.Enum(SECURITY_AUDIT_CHECKS)),
    result: Type.Optional(Type.Enum(AUDIT_RUN_RESULTS)),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type AuditRunQuery = Static<typeof AuditRunQuery>;

export const AuditFinding = Type.Object({
  id: Type.String(),
  userId: Nullable(Type.String()),
  /** The person's name and email when the finding is about someone. */
  person: Type.Union([
    Type.Object({ firstName: Type.String(), lastName: Type.String(), email: Type.String() }),
    Type.Null(),
  ]),
  /** English summary, kept as found; the UI words it from `data` in the reader's language. */
  summary: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditFinding = Static<typeof AuditFinding>;
export const AuditFindingPage = Paged(AuditFinding);
export type AuditFindingPage = Static<typeof AuditFindingPage>;
export const AuditFindingQuery = Type.Object({ ...PageQueryFields }, { additionalProperties: false });
export type AuditFindingQuery = Static<typeof AuditFindingQuery>;
export const AuditRunParams = Type.Object({ id: Uuid });
