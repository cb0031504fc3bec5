import type {
  ChangePasswordBody,
  PasswordChangeResult,
  PasswordExpiry,
  PasswordPolicySettings,
  ResetPasswordBody,
} from '../../../shared/account.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import { SYSTEM_ACTOR, type ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { hashPassword, verifyPassword } from '../../core/password-hash.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { UserRow } from '../../db/database.ts';
import { composeAccountMail, formatMailTime, mailName, mailTranslator } from '../invitations/account-mail.ts';
import * as tokens from '../invitations/account-tokens.repository.ts';
import { hashOneTimeToken, newOneTimeToken } from '../invitations/one-time-token.ts';
import { queueMail } from '../mail/mail.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { pushToUsers } from '../notifications/realtime.service.ts';
import { findUserByEmail, findUserById } from '../users/users.repository.ts';
import { readAccountSettings, writeAccountSettings } from './account-settings.ts';
import { checkNewPassword } from './new-password.ts';
import { passwordExpiryOf } from './password-expiry.ts';
import * as repo from './passwords.repository.ts';

function requireSelf(ctx: ServiceContext): string {
  if (!ctx.actor.id) throw new AppError('UNAUTHENTICATED');
  return ctx.actor.id;
}

/** An audit context acting as a person who is not signed in (reset links) or as the system. */
function actingAs(ctx: ServiceContext, user: { id: string; email: string }): ServiceContext {
  return { ...ctx, actor: { ...ctx.actor, id: user.id, label: user.email } };
}

async function queuePasswordChangedMail(tx: ServiceContext, user: UserRow, at: Date): Promise<void> {
  const t = mailTranslator(user.language);
  await queueMail(
    tx,
    composeAccountMail({
      to: user.email,
      name: mailName(user),
      language: user.language,
      template: 'password-changed',
      subject: t('passwordChanged.subject'),
      paragraphs: [
        t('passwordChanged.intro', { changedAt: formatMailTime(at) }),
        t('passwordChanged.warning'),
      ],
    }),
  );
}

// Forgot and reset.

/**
 * Sends a password-reset link to an active account with this email. The answer is the same whether
 * or not the account exists, so the call reveals nothing about who has an account.
 */
export async function requestPasswordReset(ctx: ServiceContext, email: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const user = await findUserByEmail(ctx.db, normalized);
  const eligible = user && user.status === 'ACTIVE' && user.password_hash;
  await inTransaction(ctx, async (tx) => {
    if (!eligible) {
      await recordAudit(
        { ...tx, actor: { ...SYSTEM_ACTOR, label: normalized } },
        { action: 'password.reset_refused', entityType: 'user', after: { reason: 'no_active_account' } },
      );
      return;
    }
    const settings = await readAccountSettings(tx.db);
    const token = newOneTimeToken();
    const expiresAt = new Date(Date.now() + Math.max(1, settings['password.reset_ttl_minutes']) * 60_000);
    await tokens.revokeAccountTokens(tx.db, user.id, 'PASSWORD_RESET');
    await tokens.insertAccountToken(tx.db, {
      user_id: user.id,
      purpose: 'PASSWORD_RESET',
      token_hash: hashOneTimeToken(token),
      expires_at: expiresAt,
      created_by: null,
    });
    const t = mailTranslator(user.language);
    await queueMail(
      tx,
      composeAccountMail({
        to: user.email,
        name: mailName(user),
        language: user.language,
        template: 'password-reset',
        subject: t('passwordReset.subject'),
        paragraphs: [
          t('passwordReset.intro'),
          t('passwordReset.expiry', { expiresAt: formatMailTime(expiresAt) }),
        ],
        action: {
          label: t('passwordReset.action'),
          url: `${tx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&lang=${user.language}`,
        },
      }),
    );
    await recordAudit(actingAs(tx, user), {
      action: 'password.reset_requested',
      entityType: 'user',
      entityId: user.id,
      after: { expiresAt: expiresAt.toISOString() },
    });
  });
}

async function requireResetToken(ctx: ServiceContext, token: string, lock = false) {
  const found = await tokens.findUsableToken(ctx.db, hashOneTimeToken(token), 'PASSWORD_RESET', lock);
  if (!found || found.user.status !== 'ACTIVE') throw new AppError('PASSWORD_RESET_LINK_EXPIRED');
  return found;
}

/** Checks a reset link; an expired or used one answers 410 'Password Reset Link Expired'. */
export async function checkResetToken(ctx: ServiceContext, token: string) {
  const found = await requireResetToken(ctx, token);
  return { email: found.user.email, expiresAt: found.expires_at.toISOString() };
}

/** Sets a new password through a reset link; every session of the person is signed out. */
export async function resetPassword(
  ctx: ServiceContext,
  input: ResetPasswordBody,
): Promise<{ email: string }> {
  await requireResetToken(ctx, input.token);
  const problems = checkNewPassword(input);
  if (problems.length > 0) throw validationError(problems);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    const found = await requireResetToken(tx, input.token, true);
    const now = new Date();
    const user = await repo.setPassword(tx.db, found.user.id, passwordHash, now);
    await tokens.markTokenUsed(tx.db, found.id);
    await tokens.revokeAccountTokens(tx.db, user.id, 'PASSWORD_RESET');
    const revoked = await repo.revokeSessionsExcept(tx.db, user.id, null, 'password_reset');
    // The person proved control of the mailbox: an earlier lockout should not keep them out.
    await repo.clearSignInFailures(tx.db, user.email);
    await queuePasswordChangedMail(tx, user, now);
    await recordAudit(actingAs(tx, user), {
      action: 'password.reset',
      entityType: 'user',
      entityId: user.id,
      after: { revokedSessions: revoked.length },
    });
    return { email: user.email };
  });
}

// Change (voluntary) and update (forced after expiry).

async function checkChange(ctx: ServiceContext, input: ChangePasswordBody): Promise<UserRow> {
  const user = await findUserById(ctx.db, requireSelf(ctx));
  if (!user) throw new AppError('UNAUTHENTICATED');
  const currentCorrect =
    Boolean(user.password_hash) && (await verifyPassword(input.currentPassword, user.password_hash!));
  const problems = checkNewPassword(input);
  if (!currentCorrect) problems.unshift({ field: 'currentPassword', code: 'currentPasswordIncorrect' });
  else if (input.password === input.currentPassword)
    problems.push({ field: 'password', code: 'passwordUnchanged' });
  if (problems.length > 0) throw validationError(problems);
  return user;
}

/** The check the UI calls before a change: current password, policy, confirmation (spec section 5). */
export async function validatePasswordChange(ctx: ServiceContext, input: ChangePasswordBody) {
  await checkChange(ctx, input);
  return { valid: true as const };
}

/**
 * Changes the caller's password after checking the current one. Other sessions are signed out;
 * this one stays. `reason` tells a voluntary change from the forced update of an expired password.
 */
export async function changePassword(
  ctx: ServiceContext,
  input: ChangePasswordBody,
  reason: 'change' | 'update' = 'change',
): Promise<PasswordChangeResult> {
  const verified = await checkChange(ctx, input);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    const locked = await repo.lockUser(tx.db, verified.id);
    // Changed by another request since the check: the current password given may be stale.
    if (!locked || locked.password_hash !== verified.password_hash)
      throw validationError([{ field: 'currentPassword', code: 'currentPasswordIncorrect' }]);
    const now = new Date();
    const user = await repo.setPassword(tx.db, locked.id, passwordHash, now);
    const revoked = await repo.revokeSessionsExcept(
      tx.db,
      user.id,
      tx.actor.sessionId ?? null,
      'password_changed',
    );
    await queuePasswordChangedMail(tx, user, now);
    await recordAudit(tx, {
      action: reason === 'update' ? 'password.updated' : 'password.changed',
      entityType: 'user',
      entityId: user.id,
      after: { revokedSessions: revoked.length },
    });
    return {
      passwordChangedAt: now.toISOString(),
      expiry: passwordExpiryOf(user, await readAccountSettings(tx.db), now),
    };
  });
}

// Expiry.

/** Where the caller's password stands against the expiry policy. */
export async function getPasswordExpiry(ctx: ServiceContext): Promise<PasswordExpiry> {
  const user = await findUserById(ctx.db, requireSelf(ctx));
  if (!user) throw new AppError('UNAUTHENTICATED');
  return passwordExpiryOf(user, await readAccountSettings(ctx.db));
}

/** The caller closed the "password expires soon" notice: it is not shown again for this password. */
export async function markExpiryNotified(ctx: ServiceContext): Promise<void> {
  const userId = requireSelf(ctx);
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .updateTable('users')
      .set({ password_expiry_notified_at: new Date() })
      .where('id', '=', userId)
      .execute();
    await recordAudit(tx, { action: 'password.expiry_notified', entityType: 'user', entityId: userId });
  });
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
    const due = await repo.listPasswordsToRemind(
      tx.db,
      maxAge,
      settings['password.reminder_days'],
      batchSize,
    );
    for (const user of due) {
      const expiresAt = new Date(user.expires_at);
      const count = Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 86_400_000));
      const t = mailTranslator(user.language);
      await queueMail(
        tx,
        composeAccountMail({
          to: user.email,
          name: mailName(user),
          language: user.language,
          template: 'password-expiring',
          subject: t('passwordExpiring.subject', { count }),
          paragraphs: [t('passwordExpiring.intro', { expiresAt: formatMailTime(expiresAt) })],
          action: { label: t('passwordExpiring.action'), url: `${tx.config.publicUrl}/settings` },
        }),
      );
      // In the bell too, and as the blocking reminder on any page the person has open right now.
      await notify(tx, [user.id], 'PASSWORD_EXPIRING', {
        actor: null,
        expiresAt: expiresAt.toISOString(),
        daysLeft: count,
      });
      await pushToUsers(tx, [user.id], 'password-expiration', {
        message: t('passwordExpiring.subject', { count }),
        expired: false,
        expiresAt: expiresAt.toISOString(),
      });
      await repo.markReminded(tx.db, user.id);
      await recordAudit(tx, {
        action: 'password.expiry_reminded',
        entityType: 'user',
        entityId: user.id,
        after: { expiresAt: expiresAt.toISOString() },
      });
    }
    return { reminded: due.length };
  });
}
