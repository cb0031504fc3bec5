import { TEXT_DEFAULT, TEXT_MAX } from '../../../shared/common.schemas.ts';
import type { FieldError, ValidationCode } from '../../../shared/errors.ts';
import { CLIENT_TYPES, PROJECT_STAGES } from '../../../shared/projects.schemas.ts';

/**
 * The rules of client, project and member fields, in one place for every way in: the API (after its
 * schema check), the CLI import and any other caller. Each rule yields field errors with
 * `errors:validation` codes; callers collect them all before answering.
 */
export type Problem = Omit<FieldError, 'message'>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function textProblems(field: string, value: unknown, max: number, required: boolean): Problem[] {
  if (value === undefined || value === null || value === '') {
    return required ? [{ field, code: 'required' as const }] : [];
  }
  if (typeof value !== 'string') return [{ field, code: 'invalid' as const, params: { field } }];
  if (required && value.trim() === '') return [{ field, code: 'blank' as const }];
  if (value.length > max) return [{ field, code: 'maxLength' as const, params: { max } }];
  return [];
}

function dateProblems(field: string, value: unknown): Problem[] {
  if (value === undefined || value === null) return [];
  return typeof value === 'string' && isCalendarDate(value)
    ? []
    : [{ field, code: 'invalid' as const, params: { field } }];
}

function oneOfProblems(field: string, value: unknown, values: readonly string[]): Problem[] {
  if (value === undefined) return [];
  return values.includes(value as string)
    ? []
    : [{ field, code: 'oneOf' as const, params: { values: values.join(', ') } }];
}

/** The later of two dates must be after the earlier one; `field` names the later one. */
function orderProblems(field: string, code: ValidationCode, earlier: unknown, later: unknown): Problem[] {
  if (typeof earlier !== 'string' || typeof later !== 'string') return [];
  if (!isCalendarDate(earlier) || !isCalendarDate(later)) return [];
  return later > earlier ? [] : [{ field, code }];
}

export interface ClientValues {
  name?: unknown;
  description?: unknown;
  type?: unknown;
  email?: unknown;
}

/** A client's fields: the name is required when creating (or when given). */
export function clientProblems(values: ClientValues, creating: boolean): Problem[] {
  return [
    ...(creating || values.name !== undefined ? textProblems('name', values.name, TEXT_DEFAULT, true) : []),
    ...textProblems('description', values.description, TEXT_MAX, false),
    ...oneOfProblems('type', values.type, CLIENT_TYPES),
    ...(typeof values.email === 'string' && values.email !== ''
      ? values.email.length > TEXT_DEFAULT
        ? [{ field: 'email', code: 'maxLength' as const, params: { max: TEXT_DEFAULT } }]
        : EMAIL.test(values.email)
          ? []
          : [{ field: 'email', code: 'email' as const }]
      : []),
  ];
}

export interface ProjectValues {
  name?: unknown;
  description?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  stage?: unknown;
}

/** A project's fields as they will be stored (the merge of the change and the current record). */
export function projectProblems(values: ProjectValues): Problem[] {
  return [
    ...textProblems('name', values.name, TEXT_DEFAULT, true),
    ...textProblems('description', values.description, TEXT_MAX, false),
    ...dateProblems('startDate', values.startDate),
    ...dateProblems('endDate', values.endDate),
    ...orderProblems('endDate', 'dateOrder', values.startDate, values.endDate),
    ...oneOfProblems('stage', values.stage, PROJECT_STAGES),
  ];
}

export interface MemberValues {
  note?: unknown;
  joinedAt?: unknown;
  exitedAt?: unknown;
}

/** A membership's own fields as they will be stored (the person and the role are checked against the database). */
export function memberProblems(values: MemberValues): Problem[] {
  return [
    ...textProblems('note', values.note, TEXT_MAX, false),
    ...dateProblems('joinedAt', values.joinedAt),
    ...dateProblems('exitedAt', values.exitedAt),
    ...orderProblems('exitedAt', 'exitBeforeJoin', values.joinedAt, values.exitedAt),
  ];
}

/** Trimmed text, or null for nothing (a text of spaces is stored as nothing). */
export function cleanText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
