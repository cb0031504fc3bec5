import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  EmployeeCreateBody,
  EmployeeUpdateBody,
  ExternalUserBody,
  type EmployeeUpdateBody as EmployeeFields,
} from '../../../shared/employees.schemas.ts';
import type { FieldError } from '../../../shared/errors.ts';
import type { ServiceContext } from '../../core/context.ts';
import type { UserUpdate } from '../../db/database.ts';
import { findDepartmentsByIds } from '../departments/departments.repository.ts';
import { findBanksByIds, findEmployeeRoles } from './employees.repository.ts';

/**
 * The rules of an employee's fields, in one place for every way in: the API (after its schema check),
 * the CLI import and any other caller. Each rule yields field errors with `errors:validation` codes.
 */
export type Problem = Omit<FieldError, 'message'>;

const compiled = new Map<TSchema, ReturnType<typeof Compile>>();
function validatorOf(schema: TSchema) {
  let validator = compiled.get(schema);
  if (!validator) compiled.set(schema, (validator = Compile(schema)));
  return validator;
}

/** Checks a value against a TypeBox schema and reports one error per field, as the API does. */
export function schemaProblems(schema: TSchema, value: unknown): Problem[] {
  const validator = validatorOf(schema);
  if (validator.Check(value)) return [];
  const byField = new Map<string, Problem>();
  for (const error of validator.Errors(value)) {
    const e = error as { keyword: string; instancePath: string; params: Record<string, unknown> };
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
        problem = { field, code: e.params.pattern === '\\S' ? 'blank' : 'invalid' };
        break;
      case 'const':
      case 'enum':
      case 'anyOf':
        problem = { field, code: 'invalid' };
        break;
      default:
        problem = { field, code: 'invalid' };
    }
    if (problem.code === 'invalid') problem.params = { field: field.split('.').pop() ?? field };
    const existing = byField.get(field);
    // The first precise reason wins; a later generic one (a union's anyOf) does not replace it.
    if (!existing || (existing.code === 'invalid' && problem.code !== 'invalid')) byField.set(field, problem);
  }
  return [...byField.values()];
}

export const createSchema = EmployeeCreateBody;
export const updateSchema = EmployeeUpdateBody;
export const externalSchema = ExternalUserBody;

const COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  gender: 'gender',
  birthday: 'birthday',
  phoneNumber: 'phone_number',
  address: 'address',
  contractType: 'contract_type',
  departmentId: 'department_id',
  onboardDate: 'onboard_date',
  offboardDate: 'offboard_date',
  discordAccountId: 'discord_account_id',
  bankId: 'bank_id',
  bankAccountNumber: 'bank_account_number',
  idCardNumber: 'id_card_number',
  idCardIssueDate: 'id_card_issue_date',
  idCardIssueAuthority: 'id_card_issue_authority',
  socialInsuranceNumber: 'social_insurance_number',
  language: 'language',
  organization: 'organization',
  note: 'note',
  employeeCode: 'employee_code',
  lineManagerId: 'line_manager_id',
} as const satisfies Partial<Record<keyof EmployeeFields, keyof UserUpdate>>;

/** The columns an input changes: fields left out stay as they are, `null` clears, text is trimmed. */
export function toColumns(input: EmployeeFields): UserUpdate {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = (input as Record<string, unknown>)[field];
    if (value === undefined) continue;
    values[column] = typeof value === 'string' ? value.trim() || null : value;
  }
  return values as UserUpdate;
}

/** The state a person would have after the change, for rules that compare fields. */
export interface PersonState {
  onboard_date?: string | null;
  offboard_date?: string | null;
  birthday?: string | null;
  id_card_issue_date?: string | null;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Rules across fields: offboarding after onboarding; a birthday and an ID card issue date in the past. */
export function ruleProblems(state: PersonState): Problem[] {
  const problems: Problem[] = [];
  if (state.onboard_date && state.offboard_date && state.offboard_date < state.onboard_date) {
    problems.push({ field: 'offboardDate', code: 'dateOrder' });
  }
  if (state.birthday && state.birthday >= today()) problems.push({ field: 'birthday', code: 'pastDate' });
  if (state.id_card_issue_date && state.id_card_issue_date > today()) {
    problems.push({ field: 'idCardIssueDate', code: 'pastDate' });
  }
  return problems;
}

/** What a batch of inputs points at, checked in three queries however many inputs there are. */
export interface ReferenceChange {
  departmentId?: string | null;
  employeeRoleId?: string | null;
  bankId?: string | null;
  /** The values before the change: keeping an inactive department or role is allowed, choosing one is not. */
  current?: { departmentId: string | null; employeeRoleId: string | null };
}

export async function referenceProblems(
  ctx: ServiceContext,
  changes: readonly ReferenceChange[],
): Promise<Problem[][]> {
  const ids = (key: 'departmentId' | 'employeeRoleId' | 'bankId') => [
    ...new Set(changes.map((c) => c[key]).filter((v): v is string => typeof v === 'string')),
  ];
  const [departments, roles, banks] = await Promise.all([
    findDepartmentsByIds(ctx.db, ids('departmentId')),
    ids('employeeRoleId').length ? findEmployeeRoles(ctx.db, { ids: ids('employeeRoleId') }) : [],
    findBanksByIds(ctx.db, ids('bankId')),
  ]);
  const departmentById = new Map(departments.map((d) => [d.id, d]));
  const roleById = new Map(roles.map((r) => [r.id, r]));
  const bankIds = new Set(banks.map((b) => b.id));
  return changes.map((change) => {
    const problems: Problem[] = [];
    if (change.departmentId) {
      const department = departmentById.get(change.departmentId);
      if (!department) problems.push({ field: 'departmentId', code: 'unknownDepartment' });
      else if (department.status !== 'ACTIVE' && change.current?.departmentId !== department.id) {
        problems.push({ field: 'departmentId', code: 'inactiveDepartment' });
      }
    }
    if (change.employeeRoleId) {
      const role = roleById.get(change.employeeRoleId);
      if (!role) problems.push({ field: 'employeeRoleId', code: 'unknownEmployeeRole' });
      else if (role.status !== 'ACTIVE' && change.current?.employeeRoleId !== role.id) {
        problems.push({ field: 'employeeRoleId', code: 'inactiveEmployeeRole' });
      }
    }
    if (change.bankId && !bankIds.has(change.bankId)) problems.push({ field: 'bankId', code: 'unknownBank' });
    return problems;
  });
}
