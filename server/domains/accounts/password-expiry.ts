import type { PasswordExpiry } from '../../../shared/account.schemas.ts';
import type { AccountSettings } from './account-settings.ts';

const DAY_MS = 86_400_000;

/** Where a password stands against the expiry policy (spec section 4: expiring soon, then expired). */
export function passwordExpiryOf(
  user: { password_changed_at: Date | null; password_expiry_notified_at: Date | null },
  settings: Pick<AccountSettings, 'password.max_age_days' | 'password.reminder_days'>,
  now = new Date(),
): PasswordExpiry {
  const maxAgeDays = settings['password.max_age_days'];
  const reminderDays = settings['password.reminder_days'];
  const changedAt = user.password_changed_at;
  const notified = Boolean(
    changedAt && user.password_expiry_notified_at && user.password_expiry_notified_at >= changedAt,
  );
  if (!changedAt || maxAgeDays === 0) {
    return { state: 'NEVER', expiresAt: null, daysLeft: null, maxAgeDays, reminderDays, notified };
  }
  const expiresAt = new Date(changedAt.getTime() + maxAgeDays * DAY_MS);
  const msLeft = expiresAt.getTime() - now.getTime();
  const daysLeft = Math.max(0, Math.ceil(msLeft / DAY_MS));
  const state = msLeft <= 0 ? 'EXPIRED' : daysLeft <= reminderDays ? 'EXPIRING_SOON' : 'OK';
  return { state, expiresAt: expiresAt.toISOString(), daysLeft, maxAgeDays, reminderDays, notified };
}
