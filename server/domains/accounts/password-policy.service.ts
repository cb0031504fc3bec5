import type { PasswordPolicySettings } from '../../../shared/account.schemas.ts';
import { checkPassword } from '../../../shared/rules/password.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { readAccountSettings, writeAccountSettings } from './account-settings.ts';

/** Which rules of the password policy a candidate password meets (spec section 5). */
export function checkPasswordStrength(password: string) {
  const rules = checkPassword(password);
  return { valid: Object.values(rules).every(Boolean), rules };
}

/** The expiry policy: maximum age and reminder days. */
export async function getPasswordPolicy(ctx: ServiceContext): Promise<PasswordPolicySettings> {
  authorize(ctx.actor, 'password-policy.manage');
  const settings = await readAccountSettings(ctx.db);
  return { maxAgeDays: settings['password.max_age_days'], reminderDays: settings['password.reminder_days'] };
}

/** Changes the expiry policy; it applies to every password at once, by its last change. */
export async function updatePasswordPolicy(
  ctx: ServiceContext,
  input: PasswordPolicySettings,
): Promise<PasswordPolicySettings> {
  authorize(ctx.actor, 'password-policy.manage');
  if (input.maxAgeDays > 0 && input.reminderDays >= input.maxAgeDays)
    throw validationError([{ field: 'reminderDays', code: 'reminderDays' }]);
  return inTransaction(ctx, async (tx) => {
    const before = await getPasswordPolicy(tx);
    await writeAccountSettings(tx.db, {
      'password.max_age_days': input.maxAgeDays,
      'password.reminder_days': input.reminderDays,
    });
    await recordAudit(tx, {
      action: 'settings.password_policy_updated',
      entityType: 'app_settings',
      entityId: 'password',
      before,
      after: input,
    });
    return input;
  });
}
