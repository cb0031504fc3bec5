import { Type, type Static, type TSchema } from 'typebox';
import { Paged, type Page } from './paging.schemas.ts';
import { Email, NonBlankString, TEXT_MAX, Uuid } from './common.schemas.ts';

/**
 * Notifications (spec sections 3, 4 and 7): the types, the data each type carries, the tabs, and the
 * request and response shapes of the notification API.
 */

/** Spec section 9: page size of the notification list. */
export const NOTIFICATIONS_PER_PAGE = 10;
export const NOTIFICATIONS_MAX_PER_PAGE = 100;
/** Most recipients one announcement may name (everyone is `toAll`). */
export const ANNOUNCEMENT_MAX_RECIPIENTS = 1000;

export const NOTIFICATION_TABS = ['PLATFORM', 'PROJECTS'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

/**
 * The spec's eight types, plus ANNOUNCEMENT (messages from an administrator), PASSWORD_EXPIRING
 * (the expiry reminder), ACCESS_REQUEST (someone asks the reviewers for access), the three
 * overtime types (the leave ones' counterparts), the two of recurring tasks (a child task to do,
 * one past its due day), PAYMENT_REJECTED (a payer refused an invoice: its submitter is told, as
 * PAYMENT_MADE tells them of a payment), an asset handed to someone, and the risk register's two
 * worker flags (a treatment plan past its expected completion, an acceptance due for review), and a
 * company document to acknowledge (published or a new version) and its reminder, the hiring team's
 * two (a new candidate, feedback due), and a failed backup run or restore drill (told to whoever
 * manages backups), and an offboarding checklist still open (told daily to whoever manages accounts),
 * and a security audit run that found something or failed (told to the platform administrators).
 */
export const NOTIFICATION_TYPES = [
  'NEW_LEAVE_REQUEST',
  'LEAVE_REQUEST_APPROVED',
  'LEAVE_REQUEST_REJECTED',
  'PAYMENT_REQUEST',
  'PAYMENT_MADE',
  'SSO_REQUEST',
  'SSO_REQUEST_REJECTED',
  'SSO_REQUEST_APPROVED',
  'ANNOUNCEMENT',
  'PASSWORD_EXPIRING',
  'ACCESS_REQUEST',
  'NEW_OVERTIME_REQUEST',
  'OVERTIME_REQUEST_APPROVED',
  'OVERTIME_REQUEST_REJECTED',
  'RECURRING_TASK_DUE',
  'RECURRING_TASK_OVERDUE',
  'PAYMENT_REJECTED',
  'ASSET_ASSIGNED',
  'RISK_TREATMENT_OVERDUE',
  'RISK_REVIEW_DUE',
  'DOCUMENT_TO_ACKNOWLEDGE',
  'DOCUMENT_ACKNOWLEDGEMENT_REMINDER',
  'HIRING_NEW_CANDIDATE',
  'HIRING_FEEDBACK_DUE',
  'BACKUP_FAILED',
  'OFFBOARDING_REMINDER',
  'SECURITY_AUDIT_FINDINGS',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Who caused the notification, as shown beside it (name and avatar). */
export const NotificationActor = Type.Object({
  id: Nullable(Type.String()),
  firstName: Type.String(),
  lastName: Type.String(),
  avatarUrl: Nullable(Type.String()),
});
export type NotificationActor = Static<typeof NotificationActor>;

/** A leave request: its length in days and the requester's names and avatar. */
export const LeaveRequestRef = Type.Object({
  id: Type.String(),
  duration: Type.Number({ minimum: 0 }),
  firstName: Type.String(),
  lastName: Type.String(),
  avatarUrl: Nullable(Type.String()),
});
/** An invoice: its name and the names of the person it concerns. */
export const InvoiceRef = Type.Object({
  id: Type.String(),
  name: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
});
/** An overtime request: its date, hours and the requester's names and avatar. */
export const OvertimeRequestRef = Type.Object({
  id: Type.String(),
  workDate: Type.String(),
  hours: Type.Number({ minimum: 0 }),
  firstName: Type.String(),
  lastName: Type.String(),
  avatarUrl: Nullable(Type.String()),
});
/** A child task of a recurring task: the task's name, and the child's start and due days. */
export const RecurringTaskChildRef = Type.Object({
  recurringTask: Type.Object({ id: Type.String(), name: Type.String() }),
  child: Type.Object({ id: Type.String(), startDate: Type.String(), dueDate: Type.String() }),
});
/** An asset handed to someone: its name and serial number. */
export const AssetRef = Type.Object({
  id: Type.String(),
  name: Type.String(),
  serialNumber: Nullable(Type.String()),
});
/** A risk: its name, and the date the flag is about (a plan's expected completion, a review's due date). */
export const RiskRef = Type.Object({ id: Type.String(), name: Type.String(), date: Type.String() });
/** A company document to acknowledge: its title and the version to read. */
export const DocumentRef = Type.Object({
  id: Type.String(),
  title: Type.String(),
  version: Type.Integer({ minimum: 1 }),
});
/** A candidate of a hiring campaign. */
export const HiringCandidateRef = {
  campaign: Type.Object({ id: Type.String(), position: Type.String() }),
  candidate: Type.Object({ id: Type.String(), firstName: Type.String(), lastName: Type.String() }),
};
/** A backup configuration whose run (or restore drill) failed, and why. */
export const BackupRef = Type.Object({ id: Type.String(), name: Type.String(), error: Type.String() });
/** A deactivated person whose offboarding checklist still has open items. */
export const OffboardingRef = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  open: Type.Integer(),
});
/** A security audit run: its check, result, how many findings, and the error of a failed run. */
export const SecurityAuditRunRef = Type.Object({
  runId: Type.String(),
  check: Type.String(),
  result: Type.String(),
  findingCount: Type.Integer({ minimum: 0 }),
  error: Nullable(Type.String()),
});
export const SsoRequestRef = Type.Object({ id: Type.String(), ssoConnectionName: Type.String() });
export const SsoConnectionRef = Type.Object({ id: Type.String(), name: Type.String() });

const withActor = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object({ actor: Nullable(NotificationActor), ...properties });

/** The data each type carries (spec section 3: data{leaveRequest, invoice, ssoRequest, actor, ssoConnection}). */
export const NOTIFICATION_DATA = {
  NEW_LEAVE_REQUEST: withActor({ leaveRequest: LeaveRequestRef }),
  LEAVE_REQUEST_APPROVED: withActor({ leaveRequest: LeaveRequestRef }),
  LEAVE_REQUEST_REJECTED: withActor({ leaveRequest: LeaveRequestRef }),
  PAYMENT_REQUEST: withActor({ invoice: InvoiceRef }),
  PAYMENT_MADE: withActor({ invoice: InvoiceRef }),
  SSO_REQUEST: withActor({ ssoRequest: SsoRequestRef }),
  SSO_REQUEST_REJECTED: withActor({ ssoConnection: SsoConnectionRef }),
  SSO_REQUEST_APPROVED: withActor({ ssoConnection: SsoConnectionRef }),
  ANNOUNCEMENT: withActor({ message: Type.String({ maxLength: TEXT_MAX }) }),
  PASSWORD_EXPIRING: withActor({ expiresAt: Type.String(), daysLeft: Type.Integer({ minimum: 0 }) }),
  ACCESS_REQUEST: withActor({ accessRequest: Type.Object({ id: Type.String(), path: Type.String() }) }),
  NEW_OVERTIME_REQUEST: withActor({ overtimeRequest: OvertimeRequestRef }),
  OVERTIME_REQUEST_APPROVED: withActor({ overtimeRequest: OvertimeRequestRef }),
  OVERTIME_REQUEST_REJECTED: withActor({ overtimeRequest: OvertimeRequestRef }),
  RECURRING_TASK_DUE: withActor(RecurringTaskChildRef.properties),
  RECURRING_TASK_OVERDUE: withActor(RecurringTaskChildRef.properties),
  PAYMENT_REJECTED: withActor({ invoice: InvoiceRef }),
  ASSET_ASSIGNED: withActor({ asset: AssetRef }),
  RISK_TREATMENT_OVERDUE: withActor({ risk: RiskRef }),
  RISK_REVIEW_DUE: withActor({ risk: RiskRef }),
  DOCUMENT_TO_ACKNOWLEDGE: withActor({ document: DocumentRef }),
  DOCUMENT_ACKNOWLEDGEMENT_REMINDER: withActor({ document: DocumentRef }),
  HIRING_NEW_CANDIDATE: withActor(HiringCandidateRef),
  HIRING_FEEDBACK_DUE: withActor({ ...HiringCandidateRef, stage: Type.String(), dueDate: Type.String() }),
  BACKUP_FAILED: withActor({ backup: BackupRef }),
  OFFBOARDING_REMINDER: withActor({ offboarding: OffboardingRef }),
  SECURITY_AUDIT_FINDINGS: withActor({ audit: SecurityAuditRunRef }),
} as const satisfies Record<NotificationType, TSchema>;

export type NotificationData<T extends NotificationType = NotificationType> = Static<
  (typeof NOTIFICATION_DATA)[T]
>;

/** Which tab a type is listed under. Every type of the spec concerns the platform. */
export const NOTIFICATION_TAB_OF: Record<NotificationType, NotificationTab> = {
  NEW_LEAVE_REQUEST: 'PLATFORM',
  LEAVE_REQUEST_APPROVED: 'PLATFORM',
  LEAVE_REQUEST_REJECTED: 'PLATFORM',
  PAYMENT_REQUEST: 'PLATFORM',
  PAYMENT_MADE: 'PLATFORM',
  SSO_REQUEST: 'PLATFORM',
  SSO_REQUEST_REJECTED: 'PLATFORM',
  SSO_REQUEST_APPROVED: 'PLATFORM',
  ANNOUNCEMENT: 'PLATFORM',
  PASSWORD_EXPIRING: 'PLATFORM',
  ACCESS_REQUEST: 'PLATFORM',
  NEW_OVERTIME_REQUEST: 'PLATFORM',
  OVERTIME_REQUEST_APPROVED: 'PLATFORM',
  OVERTIME_REQUEST_REJECTED: 'PLATFORM',
  RECURRING_TASK_DUE: 'PLATFORM',
  RECURRING_TASK_OVERDUE: 'PLATFORM',
  PAYMENT_REJECTED: 'PLATFORM',
  ASSET_ASSIGNED: 'PLATFORM',
  RISK_TREATMENT_OVERDUE: 'PLATFORM',
  RISK_REVIEW_DUE: 'PLATFORM',
  DOCUMENT_TO_ACKNOWLEDGE: 'PLATFORM',
  DOCUMENT_ACKNOWLEDGEMENT_REMINDER: 'PLATFORM',
  HIRING_NEW_CANDIDATE: 'PLATFORM',
  HIRING_FEEDBACK_DUE: 'PLATFORM',
  BACKUP_FAILED: 'PLATFORM',
  OFFBOARDING_REMINDER: 'PLATFORM',
  SECURITY_AUDIT_FINDINGS: 'PLATFORM',
};

/** One notification as the API returns it and the live channel pushes it. */
export const Notification = Type.Object({
  id: Type.String(),
  type: Type.Enum(NOTIFICATION_TYPES),
  tab: Type.Enum(NOTIFICATION_TABS),
  isRead: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  data: Type.Record(Type.String(), Type.Unknown()),
});
/** The wire shape with `data` narrowed by `type`. */
export type Notification = {
  [T in NotificationType]: {
    id: string;
    type: T;
    tab: NotificationTab;
    isRead: boolean;
    createdAt: string;
    data: NotificationData<T>;
  };
}[NotificationType];

export const NotificationListQuery = Type.Object(
  {
    isRead: Type.Optional(Type.Boolean({ description: 'false: only unread; true: only read; absent: all' })),
    tab: Type.Optional(Type.Enum(NOTIFICATION_TABS)),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    perPage: Type.Integer({
      minimum: 1,
      maximum: NOTIFICATIONS_MAX_PER_PAGE,
      default: NOTIFICATIONS_PER_PAGE,
    }),
  },
  { additionalProperties: false },
);
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationList = Paged(Notification);
export type NotificationList = Page<Notification>;

export const NotificationStats = Type.Object({ unreadCount: Type.Integer() });
export type NotificationStats = Static<typeof NotificationStats>;

export const IsReadBody = Type.Object({ isRead: Type.Boolean() }, { additionalProperties: false });
export type IsReadBody = Static<typeof IsReadBody>;

export const ReadAllResponse = Type.Object({ updated: Type.Integer(), unreadCount: Type.Integer() });
export type ReadAllResponse = Static<typeof ReadAllResponse>;

/** An announcement: to everyone (`toAll`) or to chosen people by id or email, never both. */
export const AnnouncementBody = Type.Object(
  {
    message: NonBlankString(TEXT_MAX),
    toAll: Type.Optional(Type.Boolean()),
    userIds: Type.Optional(Type.Array(Uuid, { maxItems: ANNOUNCEMENT_MAX_RECIPIENTS, uniqueItems: true })),
    emails: Type.Optional(Type.Array(Email, { maxItems: ANNOUNCEMENT_MAX_RECIPIENTS, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type AnnouncementBody = Static<typeof AnnouncementBody>;

export const AnnouncementResponse = Type.Object({ recipientCount: Type.Integer() });
export type AnnouncementResponse = Static<typeof AnnouncementResponse>;
