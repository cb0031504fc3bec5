import {
  REMIND_ALL_MAX,
  type PasswordExpiryPage,
  type PasswordExpiryQuery,
  type PasswordRemindersSent,
} from '../../../shared/platform-settings.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { readAccountSettings } from './account-settings.ts';
import * as repo from './password-expiry.repository.ts';
import { sendExpiryReminder } from './password-reminder.ts';

/** SECURITY of /platform-settings: who expires when, and the reminder button (password-policy.manage). */

async function policyOf(ctx: ServiceContext): Promise<repo.ExpiryPolicy> {
  const settings = await readAccountSettings(ctx.db);
  return { maxAgeDays: settings['password.max_age_days'], reminderDays: settings['password.reminder_days'] };
}

/** A page of active people with their password's last change, expiry and standing, soonest first. */
export async function listPasswordExpiries(
  ctx: ServiceContext,
  query: PasswordExpiryQuery,
): Promise<PasswordExpiryPage> {
  authorize(ctx.actor, 'password-policy.manage');
  const policy = await policyOf(ctx);
  return paginate(
    query,
    (window) =>
      repo.listPasswordExpiries(ctx.db, policy, { search: query.search, status: query.status }, window),
    (row) => ({
      userId: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      department: row.department,
      passwordChangedAt: row.password_changed_at?.toISOString() ?? null,
      expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
      status: row.standing,
      remindedAt: row.password_expiry_reminded_at?.toISOString() ?? null,
    }),
  );
}

/**
 * Reminds one person now, through the same mail, bell and live reminder as the worker's. A person
 * whose password never expires (no expiry, or none set) has nothing to be reminded of: 404.
 */
export async function remindPasswordExpiry(
  ctx: ServiceContext,
  userId: string,
): Promise<PasswordRemindersSent> {
  authorize(ctx.actor, 'password-policy.manage');
  const policy = await policyOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const [person] = await repo.findReminderRecipients(tx.db, policy, { userIds: [userId], limit: 1 });
    if (!person) throw new AppError('NOT_FOUND');
    await sendExpiryReminder(tx, person);
    return { reminded: 1 };
  });
}

/** Reminds every person whose password has expired or expires within the reminder days (up to REMIND_ALL_MAX). */
export async function remindAllExpiring(ctx: ServiceContext): Promise<PasswordRemindersSent> {
  authorize(ctx.actor, 'password-policy.manage');
  const policy = await policyOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const people = await repo.findReminderRecipients(tx.db, policy, { limit: REMIND_ALL_MAX });
    for (const person of people) await sendExpiryReminder(tx, person);
    // One event for the button press too (each person's reminder has its own): who asked, how many.
    await recordAudit(tx, {
      action: 'password.expiry_reminders_sent',
      entityType: 'app_settings',
      entityId: 'password',
      after: { reminded: people.length },
    });
    return { reminded: people.length };
  });
}
