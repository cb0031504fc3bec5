import { Type, type Static } from 'typebox';
import { Email, Secret } from './common.schemas.ts';
import { NO_CONTROL_CHARACTERS } from './rules/text.ts';
import { LANGUAGES } from './i18n/index.ts';

export const SignInBody = Type.Object(
  {
    email: Email,
    password: Secret(200),
  },
  { additionalProperties: false },
);
export type SignInBody = Static<typeof SignInBody>;

export const SessionUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatarUrl: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  language: Type.Enum(LANGUAGES),
  /** A vault exists: the secrets screen asks for the passcode rather than setting one up. */
  hasEncryptionKey: Type.Boolean(),
});
export type SessionUser = Static<typeof SessionUser>;

export const SignInResponse = Type.Object({
  user: SessionUser,
  accessToken: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type SignInResponse = Static<typeof SignInResponse>;

export const CheckPasswordBody = Type.Object(
  // A candidate of spaces is answered (it meets no rule), so only control characters are refused.
  { password: Type.String({ maxLength: 200, pattern: NO_CONTROL_CHARACTERS }) },
  { additionalProperties: false },
);
export const CheckPasswordResponse = Type.Object({
  valid: Type.Boolean(),
  rules: Type.Object({
    length: Type.Boolean(),
    uppercase: Type.Boolean(),
    lowercase: Type.Boolean(),
    digit: Type.Boolean(),
    special: Type.Boolean(),
  }),
});

export const LanguageBody = Type.Object({ language: Type.Enum(LANGUAGES) }, { additionalProperties: false });
export type LanguageBody = Static<typeof LanguageBody>;
