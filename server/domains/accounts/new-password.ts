import type { FieldProblem } from '../../../shared/errors.ts';
import { isStrongPassword } from '../../../shared/rules/password.ts';

/** Field problems of a new password: the policy (spec section 5) and the confirmation. */
export function checkNewPassword(input: { password: string; confirmPassword: string }): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!isStrongPassword(input.password)) problems.push({ field: 'password', code: 'password' });
  if (input.password !== input.confirmPassword)
    problems.push({ field: 'confirmPassword', code: 'passwordMismatch' });
  return problems;
}
