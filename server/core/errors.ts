import { ERROR_STATUS, type ErrorCode, type FieldError, type FieldProblem } from '../../shared/errors.ts';

/**
 * The one error type services throw. `code` decides the HTTP status and the translated message;
 * `params` fill the message's placeholders; `details` carry field errors or extra data for the client.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly details: FieldError[] | Record<string, unknown> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: {
      params?: Record<string, string | number>;
      details?: FieldError[] | Record<string, unknown>;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.params = options.params ?? {};
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A validation failure on named fields, with i18n codes under `errors:validation` (a typo does not compile). */
export function validationError(fields: ReadonlyArray<FieldProblem & { message?: string }>): AppError {
  return new AppError('VALIDATION_FAILED', {
    details: fields.map((f) => ({ ...f, message: f.message ?? '' })),
  });
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
}
