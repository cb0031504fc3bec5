import type { PasswordExpiry } from '../../../shared/account.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { readAccountSettings, type AccountSettings } from './account-settings.ts';
import { requireSelf } from './accounts.policy.ts';
import * as users from './accounts.repository.ts';

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

/** Where the caller's password stands against the expiry policy. */
export async function getPasswordExpiry(ctx: ServiceContext): Promise<PasswordExpiry> {
  const user = await users.findUserById(ctx.db, requireSelf(ctx));
  if (!user) throw new AppError('UNAUTHENTICATED');
  return passwordExpiryOf(user, await readAccountSettings(ctx.db));
}

/** The caller closed the "password expires soon" notice: it is not shown again for this password. */
export async function markExpiryNotified(ctx: ServiceContext): Promise<void> {
  const userId = requireSelf(ctx);
  await inTransaction(ctx, async (tx) => {
    await users.markExpiryNotified(tx.db, userId);
    await recordAudit(tx, { action: 'password.expiry_notified', entityType: 'user', entityId: userId });
  });
}
