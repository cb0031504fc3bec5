import { Type, type Static } from 'typebox';
import {
  Email,
  Name,
  SearchText,
  Secret,
  Text,
  TEXT_DEFAULT,
  TEXT_MAX,
  TEXT_SHORT,
} from './common.schemas.ts';
import { NO_CONTROL_CHARACTERS } from './rules/text.ts';
import { LANGUAGES } from './i18n/index.ts';

/**
 * The API contract of account security: invitations and sign-up, passwords (forgot, reset, change,
 * forced update, expiry), two-factor authentication, the own profile and access requests.
 */

// Long enough for any token we issue (43 characters), short enough to refuse junk early.
const Token = Secret(200);
/** Candidate passwords are checked against the policy by the service, so the message is the policy's. */
const PasswordInput = Secret(200);

export const TokenBody = Type.Object({ token: Token }, { additionalProperties: false });
export type TokenBody = Static<typeof TokenBody>;

// Invitations and sign-up.

export const SignUpTokenInfo = Type.Object({
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  language: Type.Enum(LANGUAGES),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type SignUpTokenInfo = Static<typeof SignUpTokenInfo>;

export const SignUpBody = Type.Object(
  {
    token: Token,
    password: PasswordInput,
    confirmPassword: PasswordInput,
    agreeToTerms: Type.Boolean({ description: 'the terms of service and privacy policy; must be true' }),
  },
  { additionalProperties: false },
);
export type SignUpBody = Static<typeof SignUpBody>;

export const SignUpResponse = Type.Object({ email: Type.String() });

// Passwords.

export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetTokenInfo = Type.Object({
  email: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});

export const ResetPasswordBody = Type.Object(
  { token: Token, password: PasswordInput, confirmPassword: PasswordInput },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** Change (voluntary) and update (forced, after expiry) take the same fields. */
export const ChangePasswordBody = Type.Object(
  { currentPassword: PasswordInput, password: PasswordInput, confirmPassword: PasswordInput },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const PasswordValidationResponse = Type.Object({ valid: Type.Literal(true) });

export const PasswordExpiryState = Type.Enum(['OK', 'EXPIRING_SOON', 'EXPIRED', 'NEVER']);
export const PasswordExpiry = Type.Object({
  state: PasswordExpiryState,
  /** Null when passwords do not expire (maximum age 0) or no password was ever set. */
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  daysLeft: Type.Union([Type.Integer(), Type.Null()]),
  maxAgeDays: Type.Integer(),
  reminderDays: Type.Integer(),
  /** The person already closed the "expires soon" notice for this password. */
  notified: Type.Boolean(),
});
export type PasswordExpiry = Static<typeof PasswordExpiry>;

export const PasswordChangeResult = Type.Object({
  passwordChangedAt: Type.String({ format: 'date-time' }),
  expiry: PasswordExpiry,
});
export type PasswordChangeResult = Static<typeof PasswordChangeResult>;

export const PasswordPolicySettings = Type.Object(
  {
    maxAgeDays: Type.Integer({ minimum: 0, maximum: 3650, description: '0 turns expiry off' }),
    reminderDays: Type.Integer({ minimum: 0, maximum: 365 }),
  },
  { additionalProperties: false },
);
export type PasswordPolicySettings = Static<typeof PasswordPolicySettings>;

// Two-factor authentication.

const OtpCode = Type.String({ minLength: 6, maxLength: 6, pattern: '^[0-9]{6}$' });
const RecoveryCode = Secret(40);

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  enabledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  recoveryCodesLeft: Type.Integer(),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

export const TwoFactorSetup = Type.Object({
  /** Base32, for typing into an app that cannot scan. */
  secret: Type.String(),
  otpauthUrl: Type.String(),
  /** A PNG data URL of the otpauth URL. */
  qrCode: Type.String(),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;

export const TwoFactorCodeBody = Type.Object({ code: OtpCode }, { additionalProperties: false });
export type TwoFactorCodeBody = Static<typeof TwoFactorCodeBody>;

export const PasswordConfirmBody = Type.Object({ password: PasswordInput }, { additionalProperties: false });
export type PasswordConfirmBody = Static<typeof PasswordConfirmBody>;

export const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;

/** The second step of a sign-in: the challenge from TWO_FACTOR_REQUIRED and a code or a recovery code. */
export const TwoFactorSignInBody = Type.Object(
  {
    challenge: Token,
    code: Type.Optional(OtpCode),
    recoveryCode: Type.Optional(RecoveryCode),
  },
  { additionalProperties: false },
);
export type TwoFactorSignInBody = Static<typeof TwoFactorSignInBody>;

/** `details` of a TWO_FACTOR_REQUIRED error. */
export interface TwoFactorChallengeDetails {
  challenge: string;
  expiresAt: string;
}

// Profile.

export const ProfileUpdateBody = Type.Object(
  {
    firstName: Name(TEXT_SHORT),
    lastName: Name(TEXT_SHORT),
    language: Type.Enum(LANGUAGES),
  },
  { additionalProperties: false },
);
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

export { AVATAR_MAX_BYTES, AVATAR_TYPES } from './rules/avatar.ts';

// Access requests.

export const ACCESS_REQUEST_STATUSES = ['PENDING', 'GRANTED', 'DENIED'] as const;
export const AccessRequestStatus = Type.Enum(ACCESS_REQUEST_STATUSES);

export const AccessRequestBody = Type.Object(
  {
    /** The page the person could not open. */
    path: Type.String({
      minLength: 1,
      maxLength: TEXT_DEFAULT,
      pattern: '^/',
      allOf: [{ pattern: NO_CONTROL_CHARACTERS }],
    }),
    /** The permission the page named (`a | b` when any of several would do). */
    permission: Type.Optional(Text(100)),
    reason: Type.Optional(Text(TEXT_MAX)),
  },
  { additionalProperties: false },
);
export type AccessRequestBody = Static<typeof AccessRequestBody>;

export const AccessRequestPerson = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
});

export const AccessRequest = Type.Object({
  id: Type.String(),
  path: Type.String(),
  permission: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  status: AccessRequestStatus,
  requester: AccessRequestPerson,
  grantedRole: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
  reviewNote: Type.Union([Type.String(), Type.Null()]),
  reviewedBy: Type.Union([AccessRequestPerson, Type.Null()]),
  reviewedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  abilities: Type.Object({ grant: Type.Boolean(), deny: Type.Boolean() }),
});
export type AccessRequest = Static<typeof AccessRequest>;

export const AccessRequestList = Type.Object({ items: Type.Array(AccessRequest) });
export const AccessRequestQuery = Type.Object({ status: Type.Optional(AccessRequestStatus) });

export const GrantAccessBody = Type.Object(
  { roleId: Type.String({ format: 'uuid' }), note: Type.Optional(Text(TEXT_MAX)) },
  { additionalProperties: false },
);
export type GrantAccessBody = Static<typeof GrantAccessBody>;

export const DenyAccessBody = Type.Object(
  { note: Type.Optional(Text(TEXT_MAX)) },
  { additionalProperties: false },
);
export type DenyAccessBody = Static<typeof DenyAccessBody>;

// Members of access roles.

export const RoleMember = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  status: Type.String(),
  assignedAt: Type.String(),
  abilities: Type.Object({ remove: Type.Boolean() }),
});
export type RoleMember = Static<typeof RoleMember>;

export const RoleMemberList = Type.Object({
  items: Type.Array(RoleMember),
  abilities: Type.Object({ add: Type.Boolean() }),
});
export type RoleMemberList = Static<typeof RoleMemberList>;

export const RoleMemberParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  userId: Type.String({ format: 'uuid' }),
});
export const RoleMemberBody = Type.Object(
  { userId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export const CandidateQuery = Type.Object({ search: Type.Optional(SearchText(TEXT_SHORT)) });
export const CandidateList = Type.Object({ items: Type.Array(AccessRequestPerson) });
