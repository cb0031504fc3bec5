import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type {
  RecoveryCodes,
  TwoFactorChallengeDetails,
  TwoFactorSetup,
  TwoFactorSignInBody,
  TwoFactorStatus,
} from '../../../shared/account.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { verifyPassword } from '../../core/password-hash.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { UserRow } from '../../db/database.ts';
import { composeAccountMail, mailName, mailTranslator } from './account-mail.ts';
import { hashOneTimeToken, newOneTimeToken } from './one-time-token.ts';
import { queueMail } from '../mail/mail.service.ts';
import { findUserById } from './accounts.repository.ts';
import * as repo from './two-factor.repository.ts';

const ISSUER = 'Backoffice';
const PERIOD = 30;
/** One step either side: a phone clock a little off still works. */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_MAX_ATTEMPTS = 5;

function requireSelf(ctx: ServiceContext): string {
  if (!ctx.actor.id) throw new AppError('UNAUTHENTICATED');
  return ctx.actor.id;
}

async function requireUser(ctx: ServiceContext, id: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw new AppError('NOT_FOUND');
  return user;
}

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
  });
}

/**
 * The time step a code belongs to, when it is valid and newer than the last accepted one:
 * a code is never accepted twice, even within its 30 seconds.
 */
function acceptedStep(secret: string, code: string, lastUsedStep: string | null): number | null {
  const delta = totpFor(secret, 'check').validate({ token: code, window: WINDOW });
  if (delta === null) return null;
  const step = TOTP.counter({ period: PERIOD }) + delta;
  return lastUsedStep !== null && step <= Number(lastUsedStep) ? null : step;
}

/** Recovery codes are random (50 bits each); normalised so spaces, dashes and case do not matter. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

async function issueRecoveryCodes(tx: ServiceContext, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(tx.db, userId, codes.map(hashRecoveryCode));
  return codes;
}

async function checkOwnPassword(ctx: ServiceContext, password: string): Promise<UserRow> {
  const user = await requireUser(ctx, requireSelf(ctx));
  const correct = Boolean(user.password_hash) && (await verifyPassword(password, user.password_hash!));
  if (!correct) throw validationError([{ field: 'password', code: 'currentPasswordIncorrect' }]);
  return user;
}

/** Whether the caller has two-factor authentication, and how many recovery codes are left. */
export async function getTwoFactorStatus(ctx: ServiceContext, userId?: string): Promise<TwoFactorStatus> {
  const id = userId ?? requireSelf(ctx);
  if (userId) {
    authorize(ctx.actor, 'employees.manage');
    await requireUser(ctx, userId);
  }
  const row = await repo.findTwoFactor(ctx.db, id);
  const enabled = Boolean(row?.secret && row.enabled_at);
  return {
    enabled,
    enabledAt: enabled ? row!.enabled_at!.toISOString() : null,
    recoveryCodesLeft: enabled ? await repo.countRecoveryCodesLeft(ctx.db, id) : 0,
  };
}

/** Starts the setup: a new secret, shown as a QR code and as text. Nothing changes until it is confirmed. */
export async function startTwoFactorSetup(ctx: ServiceContext): Promise<TwoFactorSetup> {
  const user = await requireUser(ctx, requireSelf(ctx));
  return inTransaction(ctx, async (tx) => {
    const existing = await repo.findTwoFactor(tx.db, user.id, true);
    if (existing?.enabled_at) throw validationError([{ field: 'code', code: 'twoFactorAlreadyEnabled' }]);
    const secret = new Secret({ size: 20 }).base32;
    await repo.savePendingSecret(tx.db, user.id, secret);
    await recordAudit(tx, { action: 'two-factor.setup_started', entityType: 'user', entityId: user.id });
    const otpauthUrl = totpFor(secret, user.email).toString();
    return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
  });
}

/** Confirms the setup with a code from the app; answers the ten one-time recovery codes, shown once. */
export async function enableTwoFactor(ctx: ServiceContext, code: string): Promise<RecoveryCodes> {
  const userId = requireSelf(ctx);
  return inTransaction(ctx, async (tx) => {
    const row = await repo.findTwoFactor(tx.db, userId, true);
    if (row?.enabled_at) throw validationError([{ field: 'code', code: 'twoFactorAlreadyEnabled' }]);
    if (!row?.pending_secret) throw validationError([{ field: 'code', code: 'twoFactorNotSetUp' }]);
    const step = acceptedStep(row.pending_secret, code, null);
    if (step === null) throw validationError([{ field: 'code', code: 'twoFactorCode' }]);
    await repo.enableTwoFactor(tx.db, userId, row.pending_secret, step);
    const recoveryCodes = await issueRecoveryCodes(tx, userId);
    await recordAudit(tx, { action: 'two-factor.enabled', entityType: 'user', entityId: userId });
    return { recoveryCodes };
  });
}

/** Turns the caller's two-factor authentication off; the password confirms it is really them. */
export async function disableTwoFactor(ctx: ServiceContext, password: string): Promise<void> {
  const user = await checkOwnPassword(ctx, password);
  await inTransaction(ctx, async (tx) => {
    const row = await repo.findTwoFactor(tx.db, user.id, true);
    if (!row?.enabled_at) throw validationError([{ field: 'password', code: 'twoFactorNotEnabled' }]);
    await repo.deleteTwoFactor(tx.db, user.id);
    await recordAudit(tx, { action: 'two-factor.disabled', entityType: 'user', entityId: user.id });
  });
}

/** Replaces the caller's recovery codes with ten new ones; the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: ServiceContext, password: string): Promise<RecoveryCodes> {
  const user = await checkOwnPassword(ctx, password);
  return inTransaction(ctx, async (tx) => {
    const row = await repo.findTwoFactor(tx.db, user.id, true);
    if (!row?.enabled_at) throw validationError([{ field: 'password', code: 'twoFactorNotEnabled' }]);
    const recoveryCodes = await issueRecoveryCodes(tx, user.id);
    await recordAudit(tx, {
      action: 'two-factor.recovery_codes_regenerated',
      entityType: 'user',
      entityId: user.id,
    });
    return { recoveryCodes };
  });
}

/** An administrator turns off a person's two-factor authentication (a lost phone); the person is told by mail. */
export async function resetTwoFactor(ctx: ServiceContext, userId: string): Promise<void> {
  authorize(ctx.actor, 'employees.manage');
  await inTransaction(ctx, async (tx) => {
    const user = await requireUser(tx, userId);
    const row = await repo.findTwoFactor(tx.db, user.id, true);
    if (!row?.enabled_at) throw validationError([{ field: 'userId', code: 'twoFactorNotEnabled' }]);
    await repo.deleteTwoFactor(tx.db, user.id);
    const t = mailTranslator(user.language);
    await queueMail(
      tx,
      composeAccountMail({
        to: user.email,
        name: mailName(user),
        language: user.language,
        template: 'two-factor-reset',
        subject: t('twoFactorReset.subject'),
        paragraphs: [t('twoFactorReset.intro')],
        action: { label: t('twoFactorReset.action'), url: `${tx.config.publicUrl}/settings` },
      }),
    );
    await recordAudit(tx, { action: 'two-factor.reset', entityType: 'user', entityId: user.id });
  });
}

// Sign-in.

/**
 * Called by sign-in once the password is right: when the person has two-factor authentication,
 * refuses with 401 TWO_FACTOR_REQUIRED carrying a short-lived challenge for the second step.
 */
export async function requireSecondFactor(ctx: ServiceContext, user: { id: string }): Promise<void> {
  const row = await repo.findTwoFactor(ctx.db, user.id);
  if (!row?.enabled_at || !row.secret) return;
  const challenge = newOneTimeToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await repo.insertChallenge(ctx.db, {
    user_id: user.id,
    token_hash: hashOneTimeToken(challenge),
    expires_at: expiresAt,
  });
  throw new AppError('TWO_FACTOR_REQUIRED', {
    details: { challenge, expiresAt: expiresAt.toISOString() } satisfies TwoFactorChallengeDetails,
  });
}

/**
 * The second step of a sign-in: checks the challenge and a code (or a recovery code) and answers the
 * person to open a session for. A wrong code counts against the challenge; after five it is spent.
 */
export async function consumeTwoFactorChallenge(
  ctx: ServiceContext,
  input: TwoFactorSignInBody,
): Promise<UserRow> {
  if (!input.code && !input.recoveryCode) throw validationError([{ field: 'code', code: 'required' }]);
  type Outcome = { user: UserRow } | { error: AppError };
  const outcome = await inTransaction(ctx, async (tx): Promise<Outcome> => {
    const challenge = await repo.lockChallenge(tx.db, hashOneTimeToken(input.challenge));
    if (
      !challenge ||
      challenge.used_at ||
      challenge.expires_at <= new Date() ||
      challenge.attempts >= CHALLENGE_MAX_ATTEMPTS
    )
      return { error: new AppError('SESSION_EXPIRED') };
    const user = await findUserById(tx.db, challenge.user_id);
    const row = user && (await repo.findTwoFactor(tx.db, user.id, true));
    if (!user || user.status !== 'ACTIVE' || !row?.secret || !row.enabled_at)
      return { error: new AppError('SESSION_EXPIRED') };
    const audited = { ...tx, actor: { ...tx.actor, id: user.id, label: user.email } };

    let accepted = false;
    if (input.code) {
      const step = acceptedStep(row.secret, input.code, row.last_used_step);
      if (step !== null) {
        await repo.setLastUsedStep(tx.db, user.id, step);
        accepted = true;
      }
    } else if (input.recoveryCode) {
      accepted = await repo.useRecoveryCode(tx.db, user.id, hashRecoveryCode(input.recoveryCode));
    }
    if (!accepted) {
      await repo.countChallengeAttempt(tx.db, challenge.id);
      await recordAudit(audited, {
        action: 'auth.two_factor_failed',
        entityType: 'session',
        after: { method: input.code ? 'totp' : 'recovery_code', attempt: challenge.attempts + 1 },
      });
      return {
        error: validationError([{ field: input.code ? 'code' : 'recoveryCode', code: 'twoFactorCode' }]),
      };
    }
    await repo.markChallengeUsed(tx.db, challenge.id);
    await recordAudit(audited, {
      action: 'auth.two_factor_passed',
      entityType: 'session',
      after: { method: input.code ? 'totp' : 'recovery_code' },
    });
    return { user };
  });
  // The attempt is committed before the error goes out, so the count cannot be rolled back.
  if ('error' in outcome) throw outcome.error;
  return outcome.user;
}

/** Deletes sign-in challenges that ended more than an hour ago. */
export async function purgeOldChallenges(ctx: ServiceContext): Promise<{ challenges: number }> {
  return inTransaction(ctx, async (tx) => {
    const challenges = await repo.deleteOldChallenges(tx.db);
    if (challenges > 0)
      await recordAudit(tx, {
        action: 'two-factor.challenges_purged',
        entityType: 'session',
        after: { challenges },
      });
    return { challenges };
  });
}
