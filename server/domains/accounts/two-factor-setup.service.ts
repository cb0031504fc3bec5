import QRCode from 'qrcode';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../../shared/account.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { verifyPassword } from '../../core/password-hash.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { UserRow } from '../../db/database.ts';
import { accountPolicy, requireSelf } from './accounts.policy.ts';
import * as users from './accounts.repository.ts';
import { acceptedStep, hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpFor } from './totp.ts';
import * as repo from './two-factor.repository.ts';

async function requireUser(ctx: ServiceContext, id: string): Promise<UserRow> {
  const user = await users.findUserById(ctx.db, id);
  if (!user) throw new AppError('NOT_FOUND');
  return user;
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

/**
 * Whether the caller (or, for those who manage employees, the person `userId`) has two-factor
 * authentication, and how many recovery codes are left.
 */
export async function getTwoFactorStatus(ctx: ServiceContext, userId?: string): Promise<TwoFactorStatus> {
  const id = userId ?? requireSelf(ctx);
  if (userId) {
    accountPolicy.authorize(ctx.actor, 'manageTwoFactor', { id: userId });
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
    const secret = newTotpSecret();
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
