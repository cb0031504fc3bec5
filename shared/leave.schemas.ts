import { Type, type Static, type TSchema } from 'typebox';
import { APPROVAL_STATES, MAX_APPROVERS } from './approvals.schemas.ts';
import { Name, Text, Uuid } from './common.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';
import { ExportFormatField, ReportPeriodField } from './reporting.schemas.ts';
import { DAY_PARTS } from './rules/leave-duration.ts';

/**
 * Leave of absence (spec sections 3, 4, 6 and 7, Leave): absence types and rules, holidays, leave
 * requests with their approvers, balances, the summary report and its export, the team calendar
 * and calendar feeds.
 */

export { DAY_PARTS };
export type { DayPart } from './rules/leave-duration.ts';
/** A request's states: the three approval states, and CANCELLED (an approved leave called off). */
export const LEAVE_STATUSES = [...APPROVAL_STATES, 'CANCELLED'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export const ACCRUAL_MODES = ['UPFRONT', 'MONTHLY'] as const;
export const LEAVE_REPORT_GROUPS = ['person', 'department', 'type'] as const;
export const CALENDAR_FEED_SCOPES = ['PERSON', 'DEPARTMENT'] as const;
/** Attachments (a medical certificate): PDF, PNG or JPG up to this size. */
export const LEAVE_ATTACHMENT_MAX_MB = 10;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const DateOnly = Type.String({ format: 'date', maxLength: 10 });
const Days = (maximum = 366) => Type.Number({ minimum: 0, maximum, multipleOf: 0.5 });
const Year = Type.Integer({ minimum: 2000, maximum: 2100 });

// ---- Absence types and rules -------------------------------------------------------------------

export const AbsenceTypeFields = {
  name: Name(100),
  /** Days a year; null on a type that counts against a balance uses the company default. */
  totalDay: Nullable(Days()),
  countsAgainstBalance: Type.Boolean(),
  accrual: Type.Enum(ACCRUAL_MODES),
  /** Vietnamese labour law: +1 day per 5 years of service (numbers in the absence rules). */
  seniorityBonus: Type.Boolean(),
  carryForwardMaxDays: Days(),
  /** 'MM-DD': carried-over days lapse after this day of the new year; null: they do not lapse. */
  carryForwardExpires: Nullable(Type.String({ pattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' })),
  minNoticeDays: Type.Integer({ minimum: 0, maximum: 365 }),
  allowHalfDay: Type.Boolean(),
  /** A request longer than this needs an attachment; null: never, 0: always. */
  attachmentAfterDays: Nullable(Days()),
  paid: Type.Boolean(),
  active: Type.Boolean(),
};

export const AbsenceType = Type.Object({ id: Type.String(), ...AbsenceTypeFields, inUse: Type.Boolean() });
export type AbsenceType = Static<typeof AbsenceType>;
export const AbsenceTypeList = Type.Object({ items: Type.Array(AbsenceType) });
export type AbsenceTypeList = Static<typeof AbsenceTypeList>;

/** One type as PUT sends it: with its id to change it, without to add it. */
export const AbsenceTypeInput = Type.Object(
  { id: Type.Optional(Uuid), ...AbsenceTypeFields },
  { additionalProperties: false },
);
export type AbsenceTypeInput = Static<typeof AbsenceTypeInput>;
/**
 * The whole catalogue, in display order. A type left out is deleted, or deactivated when requests
 * use it (their history keeps its name).
 */
export const AbsenceTypesBody = Type.Object(
  { items: Type.Array(AbsenceTypeInput, { minItems: 1, maxItems: 50 }) },
  { additionalProperties: false },
);
export type AbsenceTypesBody = Static<typeof AbsenceTypesBody>;

export const AbsenceRules = Type.Object(
  {
    /** Days a year for counting types without their own totalDay (the company's annual leave). */
    defaultAnnualLeaveDays: Days(),
    /** Seniority: `seniorityBonusDays` more for every `seniorityYears` years of service. */
    seniorityYears: Type.Integer({ minimum: 1, maximum: 50 }),
    seniorityBonusDays: Days(30),
    /** Warn at request time when more than this share of the person's department is already off. */
    clashThresholdPercent: Type.Integer({ minimum: 0, maximum: 100 }),
    /** Remind approvers of requests waiting longer than this many working days. */
    reminderAfterWorkingDays: Type.Integer({ minimum: 1, maximum: 30 }),
  },
  { additionalProperties: false },
);
export type AbsenceRules = Static<typeof AbsenceRules>;

export const DEFAULT_ABSENCE_RULES: AbsenceRules = {
  defaultAnnualLeaveDays: 12,
  seniorityYears: 5,
  seniorityBonusDays: 1,
  clashThresholdPercent: 30,
  reminderAfterWorkingDays: 2,
};

// ---- Holidays ----------------------------------------------------------------------------------

export const HolidayBody = Type.Object(
  {
    name: Name(150),
    startDate: DateOnly,
    endDate: DateOnly,
    description: Type.Optional(Nullable(Text(1000))),
  },
  { additionalProperties: false },
);
export type HolidayBody = Static<typeof HolidayBody>;
export const Holiday = Type.Object({
  id: Type.String(),
  name: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  description: Nullable(Type.String()),
});
export type Holiday = Static<typeof Holiday>;
export const HolidayQuery = Type.Object({ year: Type.Optional(Year) }, { additionalProperties: false });
export type HolidayQuery = Static<typeof HolidayQuery>;
export const HolidayList = Type.Object({ items: Type.Array(Holiday) });
export type HolidayList = Static<typeof HolidayList>;

// ---- Requests ----------------------------------------------------------------------------------

const SpanFields = {
  absenceTypeId: Uuid,
  startDate: DateOnly,
  startPart: Type.Enum(DAY_PARTS),
  endDate: DateOnly,
  endPart: Type.Enum(DAY_PARTS),
};

export const LeaveRequestBody = Type.Object(
  {
    ...SpanFields,
    reason: Type.Optional(Nullable(Text(1000))),
    approverIds: Type.Array(Uuid, { minItems: 1, maxItems: MAX_APPROVERS }),
    /** HR files a request for someone else (leave.manage); otherwise the request is the caller's. */
    personId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type LeaveRequestBody = Static<typeof LeaveRequestBody>;

export const LeaveRequestUpdateBody = Type.Object(
  {
    ...SpanFields,
    reason: Type.Optional(Nullable(Text(1000))),
    approverIds: Type.Array(Uuid, { minItems: 1, maxItems: MAX_APPROVERS }),
    /** The version the edit was made on: an older one answers 412. */
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type LeaveRequestUpdateBody = Static<typeof LeaveRequestUpdateBody>;

export const LeavePerson = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  avatarUrl: Nullable(Type.String()),
  departmentName: Nullable(Type.String()),
});
export type LeavePerson = Static<typeof LeavePerson>;

export const LeaveApprover = Type.Object({
  /** The approval's id: what `PUT /leave-request-approvers/{id}/action` takes. */
  id: Type.String(),
  approverId: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatarUrl: Nullable(Type.String()),
  status: Type.Enum(APPROVAL_STATES),
  reason: Nullable(Type.String()),
  actedAt: Nullable(Type.String()),
  /** Set when someone else (HR) decided for the approver. */
  actedByName: Nullable(Type.String()),
  /** Set when this approver stands in for one who is away. */
  substituteForName: Nullable(Type.String()),
});

export const LeaveRequestAbilities = Type.Object({
  edit: Type.Boolean(),
  delete: Type.Boolean(),
  cancel: Type.Boolean(),
  decide: Type.Boolean(),
});

export const LeaveRequest = Type.Object({
  id: Type.String(),
  person: LeavePerson,
  absenceType: Type.Object({ id: Type.String(), name: Type.String() }),
  startDate: Type.String(),
  startPart: Type.Enum(DAY_PARTS),
  endDate: Type.String(),
  endPart: Type.Enum(DAY_PARTS),
  duration: Type.Number(),
  reason: Nullable(Type.String()),
  status: Type.Enum(LEAVE_STATUSES),
  decisionReason: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  approvers: Type.Array(LeaveApprover),
  attachment: Nullable(Type.Object({ name: Type.String(), type: Type.String(), size: Type.Integer() })),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: LeaveRequestAbilities,
});
export type LeaveRequest = Static<typeof LeaveRequest>;
export const LeaveRequestPage = Paged(LeaveRequest);
export type LeaveRequestPage = Static<typeof LeaveRequestPage>;

export const MyLeaveQuery = Type.Object(
  { status: Type.Optional(Type.Enum(LEAVE_STATUSES)), year: Type.Optional(Year), ...PageQueryFields },
  { additionalProperties: false },
);
export type MyLeaveQuery = Static<typeof MyLeaveQuery>;

export const LeaveFilterFields = {
  personId: Type.Optional(Uuid),
  departmentId: Type.Optional(Uuid),
  absenceTypeId: Type.Optional(Uuid),
  status: Type.Optional(Type.Enum(LEAVE_STATUSES)),
  from: Type.Optional(DateOnly),
  to: Type.Optional(DateOnly),
};
export const LeaveRequestQuery = Type.Object(
  { ...LeaveFilterFields, ...PageQueryFields },
  { additionalProperties: false },
);
export type LeaveRequestQuery = Static<typeof LeaveRequestQuery>;

// ---- Approvals ---------------------------------------------------------------------------------

export const ApprovalQueueQuery = Type.Object(
  { status: Type.Optional(Type.Enum(APPROVAL_STATES)), ...PageQueryFields },
  { additionalProperties: false },
);
export type ApprovalQueueQuery = Static<typeof ApprovalQueueQuery>;
export const LeaveApproval = Type.Object({
  id: Type.String(),
  status: Type.Enum(APPROVAL_STATES),
  request: LeaveRequest,
});
export type LeaveApproval = Static<typeof LeaveApproval>;
export const LeaveApprovalPage = Paged(LeaveApproval);
export type LeaveApprovalPage = Static<typeof LeaveApprovalPage>;

/** Who may be chosen as an approver: active people holding leave.approve, not the requester. */
export const ApproverCandidate = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  avatarUrl: Nullable(Type.String()),
});
export const ApproverCandidateList = Type.Object({ items: Type.Array(ApproverCandidate) });
export type ApproverCandidateList = Static<typeof ApproverCandidateList>;

// ---- Balances ----------------------------------------------------------------------------------

export const BalanceQuery = Type.Object(
  { year: Type.Optional(Year), personId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type BalanceQuery = Static<typeof BalanceQuery>;
export const LeaveBalance = Type.Object({
  absenceType: Type.Object({ id: Type.String(), name: Type.String() }),
  /** This year's entitlement, seniority bonus included. */
  entitled: Type.Number(),
  seniorityBonus: Type.Number(),
  carriedOver: Type.Number(),
  /** Carried-over days that lapsed unused. */
  expired: Type.Number(),
  used: Type.Number(),
  pending: Type.Number(),
  remaining: Type.Number(),
});
export type LeaveBalance = Static<typeof LeaveBalance>;
export const LeaveBalances = Type.Object({
  year: Type.Integer(),
  personId: Type.String(),
  items: Type.Array(LeaveBalance),
});
export type LeaveBalances = Static<typeof LeaveBalances>;

// ---- Preview (duration, holidays, clash) ---------------------------------------------------------

export const LeavePreviewQuery = Type.Object(
  { ...SpanFields, personId: Type.Optional(Uuid), excludeId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type LeavePreviewQuery = Static<typeof LeavePreviewQuery>;
export const LeavePreview = Type.Object({
  duration: Type.Number(),
  holidays: Type.Array(Type.String()),
  remaining: Nullable(Type.Number()),
  clash: Nullable(
    Type.Object({
      departmentName: Type.String(),
      departmentSize: Type.Integer(),
      /** Most colleagues off on one of the days. */
      peopleOff: Type.Integer(),
      names: Type.Array(Type.String()),
      sharePercent: Type.Integer(),
      thresholdPercent: Type.Integer(),
      warn: Type.Boolean(),
    }),
  ),
});
export type LeavePreview = Static<typeof LeavePreview>;

// ---- Reports -----------------------------------------------------------------------------------

export const LeaveReportQuery = Type.Object(
  {
    period: Type.Optional(ReportPeriodField),
    groupBy: Type.Optional(Type.Enum(LEAVE_REPORT_GROUPS)),
    from: Type.Optional(DateOnly),
    to: Type.Optional(DateOnly),
    departmentId: Type.Optional(Uuid),
    absenceTypeId: Type.Optional(Uuid),
    personId: Type.Optional(Uuid),
    /** Which requests count: APPROVED (taken, the default) or WAITING FOR APPROVAL (planned). */
    status: Type.Optional(Type.Enum(['APPROVED', 'WAITING FOR APPROVAL'])),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type LeaveReportQuery = Static<typeof LeaveReportQuery>;
export const LeaveExportQuery = Type.Object(
  { ...LeaveReportQuery.properties, format: Type.Optional(ExportFormatField) },
  { additionalProperties: false },
);
export type LeaveExportQuery = Static<typeof LeaveExportQuery>;

export const LeaveReport = Type.Object({
  period: ReportPeriodField,
  groupBy: Type.Enum(LEAVE_REPORT_GROUPS),
  from: Type.String(),
  to: Type.String(),
  buckets: Type.Array(Type.Object({ key: Type.String(), start: Type.String(), end: Type.String() })),
  rows: Type.Array(
    Type.Object({
      key: Type.String(),
      label: Type.String(),
      /** Days per bucket key; a bucket with none is left out. */
      values: Type.Record(Type.String(), Type.Number()),
      total: Type.Number(),
    }),
  ),
  totals: Type.Record(Type.String(), Type.Number()),
  total: Type.Number(),
  /** The rows are paged: groups by total, largest first. */
  currentPage: Type.Integer({ minimum: 1 }),
  lastPage: Type.Integer({ minimum: 1 }),
  perPage: Type.Integer({ minimum: 1 }),
  totalRows: Type.Integer({ minimum: 0 }),
});
export type LeaveReport = Static<typeof LeaveReport>;

// ---- Team calendar, substitutes, feeds ---------------------------------------------------------------

export const LeaveCalendarQuery = Type.Object(
  { from: DateOnly, to: DateOnly, departmentId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type LeaveCalendarQuery = Static<typeof LeaveCalendarQuery>;
export const LeaveCalendar = Type.Object({
  items: Type.Array(
    Type.Object({
      requestId: Type.String(),
      person: LeavePerson,
      absenceTypeName: Type.String(),
      status: Type.Enum(LEAVE_STATUSES),
      startDate: Type.String(),
      startPart: Type.Enum(DAY_PARTS),
      endDate: Type.String(),
      endPart: Type.Enum(DAY_PARTS),
      duration: Type.Number(),
    }),
  ),
  holidays: Type.Array(Holiday),
});
export type LeaveCalendar = Static<typeof LeaveCalendar>;

export const SubstituteBody = Type.Object({ substituteId: Nullable(Uuid) }, { additionalProperties: false });
export type SubstituteBody = Static<typeof SubstituteBody>;
export const Substitute = Type.Object({ substitute: Nullable(ApproverCandidate) });
export type Substitute = Static<typeof Substitute>;

export const CalendarFeedBody = Type.Object(
  { scope: Type.Enum(CALENDAR_FEED_SCOPES), departmentId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type CalendarFeedBody = Static<typeof CalendarFeedBody>;
export const CalendarFeed = Type.Object({
  id: Type.String(),
  scope: Type.Enum(CALENDAR_FEED_SCOPES),
  departmentName: Nullable(Type.String()),
  createdAt: Type.String(),
  /** The subscription address; only in the answer that creates the feed (it holds the secret). */
  url: Type.Optional(Type.String()),
});
export type CalendarFeed = Static<typeof CalendarFeed>;
export const CalendarFeedList = Type.Object({ items: Type.Array(CalendarFeed) });
export type CalendarFeedList = Static<typeof CalendarFeedList>;
export const FeedTokenParams = Type.Object(
  { token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}\\.ics$' }) },
  { additionalProperties: false },
);
