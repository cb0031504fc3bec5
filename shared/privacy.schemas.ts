import { Type, type Static, type TSchema } from 'typebox';
import { Email } from './common.schemas.ts';
import { Paged, PageQueryFields, type Page } from './paging.schemas.ts';

/**
 * Personal data protection (Vietnam's Decree 13/2023/ND-CP; GDPR-like; "not shown" in the spec and
 * designed here): consent records, a person's data export, and the retention of former employees'
 * personal fields (anonymised after their offboarding date plus the retention period).
 */

export const CONSENT_KINDS = ['TERMS', 'PRIVACY'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
/** SIGN_UP: agreed on the sign-up page; BACKFILL: from the acceptance kept before consent records existed. */
export const CONSENT_SOURCES = ['SIGN_UP', 'BACKFILL'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The retention period, in months after the offboarding date (default: 24). */
export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 600;
export const DEFAULT_RETENTION_MONTHS = 24;

/**
 * The personal fields cleared by an anonymisation. Kept, because payroll, tax and social insurance
 * history must stay attributable (Labour Code art. 12 records, Law on Social Insurance): first and
 * last name, employee code, social insurance number, contract type, department, onboarding and
 * offboarding dates — and every business record (leave, overtime, work logs, invoices).
 */
export const ANONYMISED_FIELDS = [
  'email',
  'phoneNumber',
  'address',
  'birthday',
  'gender',
  'idCardNumber',
  'idCardIssueDate',
  'idCardIssueAuthority',
  'bankAccountNumber',
  'bank',
  'avatar',
  'discordAccount',
  'note',
  'organization',
  'password',
  'lineManager',
] as const;
export const KEPT_FIELDS = [
  'firstName',
  'lastName',
  'employeeCode',
  'socialInsuranceNumber',
  'contractType',
  'department',
  'onboardDate',
  'offboardDate',
] as const;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ConsentRecord = Type.Object({
  id: Type.String(),
  kind: Type.Enum(CONSENT_KINDS),
  source: Type.Enum(CONSENT_SOURCES),
  agreedAt: Type.String(),
  ip: Nullable(Type.String()),
});
export type ConsentRecord = Static<typeof ConsentRecord>;
export const ConsentPage = Paged(ConsentRecord);
export type ConsentPage = Page<ConsentRecord>;

export const ConsentQuery = Type.Object({ ...PageQueryFields }, { additionalProperties: false });
export type ConsentQuery = Static<typeof ConsentQuery>;

export const PrivacySettings = Type.Object({
  retentionMonths: Type.Integer({ minimum: RETENTION_MONTHS_MIN, maximum: RETENTION_MONTHS_MAX }),
});
export type PrivacySettings = Static<typeof PrivacySettings>;
export const PrivacySettingsBody = Type.Object(
  { retentionMonths: Type.Integer({ minimum: RETENTION_MONTHS_MIN, maximum: RETENTION_MONTHS_MAX }) },
  { additionalProperties: false },
);
export type PrivacySettingsBody = Static<typeof PrivacySettingsBody>;

/** A former employee due for anonymisation (the dry run lists them; the run clears them). */
export const RetentionCandidate = Type.Object({
  userId: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  offboardDate: Type.String(),
  /** offboardDate + the retention period: the day from which the fields may be cleared. */
  dueDate: Type.String(),
});
export type RetentionCandidate = Static<typeof RetentionCandidate>;

export const RetentionPreview = Type.Object({
  retentionMonths: Type.Integer(),
  today: Type.String(),
  candidates: Type.Array(RetentionCandidate),
  /** More are due than listed (the list shows the first 500). */
  truncated: Type.Boolean(),
  anonymisedFields: Type.Array(Type.String()),
  keptFields: Type.Array(Type.String()),
});
export type RetentionPreview = Static<typeof RetentionPreview>;

export const RetentionRunResult = Type.Object({
  anonymisedCount: Type.Integer({ minimum: 0 }),
  userIds: Type.Array(Type.String()),
});
export type RetentionRunResult = Static<typeof RetentionRunResult>;

export const DataExportQuery = Type.Object({ email: Email }, { additionalProperties: false });
export type DataExportQuery = Static<typeof DataExportQuery>;
