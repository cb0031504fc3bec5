import { Type, type Static, type TSchema } from 'typebox';
import { NonBlankString, SearchText, TEXT_DEFAULT, TEXT_SHORT, Uuid } from './common.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';

/**
 * Secrets and secure share links (spec sections 3-9; the calls are "not shown" in the spec and are
 * designed here, documented in the README). Everything secret travels as base64url ciphertext made
 * in the browser (shared/crypto/): the server checks shapes and sizes, never contents.
 */

export const SECRET_TYPES = ['K8S_KEY', 'SSH_KEY', 'SECURE_NOTE', 'PRIVATE_KEY'] as const;
export type SecretType = (typeof SECRET_TYPES)[number];
export const SHARE_ROLES = ['OWNER', 'EDITOR', 'COMMENTER', 'VIEWER'] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];

/** Wrong passcodes before the lockout, and its length (spec section 9: 10 minutes). */
export const PASSCODE_MAX_ATTEMPTS = 5;
export const PASSCODE_LOCKOUT_MINUTES = 10;
/** Private key files (spec section 9: key files 1MB). */
export const KEY_FILE_MAX_BYTES = 1024 * 1024;
export const KEY_FILE_EXTENSIONS = ['.pem', '.key', '.txt'] as const;
/**
 * Secure share ceilings ("not shown" in the spec; chosen here and documented in the README): no
 * setting may pass them. The limits in force are settings below them (UTILITIES of
 * /platform-settings, shared/platform-settings.schemas.ts); `default` is the built-in default.
 */
export const SECURE_SHARE_LIMITS = {
  accessLimit: { min: 1, max: 100, default: 1 },
  expirationHours: { min: 1, max: 720, default: 24 },
  textMaxLength: 5000,
} as const;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Base64Url = (maxLength: number) => Type.String({ pattern: '^[A-Za-z0-9_-]+$', maxLength });
/** A 256-bit value as base64url (43 characters). */
const Proof = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' });
/** Secret contents with a 1MB key file: JSON, encrypted, base64url, with room to spare. */
const MAX_CONTENT_CHARS = 1_500_000;

export const Sealed = (maxLength = 4096) =>
  Type.Object(
    { iv: Type.String({ pattern: '^[A-Za-z0-9_-]{16}$' }), ciphertext: Base64Url(maxLength) },
    {
      additionalProperties: false,
    },
  );
export const WrappedKey = Type.Object(
  { iv: Type.String({ pattern: '^[A-Za-z0-9_-]{16}$' }), ciphertext: Base64Url(128), epk: Base64Url(256) },
  { additionalProperties: false },
);
export type WrappedKey = Static<typeof WrappedKey>;
const PublicKey = Base64Url(256);

// ---- Vault: passcode and recovery key ---------------------------------------------------------------

export const VaultStatus = Type.Object({
  hasEncryptionKey: Type.Boolean(),
  /** PBKDF2 parameters the browser needs before it can derive a proof. */
  passcodeSalt: Nullable(Type.String()),
  kdfIterations: Type.Integer(),
  publicKey: Nullable(Type.String()),
  wrappedPrivateKey: Nullable(Sealed()),
  attemptsRemaining: Type.Integer(),
  lockedUntil: Nullable(Type.String()),
});
export type VaultStatus = Static<typeof VaultStatus>;

export const VaultSetupBody = Type.Object(
  {
    passcodeSalt: Base64Url(64),
    passcodeProof: Proof,
    passcodeWrappedKey: Sealed(128),
    recoveryProof: Proof,
    recoveryWrappedKey: Sealed(128),
    publicKey: PublicKey,
    wrappedPrivateKey: Sealed(1024),
  },
  { additionalProperties: false },
);
export type VaultSetupBody = Static<typeof VaultSetupBody>;

export const UnlockBody = Type.Object({ passcodeProof: Proof }, { additionalProperties: false });
export type UnlockBody = Static<typeof UnlockBody>;
export const RecoverBody = Type.Object({ recoveryProof: Proof }, { additionalProperties: false });
export type RecoverBody = Static<typeof RecoverBody>;
/** The user key sealed under the passcode (or recovery) key: only the browser can open it. */
export const WrappedUserKey = Type.Object({ wrappedUserKey: Sealed(128) });
export type WrappedUserKey = Static<typeof WrappedUserKey>;

/**
 * A new passcode. The caller proves who they are with the recovery key (a forgotten passcode) or
 * the current passcode (a change). `sameAsCurrentProof` is the new passcode's proof under the
 * current salt: equal to the stored one means the passcode did not change.
 */
export const PasscodeResetBody = Type.Object(
  {
    recoveryProof: Type.Optional(Proof),
    currentPasscodeProof: Type.Optional(Proof),
    sameAsCurrentProof: Proof,
    passcodeSalt: Base64Url(64),
    passcodeProof: Proof,
    passcodeWrappedKey: Sealed(128),
  },
  { additionalProperties: false },
);
export type PasscodeResetBody = Static<typeof PasscodeResetBody>;

// ---- Secrets ------------------------------------------------------------------------------------------

const Tags = Type.Array(NonBlankString(50), { maxItems: 20 });

export const SecretBody = Type.Object(
  {
    name: NonBlankString(TEXT_SHORT),
    type: Type.Enum(SECRET_TYPES),
    folder: Type.Optional(Nullable(NonBlankString(100))),
    tags: Type.Optional(Tags),
    content: Sealed(MAX_CONTENT_CHARS),
    /** The item key wrapped for the creator's own public key. */
    wrappedKey: WrappedKey,
  },
  { additionalProperties: false },
);
export type SecretBody = Static<typeof SecretBody>;

export const SecretUpdateBody = Type.Object(
  {
    name: NonBlankString(TEXT_SHORT),
    folder: Type.Optional(Nullable(NonBlankString(100))),
    tags: Type.Optional(Tags),
    content: Sealed(MAX_CONTENT_CHARS),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type SecretUpdateBody = Static<typeof SecretUpdateBody>;

export const SecretQuery = Type.Object(
  {
    search: Type.Optional(SearchText()),
    folder: Type.Optional(Type.String({ maxLength: 100 })),
    tag: Type.Optional(Type.String({ maxLength: 50 })),
    /** 'mine' (default): secrets shared with me; 'all': the company inventory, for a secrets manager. */
    scope: Type.Optional(Type.Union([Type.Literal('mine'), Type.Literal('all')])),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type SecretQuery = Static<typeof SecretQuery>;

export const SecretPerson = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
});

export const SecretAbilities = Type.Object({
  read: Type.Boolean(),
  edit: Type.Boolean(),
  comment: Type.Boolean(),
  share: Type.Boolean(),
  delete: Type.Boolean(),
});
export type SecretAbilities = Static<typeof SecretAbilities>;

export const SecretSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum(SECRET_TYPES),
  folder: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  myRole: Nullable(Type.Enum(SHARE_ROLES)),
  owner: Nullable(SecretPerson),
  memberCount: Type.Integer(),
  updatedAt: Type.String(),
  abilities: SecretAbilities,
});
export type SecretSummary = Static<typeof SecretSummary>;
export const SecretPage = Paged(SecretSummary);
export type SecretPage = Static<typeof SecretPage>;

export const SecretMember = Type.Object({ person: SecretPerson, role: Type.Enum(SHARE_ROLES) });
export const SecretComment = Type.Object({
  id: Type.String(),
  author: SecretPerson,
  content: Sealed(),
  createdAt: Type.String(),
});

/** One secret opened by a member: its ciphertext and the item key wrapped for them (an audited read). */
export const SecretDetail = Type.Object({
  ...SecretSummary.properties,
  version: Type.Integer(),
  content: Sealed(MAX_CONTENT_CHARS),
  wrappedKey: WrappedKey,
  members: Type.Array(SecretMember),
  comments: Type.Array(SecretComment),
});
export type SecretDetail = Static<typeof SecretDetail>;

export const MemberParams = Type.Object({ id: Uuid, userId: Uuid });
export type MemberParams = Static<typeof MemberParams>;
export const MemberBody = Type.Object(
  { role: Type.Enum(SHARE_ROLES), wrappedKey: Type.Optional(WrappedKey) },
  { additionalProperties: false },
);
export type MemberBody = Static<typeof MemberBody>;
export const CommentBody = Type.Object({ content: Sealed(8000) }, { additionalProperties: false });
export type CommentBody = Static<typeof CommentBody>;

export const RecipientQuery = Type.Object(
  { search: Type.Optional(SearchText()) },
  { additionalProperties: false },
);
export type RecipientQuery = Static<typeof RecipientQuery>;
/** Someone a secret can be shared with: a person with a vault, and the public key to wrap for. */
export const Recipient = Type.Object({ ...SecretPerson.properties, publicKey: Type.String() });
export const RecipientList = Type.Object({ items: Type.Array(Recipient) });
export type RecipientList = Static<typeof RecipientList>;

// ---- Secure share -------------------------------------------------------------------------------------

const { accessLimit, expirationHours, textMaxLength } = SECURE_SHARE_LIMITS;
export const SecureShareBody = Type.Object(
  {
    // 5000 characters of text: at most 20 000 bytes of UTF-8, plus the GCM tag, in base64url.
    content: Sealed(27_000),
    verifierHash: Proof,
    accessLimit: Type.Integer({ minimum: accessLimit.min, maximum: accessLimit.max }),
    expirationHours: Type.Integer({ minimum: expirationHours.min, maximum: expirationHours.max }),
  },
  { additionalProperties: false },
);
export type SecureShareBody = Static<typeof SecureShareBody>;
export const SecureShareCreated = Type.Object({
  id: Type.String(),
  accessLimit: Type.Integer(),
  expiresAt: Type.String(),
});
export type SecureShareCreated = Static<typeof SecureShareCreated>;
export const SecureShareStatus = Type.Object({ remainingViews: Type.Integer(), expiresAt: Type.String() });
export type SecureShareStatus = Static<typeof SecureShareStatus>;
/** What a new link may ask for now (the UTILITIES settings) and what the form starts with. */
export const SecureShareLimits = Type.Object({
  maxViews: Type.Integer(),
  defaultViews: Type.Integer(),
  maxHours: Type.Integer(),
  defaultHours: Type.Integer(),
});
export type SecureShareLimits = Static<typeof SecureShareLimits>;
export const RevealBody = Type.Object({ verifier: Base64Url(64) }, { additionalProperties: false });
export type RevealBody = Static<typeof RevealBody>;
export const Revealed = Type.Object({ content: Sealed(27_000), remainingViews: Type.Integer() });
export type Revealed = Static<typeof Revealed>;
export { textMaxLength as SECURE_SHARE_TEXT_MAX, TEXT_DEFAULT as SECRET_FIELD_MAX };
