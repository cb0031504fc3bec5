import type { ErrorBody, FieldError } from '../../shared/errors.ts';
import { problemMessage, type Problem, type Translate } from '../../shared/rules/problems.ts';

/** An API failure with the server's stable code, its translated message and any field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorBody['details'];

  constructor(status: number, code: string, message: string, details?: ErrorBody['details']) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  get fieldErrors(): FieldError[] {
    return Array.isArray(this.details) ? this.details : [];
  }
}

/** A failure that never reached the server (offline, DNS, a closed connection). */
export const networkError = () => new ApiError(0, 'NETWORK', '');

/**
 * The one sentence to show for a failed call: the server's message (already in the person's
 * language), or the generic text of its code when there is none (a network failure).
 */
export function errorMessage(error: unknown, t: Translate): string {
  const translate = t as (key: string) => string;
  if (error instanceof ApiError) return error.message || translate(`errors:codes.${error.code}`);
  return translate('errors:codes.INTERNAL');
}

/**
 * Field errors of a failed call by top-level field ('memberIds.2' shows on memberIds), every one of
 * them: the form shows them all at once.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields: Record<string, string> = {};
  for (const detail of error.fieldErrors) {
    const field = detail.field.split('.')[0]!;
    fields[field] ??= detail.message;
  }
  return fields;
}

/** The message of a failed call and its field errors. */
export function describeError(error: unknown, t: Translate) {
  return { message: errorMessage(error, t), fields: fieldErrors(error) };
}

/** Problems found in the browser, as the form shows them: by top-level field, translated with labels. */
export function problemsByField(problems: readonly Problem[], t: Translate): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[problem.field.split('.')[0]!] ??= problemMessage(t, problem);
  return fields;
}
