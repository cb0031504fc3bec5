import { Value } from 'typebox/value';
import {
  EMPLOYEE_NULLABLE_FIELDS,
  EmployeeCreateBody,
  EmployeeUpdateBody,
} from '../../../shared/employees.schemas.ts';
import { employeeDateProblems, todayIso } from '../../../shared/rules/employee-rules.ts';
import {
  schemaErrorProblems,
  withoutProblemFields,
  type Problem,
  type SchemaError,
} from '../../../shared/rules/problems.ts';
import type { EmployeeFormValues } from './employees.api.ts';

/**
 * Every problem the browser can find in an employee form before sending it, all at once: the API's
 * own schema (required names, email, phone, dates, patterns) and its date rules, with the codes the
 * server uses. The server checks everything again (and what only it knows: a taken email).
 */
export function employeeProblems(body: EmployeeFormValues, creating: boolean): Problem[] {
  // As the server reads a form: an empty field is "none".
  const input: Record<string, unknown> = { ...body };
  for (const field of EMPLOYEE_NULLABLE_FIELDS) if (input[field] === '') input[field] = null;
  const schema = creating ? EmployeeCreateBody : EmployeeUpdateBody;
  const shape = schemaErrorProblems(Value.Errors(schema, input) as Iterable<SchemaError>);
  const sound = withoutProblemFields(input, shape) as Record<string, string | null | undefined>;
  // The server's "today" is UTC: so is the browser's check.
  return [...shape, ...employeeDateProblems(sound, todayIso())];
}
