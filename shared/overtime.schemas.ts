import { Type, type Static, type TSchema } from 'typebox';
import { APPROVAL_STATES, MAX_APPROVERS } from './approvals.schemas.ts';
import { Text, Uuid } from './common.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';
import { ExportFormatField, ReportPeriodField } from './reporting.schemas.ts';
import { DAY_TYPES, TIME_PATTERN } from './rules/overtime.ts';

/**
 * Overtime (spec sections 3, 4, 6 and 7, Overtime): requests with approvers, the regulations (the
 * rules text and the pay rates), the limits per day, month and year, the remaining hours, summaries
 * and the report with its export. States and the rule for several approvers are leave's
 * (shared/approvals.schemas.ts, shared/rules/approvals.ts).
 */

export const OT_STATUSES = APPROVAL_STATES;
export type OtStatus = (typeof OT_STATUSES)[number];
export const OT_REPORT_GROUPS = ['person', 'department', 'project'] as const;
export { DAY_TYPES };

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DateOnly = Type.String({ format: 'date', maxLength: 10 });
const Time = Type.String({ pattern: TIME_PATTERN, maxLength: 5 });
const Hours = Type.Number({ minimum: 0, maximum: 8784, multipleOf: 0.5 });
const Percent = Type.Integer({ minimum: 0, maximum: 1000 });

// ---- Regulations and limits ---------------------------------------------------------------------

export const OtRegulations = Type.Object(
  {
    /** The company's rules, shown to staff on the request form. */
    content: Text(20000),
    workdayPercent: Percent,
    weekendPercent: Percent,
    holidayPercent: Percent,
    /** Added for hours between 22:00 and 06:00. */
    nightBonusPercent: Percent,
  },
  { additionalProperties: false },
);
export type OtRegulations = Static<typeof OtRegulations>;
export const DEFAULT_OT_REGULATIONS: OtRegulations = {
  content: '',
  workdayPercent: 150,
  weekendPercent: 200,
  holidayPercent: 300,
  nightBonusPercent: 30,
};

export const OtLimits = Type.Object(
  { dailyHours: Hours, monthlyHours: Hours, yearlyHours: Hours },
  { additionalProperties: false },
);
export type OtLimits = Static<typeof OtLimits>;
/** The Vietnamese labour code's 40 hours a month and 200 a year; a daily cap the admin may change. */
export const DEFAULT_OT_LIMITS: OtLimits = { dailyHours: 4, monthlyHours: 40, yearlyHours: 200 };
export const OtSettings = Type.Object({ ...OtLimits.properties, effectiveFrom: Type.String() });
export type OtSettings = Static<typeof OtSettings>;

// ---- Requests -----------------------------------------------------------------------------------

const SpanFields = {
  workDate: DateOnly,
  startTime: Time,
  endTime: Time,
  reason: Type.Optional(Nullable(Text(1000))),
  projectId: Type.Optional(Nullable(Uuid)),
  approverIds: Type.Array(Uuid, { minItems: 1, maxItems: MAX_APPROVERS }),
};
export const OtRequestBody = Type.Object(
  { ...SpanFields, personId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type OtRequestBody = Static<typeof OtRequestBody>;
export const OtRequestUpdateBody = Type.Object(
  { ...SpanFields, version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type OtRequestUpdateBody = Static<typeof OtRequestUpdateBody>;
export const OtStatusBody = Type.Object(
  { status: Type.Enum(['APPROVED', 'REJECTED']), reason: Type.Optional(Text(1000)) },
  { additionalProperties: false },
);
export type OtStatusBody = Static<typeof OtStatusBody>;

export const OtRequest = Type.Object({
  id: Type.String(),
  person: Type.Object({
    id: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    avatarUrl: Nullable(Type.String()),
    departmentName: Nullable(Type.String()),
  }),
  project: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  workDate: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  /** Hours (half-hour steps). */
  duration: Type.Number(),
  segments: Type.Array(
    Type.Object({
      day: Type.String(),
      hours: Type.Number(),
      nightHours: Type.Number(),
      dayType: Type.Enum(DAY_TYPES),
    }),
  ),
  payEquivalentHours: Type.Number(),
  reason: Nullable(Type.String()),
  status: Type.Enum(OT_STATUSES),
  decisionReason: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  approvers: Type.Array(
    Type.Object({
      approverId: Type.String(),
      firstName: Type.String(),
      lastName: Type.String(),
      status: Type.Enum(APPROVAL_STATES),
      reason: Nullable(Type.String()),
      actedAt: Nullable(Type.String()),
    }),
  ),
  /** For a waiting request: would approving it now pass the limits (approved hours only)? */
  fitsLimits: Nullable(Type.Boolean()),
  version: Type.Integer(),
  createdAt: Type.String(),
  abilities: Type.Object({ edit: Type.Boolean(), delete: Type.Boolean(), decide: Type.Boolean() }),
});
export type OtRequest = Static<typeof OtRequest>;
export const OtRequestPage = Paged(OtRequest);
export type OtRequestPage = Static<typeof OtRequestPage>;

export const MyOtQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(OT_STATUSES)),
    month: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type MyOtQuery = Static<typeof MyOtQuery>;
export const OtFilterFields = {
  status: Type.Optional(Type.Enum(OT_STATUSES)),
  personId: Type.Optional(Uuid),
  departmentId: Type.Optional(Uuid),
  projectId: Type.Optional(Uuid),
  from: Type.Optional(DateOnly),
  to: Type.Optional(DateOnly),
};
export const OtRequestQuery = Type.Object(
  { ...OtFilterFields, ...PageQueryFields },
  { additionalProperties: false },
);
export type OtRequestQuery = Static<typeof OtRequestQuery>;
export const OtCountsQuery = Type.Object(
  {
    personId: OtFilterFields.personId,
    departmentId: OtFilterFields.departmentId,
    projectId: OtFilterFields.projectId,
    from: OtFilterFields.from,
    to: OtFilterFields.to,
  },
  { additionalProperties: false },
);
export type OtCountsQuery = Static<typeof OtCountsQuery>;
export const OtCounts = Type.Object({
  'WAITING FOR APPROVAL': Type.Integer(),
  APPROVED: Type.Integer(),
  REJECTED: Type.Integer(),
  total: Type.Integer(),
});
export type OtCounts = Static<typeof OtCounts>;

// ---- Remaining hours ------------------------------------------------------------------------------

export const RemainingQuery = Type.Object(
  { date: Type.Optional(DateOnly), personId: Type.Optional(Uuid), excludeId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type RemainingQuery = Static<typeof RemainingQuery>;
const Meter = Type.Object({
  limit: Type.Number(),
  used: Type.Number(),
  waiting: Type.Number(),
  remaining: Type.Number(),
});
export const RemainingOvertime = Type.Object({ date: Type.String(), day: Meter, month: Meter, year: Meter });
export type RemainingOvertime = Static<typeof RemainingOvertime>;

// ---- Summaries and reports --------------------------------------------------------------------------

export const OtSummaryQuery = Type.Object(
  {
    month: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })),
    departmentId: Type.Optional(Uuid),
    personId: Type.Optional(Uuid),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type OtSummaryQuery = Static<typeof OtSummaryQuery>;
export const OtSummary = Type.Object({
  person: Type.Object({
    id: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    departmentName: Nullable(Type.String()),
  }),
  month: Type.String(),
  workdayHours: Type.Number(),
  weekendHours: Type.Number(),
  holidayHours: Type.Number(),
  nightHours: Type.Number(),
  totalHours: Type.Number(),
  payEquivalentHours: Type.Number(),
});
export type OtSummary = Static<typeof OtSummary>;
export const OtSummaryPage = Paged(OtSummary);
export type OtSummaryPage = Static<typeof OtSummaryPage>;

export const OtReportQuery = Type.Object(
  {
    period: Type.Optional(ReportPeriodField),
    groupBy: Type.Optional(Type.Enum(OT_REPORT_GROUPS)),
    from: Type.Optional(DateOnly),
    to: Type.Optional(DateOnly),
    departmentId: Type.Optional(Uuid),
    projectId: Type.Optional(Uuid),
    personId: Type.Optional(Uuid),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type OtReportQuery = Static<typeof OtReportQuery>;
export const OtExportQuery = Type.Object(
  { ...OtReportQuery.properties, format: Type.Optional(ExportFormatField) },
  { additionalProperties: false },
);
export type OtExportQuery = Static<typeof OtExportQuery>;
export const OtReport = Type.Object({
  period: ReportPeriodField,
  groupBy: Type.Enum(OT_REPORT_GROUPS),
  from: Type.String(),
  to: Type.String(),
  buckets: Type.Array(Type.Object({ key: Type.String(), start: Type.String(), end: Type.String() })),
  rows: Type.Array(
    Type.Object({
      key: Type.String(),
      label: Type.String(),
      values: Type.Record(Type.String(), Type.Number()),
      total: Type.Number(),
      payEquivalentHours: Type.Number(),
    }),
  ),
  totals: Type.Record(Type.String(), Type.Number()),
  total: Type.Number(),
  currentPage: Type.Integer({ minimum: 1 }),
  lastPage: Type.Integer({ minimum: 1 }),
  perPage: Type.Integer({ minimum: 1 }),
  totalRows: Type.Integer({ minimum: 0 }),
});
export type OtReport = Static<typeof OtReport>;
