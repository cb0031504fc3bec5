import englishErrors from './i18n/en/errors.json' with { type: 'json' };

/**
 * Error codes shared by server and client. The server maps each code to an HTTP status; the client
 * translates the code (i18n key `errors:<CODE>`) so every message reaches the user in their language.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  BAD_REALTIME_MESSAGE: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  SESSION_EXPIRED: 401,
  /** The session ended because the person was deactivated: the page says so before sign-in. */
  ACCOUNT_DEACTIVATED: 401,
  TWO_FACTOR_REQUIRED: 401,
  FORBIDDEN: 403,
  /** A payer paying or rejecting their own invoice: another payer must (separation of duties). */
  OWN_INVOICE: 403,
  /** The consent step of an app the person may not use (yet): they ask for access instead. */
  SSO_ACCESS_REQUIRED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  ROOM_NOT_FOUND: 404,
  /** An app login that expired, or that another browser started (its interaction cookie is not ours). */
  SSO_LOGIN_EXPIRED: 404,
  CONFLICT: 409,
  ALREADY_EXISTS: 409,
  CLIENT_NAME_TAKEN: 409,
  PROJECT_NAME_TAKEN: 409,
  MEMBER_ALREADY_ACTIVE: 409,
  /** A leave request that no longer waits for approval cannot be edited, deleted or decided. */
  LEAVE_REQUEST_CLOSED: 409,
  /** Only approved leave that has not started can be cancelled. */
  LEAVE_NOT_CANCELLABLE: 409,
  /** The approver has already answered. */
  APPROVAL_CLOSED: 409,
  /** A lock covers the work log's day and project. */
  WORK_LOG_LOCKED: 409,
  WORK_LOG_LOCK_LIFTED: 409,
  /** A recurring task with children is deactivated, not deleted: their history stays. */
  RECURRING_TASK_HAS_CHILDREN: 409,
  /** A child task's action does not fit its status (complete a cancelled one, uncancel an open one …). */
  RECURRING_CHILD_NOT_OPEN: 409,
  RECURRING_CHILD_NOT_COMPLETED: 409,
  RECURRING_CHILD_NOT_CANCELLED: 409,
  /** The same provider, address and path are connected already. */
  CONNECTION_DUPLICATE: 409,
  CONNECTION_INACTIVE: 409,
  /** The stored token does not decrypt with the current CONNECTIONS_KEY. */
  CONNECTION_TOKEN_UNREADABLE: 409,
  /** One sync at a time per connection. */
  SYNC_RUNNING: 409,
  JIRA_PROJECT_ALREADY_LINKED: 409,
  /** Asking for an app one may already use. */
  SSO_ALREADY_ALLOWED: 409,
  /** A git repository linked to the project already. */
  GIT_REPOSITORY_ALREADY_LINKED: 409,
  /** A push of the same log is under way. */
  JIRA_PUSH_RUNNING: 409,
  /** Only a pending invoice can be changed, deleted, paid or rejected. */
  INVOICE_NOT_PENDING: 409,
  /** Reopening an invoice that is already pending. */
  INVOICE_ALREADY_PENDING: 409,
  /** Acknowledging (or reminding about) a document that does not require acknowledgement. */
  ACKNOWLEDGEMENT_NOT_REQUIRED: 409,
  /** Checking in an asset nobody holds; assigning one to the person who already holds it. */
  ASSET_NOT_ASSIGNED: 409,
  ASSET_ALREADY_ASSIGNED: 409,
  /** An asset with risks stays: its risks refer to it. */
  ASSET_HAS_RISKS: 409,
  /** An asset audit once closed takes no more confirmations, and is not closed twice. */
  ASSET_AUDIT_CLOSED: 409,
  /** The risk workflow's table has no such transition from the risk's state. */
  RISK_TRANSITION_NOT_ALLOWED: 409,
  /** ISO separation of duties: the person who submitted a step never reviews it. */
  RISK_SELF_REVIEW: 403,
  /** Secrets: a passcode or vault action before the vault exists, or a second setup. */
  VAULT_REQUIRED: 409,
  VAULT_EXISTS: 409,
  /** A secret changed since the editor opened it (optimistic lock on its version). */
  SECRET_STALE: 412,
  PASSCODE_INCORRECT: 422,
  RECOVERY_KEY_INVALID: 422,
  /** A secure share link whose key does not match: no view is used. */
  SECURE_SHARE_KEY_INVALID: 422,
  /** Expired or viewed as often as allowed. */
  SECURE_SHARE_GONE: 410,
  /** Candidates join an OPEN campaign only; a CLOSED one takes no moves, feedback or hires. */
  HIRING_CAMPAIGN_NOT_OPEN: 409,
  HIRING_CAMPAIGN_CLOSED: 409,
  /** A hired candidate is an employee now: they are not moved or hired again. */
  HIRING_APPLICATION_HIRED: 409,
  /** A rejected candidate is moved back into the pipeline before being hired. */
  HIRING_APPLICATION_REJECTED: 409,
  /** A restore into a database or data folder that already holds data, without --force. */
  BACKUP_TARGET_NOT_EMPTY: 409,
  /** Decryption needs BACKUP_ENCRYPTION_KEY, and the one set is the key the archive was made with. */
  BACKUP_KEY_REQUIRED: 422,
  BACKUP_KEY_MISMATCH: 422,
  /** Damaged, truncated or not a Backoffice archive: refused before anything is touched. */
  BACKUP_ARCHIVE_INVALID: 422,
  /** The archive has migrations this installation does not know: upgrade first. */
  BACKUP_ARCHIVE_NEWER: 422,
  /** The destination refused or failed (the message says why). */
  BACKUP_DESTINATION_FAILED: 502,
  GONE: 410,
  LINK_EXPIRED: 410,
  INVITATION_LINK_EXPIRED: 410,
  PASSWORD_RESET_LINK_EXPIRED: 410,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  /** A scanned image without a QR code of one of our assets. */
  QR_CODE_INVALID: 422,
  BUILT_IN_ROLE: 422,
  ROLE_IN_USE: 422,
  DEPARTMENT_IN_USE: 422,
  CLIENT_HAS_PROJECTS: 422,
  /** A vendor named on invoices cannot be deleted, only deactivated. */
  VENDOR_IN_USE: 422,
  OWN_ACCOUNT: 422,
  LAST_ADMINISTRATOR: 422,
  TOO_MANY_REQUESTS: 429,
  TOO_MANY_SIGN_IN_ATTEMPTS: 429,
  /** Five wrong passcodes: ten minutes before the next try, counted in PostgreSQL for every replica. */
  PASSCODE_LOCKED: 429,
  ACCESS_TOKEN_EXPIRED: 440,
  PASSWORD_EXPIRED: 498,
  /** A work device is older than the required OS or browser version past the grace period (issue 19). */
  DEVICE_OUTDATED: 423,
  /** The platform asks for a device checklist or a linked chat account first (details.type: DEVICE | DISCORD). */
  SECURITY_ENFORCEMENT: 423,
  INTERNAL: 500,
  /** The CLI's `connections sync` when the run failed (the run says why). */
  SYNC_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  /** Production without CONNECTIONS_KEY: tokens cannot be kept or read. */
  CONNECTIONS_KEY_MISSING: 503,
  /** Production without SECRETS_PEPPER: passcodes cannot be checked. */
  SECRETS_PEPPER_MISSING: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Every field-error code: the keys of `errors:validation` in the English messages, so a code
 * without a message (or a misspelt one) does not compile. tests/unit/validation-codes.test.ts holds
 * the Vietnamese messages to the same keys and placeholders.
 */
export type ValidationCode = keyof (typeof englishErrors)['validation'];

export const VALIDATION_CODES = Object.keys(englishErrors.validation) as ValidationCode[];

export function isValidationCode(value: unknown): value is ValidationCode {
  return typeof value === 'string' && (VALIDATION_CODES as readonly string[]).includes(value);
}

/** One failing field, as a service reports it: `field` is a dotted path, `code` an i18n key under `validation`. */
export interface FieldProblem {
  field: string;
  code: ValidationCode;
  params?: Record<string, string | number>;
}

/** One failing field of a request, with its message in the caller's language. */
export interface FieldError extends FieldProblem {
  message: string;
}

/** The body of every error response. */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  details?: FieldError[] | Record<string, unknown>;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
