import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { readAccountSettings } from './account-settings.ts';
import * as users from './accounts.repository.ts';
import { sendExpiryReminder } from './password-reminder.ts';

/**
 * Reminds every person whose password enters the reminder window, once per password, in their
 * language. Runs in the worker; SKIP LOCKED lets several workers share the list.
 */
export async function sendPasswordExpiryReminders(
  ctx: ServiceContext,
  batchSize = 200,
): Promise<{ reminded: number }> {
  const settings = await readAccountSettings(ctx.db);
  const maxAge = settings['password.max_age_days'];
  if (maxAge === 0) return { reminded: 0 };
  return inTransaction(ctx, async (tx) => {
    const due = await users.listPasswordsToRemind(
      tx.db,
      maxAge,
      settings['password.reminder_days'],
      batchSize,
    );
    for (const user of due) await sendExpiryReminder(tx, user);
    return { reminded: due.length };
  });
}
