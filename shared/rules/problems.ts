import type { ValidationCode } from '../errors.ts';
import { CHARACTER_CODES, PATTERN_CODES } from './text.ts';
import type { TFunction } from 'i18next';

/**
 * Field problems and their messages, shared by the API's error bodies, the CLI's reports and the
 * browser's own checks, so a message reads the same wherever it is made.
 */

/** One failing field: `field` is a dotted path ('memberIds.2'), `code` a key under `errors:validation`. */
export interface Problem {
  field: string;
  code: ValidationCode;
  params?: Record<string, string | number>;
}

type PlainTranslate = (key: string, options?: Record<string, unknown>) => string;
/** A translator: i18next's `t` or the CLI's. */
export type Translate = TFunction | PlainTranslate;

/** The field's own name: the last part of its path that is not a list index ('memberIds.2' → 'memberIds'). */
export function fieldName(path: string): string {
  return (
    path
      .split('.')
      .filter((part) => part !== '' && !/^\d+$/.test(part))
      .pop() ?? path
  );
}

/**
 * The label a person sees for a field (`errors:fields.<name>`), never the raw key: messages such as
 * "{{field}} is not valid" read "Phone number is not valid". An unknown name stays as it is.
 */
export function fieldLabel(t: Translate, path: string): string {
  const name = fieldName(path);
  return (t as PlainTranslate)(`errors:fields.${name}`, { defaultValue: name });
}

/** The translated message of a problem, with `{{field}}` as the field's label. */
export function problemMessage(t: Translate, problem: Problem): string {
  // An unknown field has no label by definition: its message quotes what was sent.
  const field = problem.code === 'unknownField' ? problem.params?.field : fieldLabel(t, problem.field);
  return (t as PlainTranslate)(`errors:validation.${problem.code}`, { ...problem.params, field });
}

/** Code-level params (`ALREADY_EXISTS` names its field): a `field` param becomes its label too. */
export function labelledParams(
  t: Translate,
  params: Record<string, string | number> | undefined,
): Record<string, string | number> | undefined {
  if (!params || typeof params.field !== 'string') return params;
  return { ...params, field: fieldLabel(t, params.field) };
}

/** The TypeBox error shape (compiled validators and `Value.Errors` alike). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/**
 * Schema errors as one problem per field, with the codes the API uses: every failing field at once,
 * the first precise reason of each (a union's generic `anyOf` does not replace a `pattern`).
 */
export function schemaErrorProblems(errors: Iterable<SchemaError>): Problem[] {
  const byField = new Map<string, Problem>();
  // The values a choice field accepts, across a union's branches ('oneOf: MALE, FEMALE').
  const allowed = new Map<string, string[]>();
  for (const e of errors) {
    const base = e.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = base || 'body';
    let problem: Problem;
    switch (e.keyword) {
      case 'required':
        for (const missing of (e.params.requiredProperties as string[] | undefined) ?? [
          String(e.params.missingProperty),
        ]) {
          const name = [base, missing].filter(Boolean).join('.');
          if (!byField.has(name)) byField.set(name, { field: name, code: 'required' });
        }
        continue;
      case 'additionalProperties':
        for (const extra of (e.params.additionalProperties as string[] | undefined) ?? []) {
          byField.set(extra, { field: extra, code: 'unknownField', params: { field: extra } });
        }
        continue;
      case 'boolean':
        continue;
      case 'format':
        problem = { field, code: e.params.format === 'email' ? 'email' : 'invalid' };
        break;
      case 'maxLength':
        problem = { field, code: 'maxLength', params: { max: Number(e.params.limit) } };
        break;
      case 'minLength':
        problem = { field, code: 'required' };
        break;
      case 'pattern':
        problem = { field, code: PATTERN_CODES[String(e.params.pattern)] ?? 'invalid' };
        break;
      case 'enum':
      case 'const': {
        const values = (e.params.allowedValues as unknown[] | undefined) ?? [e.params.allowedValue];
        allowed.set(field, [...(allowed.get(field) ?? []), ...values.map(String)]);
        problem = { field, code: 'invalid' };
        break;
      }
      default:
        problem = { field, code: 'invalid' };
    }
    if (problem.code === 'invalid') problem.params = { field: fieldName(field) };
    // The first precise reason wins, and a forbidden character says more than "blank" (a NUL alone
    // is both): the same preference as the API's error handler.
    const existing = byField.get(field);
    if (
      !existing ||
      (existing.code === 'invalid' && problem.code !== 'invalid') ||
      (existing.code === 'blank' && CHARACTER_CODES.has(problem.code))
    )
      byField.set(field, problem);
  }
  for (const [field, values] of allowed) {
    if (byField.get(field)?.code === 'invalid') {
      byField.set(field, { field, code: 'oneOf', params: { values: [...new Set(values)].join(', ') } });
    }
  }
  return [...byField.values()];
}

/** The input without the fields that have a problem: rules across fields then look at sound values only. */
export function withoutProblemFields<T extends object>(input: T, problems: readonly Problem[]): Partial<T> {
  if (!input || typeof input !== 'object') return {};
  const failing = new Set(problems.map((p) => p.field.split('.')[0]));
  return Object.fromEntries(Object.entries(input).filter(([key]) => !failing.has(key))) as Partial<T>;
}
