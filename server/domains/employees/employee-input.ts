import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  EmployeeCreateBody,
  EmployeeUpdateBody,
  ExternalUserBody,
  type EmployeeUpdateBody as EmployeeFields,
} from '../../../shared/employees.schemas.ts';
import { employeeDateProblems } from '../../../shared/rules/employee-rules.ts';
import {
  schemaErrorProblems,
  type Problem as SharedProblem,
  type SchemaError,
} from '../../../shared/rules/problems.ts';
import type { ServiceContext } from '../../core/context.ts';
import { holdsAll } from '../../core/policy.ts';
import type { UserUpdate } from '../../db/database.ts';
import { findDepartmentsByIds } from '../departments/department-lookup.service.ts';
import { findBanksByIds, findEmployeeRoles } from './employees.repository.ts';

/**
 * The rules of an employee's fields, in one place for every way in: the API (after its schema check),
 * the CLI import and any other caller. Each rule yields field errors with `errors:validation` codes.
 */
export type Problem = SharedProblem;

const compiled = new Map<TSchema, ReturnType<typeof Compile>>();
function validatorOf(schema: TSchema) {
  let validator = compiled.get(schema);
  if (!validator) compiled.set(schema, (validator = Compile(schema)));
  return validator;
}

/** Checks a value against a TypeBox schema and reports one problem per field, every field at once. */
export function schemaProblems(schema: TSchema, value: unknown): Problem[] {
  const validator = validatorOf(schema);
  if (validator.Check(value)) return [];
  return schemaErrorProblems(validator.Errors(value) as Iterable<SchemaError>);
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

/** Rules across fields: offboarding after onboarding; a birthday and an ID card issue date in the past. */
export function ruleProblems(state: PersonState): Problem[] {
  return employeeDateProblems({
    onboardDate: state.onboard_date,
    offboardDate: state.offboard_date,
    birthday: state.birthday,
    idCardIssueDate: state.id_card_issue_date,
  });
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
    findDepartmentsByIds(ctx, ids('departmentId')),
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
      else if (change.current?.employeeRoleId !== role.id) {
        if (role.status !== 'ACTIVE')
          problems.push({ field: 'employeeRoleId', code: 'inactiveEmployeeRole' });
        // An employee role's permissions apply company-wide, so giving one is giving its permissions:
        // nobody hands out more than they hold (HR cannot make themselves or anyone else an admin).
        else if (!holdsAll(ctx.actor, role.permissions)) {
          problems.push({ field: 'employeeRoleId', code: 'rolePermissionsNotHeld' });
        }
      }
    }
    if (change.bankId && !bankIds.has(change.bankId)) problems.push({ field: 'bankId', code: 'unknownBank' });
    return problems;
  });
}
