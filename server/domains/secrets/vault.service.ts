import { PASSCODE_KDF_ITERATIONS, type Sealed } from '../../../shared/crypto/vault-crypto.ts';
import {
  PASSCODE_LOCKOUT_MINUTES,
  PASSCODE_MAX_ATTEMPTS,
  type PasscodeResetBody,
  type RecoverBody,
  type UnlockBody,
  type VaultSetupBody,
  type VaultStatus,
  type WrappedUserKey,
} from '../../../shared/secrets.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { updateUser } from '../accounts/accounts.service.ts';
import * as repo from './secrets.repository.ts';
import { vaultPolicy } from './secrets.policy.ts';
import { openUnderPepper, proofMatches, secretsPepper, sealUnderPepper, verifierOf } from './vault-pepper.ts';

/**
 * The person's vault: setting up a passcode and recovery key, unlocking, and resetting the passcode.
 * The server checks proofs (never passcodes) and counts wrong ones on the vault row, under a row
 * lock, so the lockout holds across replicas: five wrong passcodes, then ten minutes.
 */

type VaultRow = NonNullable<Awaited<ReturnType<typeof repo.findVault>>>;

function me(ctx: ServiceContext): string {
  vaultPolicy.authorize(ctx.actor, 'use', undefined);
  return ctx.actor.id!;
}

const lockedNow = (vault: VaultRow, now: Date) => vault.locked_until !== null && vault.locked_until > now;
/** Wrong attempts so far; a lockout that has run out starts the count again. */
const attemptsUsed = (vault: VaultRow, now: Date) =>
  vault.locked_until !== null && vault.locked_until <= now ? 0 : vault.failed_attempts;

function lockedError(until: Date) {
  return new AppError('PASSCODE_LOCKED', { details: { lockedUntil: until.toISOString() } });
}

/** Whether the caller has a vault, and what the browser needs to derive its proof. */
export async function getVaultStatus(ctx: ServiceContext): Promise<VaultStatus> {
  const userId = me(ctx);
  const vault = await repo.findVault(ctx.db, userId);
  const now = new Date();
  return {
    hasEncryptionKey: Boolean(vault),
    passcodeSalt: vault?.passcode_salt ?? null,
    kdfIterations: PASSCODE_KDF_ITERATIONS,
    publicKey: vault?.public_key ?? null,
    wrappedPrivateKey: (vault?.wrapped_private_key as Sealed | undefined) ?? null,
    attemptsRemaining: vault ? PASSCODE_MAX_ATTEMPTS - attemptsUsed(vault, now) : PASSCODE_MAX_ATTEMPTS,
    lockedUntil: vault && lockedNow(vault, now) ? vault.locked_until!.toISOString() : null,
  };
}

/** Creates the caller's vault from what the browser derived; the user gains `hasEncryptionKey`. */
export async function setUpVault(ctx: ServiceContext, input: VaultSetupBody): Promise<VaultStatus> {
  const userId = me(ctx);
  const pepper = await secretsPepper(ctx);
  await inTransaction(ctx, async (tx) => {
    if (await repo.lockVault(tx.db, userId)) throw new AppError('VAULT_EXISTS');
    await repo.insertVault(tx.db, {
      user_id: userId,
      passcode_salt: input.passcodeSalt,
      passcode_verifier: verifierOf(pepper, userId, 'passcode', input.passcodeProof),
      passcode_wrapped_key: sealUnderPepper(pepper, userId, 'passcode', input.passcodeWrappedKey),
      recovery_verifier: verifierOf(pepper, userId, 'recovery', input.recoveryProof),
      recovery_wrapped_key: sealUnderPepper(pepper, userId, 'recovery', input.recoveryWrappedKey),
      public_key: input.publicKey,
      wrapped_private_key: JSON.stringify(input.wrappedPrivateKey),
    });
    await updateUser(tx, userId, { has_encryption_key: true });
    await recordAudit(tx, { action: 'secret_vault.created', entityType: 'secret_vault', entityId: userId });
  });
  return getVaultStatus(ctx);
}

type Check = { ok: true } | { ok: false; lockedUntil: Date } | { ok: false; remaining: number };

/**
 * Checks a passcode proof on the locked vault row and records the outcome (an audit event either
 * way). Runs inside the caller's transaction, which must commit even when the proof is wrong: the
 * caller throws after the commit.
 */
async function checkPasscode(
  tx: ServiceContext,
  vault: VaultRow,
  pepper: Buffer,
  proof: string,
): Promise<Check> {
  const now = new Date();
  if (lockedNow(vault, now)) return { ok: false, lockedUntil: vault.locked_until! };
  const subject = { entityType: 'secret_vault', entityId: vault.user_id };
  if (proofMatches(pepper, vault.user_id, 'passcode', proof, vault.passcode_verifier)) {
    await repo.updateVault(tx.db, vault.user_id, { failed_attempts: 0, locked_until: null });
    return { ok: true };
  }
  const used = attemptsUsed(vault, now) + 1;
  if (used >= PASSCODE_MAX_ATTEMPTS) {
    const lockedUntil = new Date(now.getTime() + PASSCODE_LOCKOUT_MINUTES * 60_000);
    await repo.updateVault(tx.db, vault.user_id, { failed_attempts: 0, locked_until: lockedUntil });
    await recordAudit(tx, { action: 'secret_vault.locked', ...subject, after: { lockedUntil } });
    return { ok: false, lockedUntil };
  }
  await repo.updateVault(tx.db, vault.user_id, { failed_attempts: used, locked_until: null });
  await recordAudit(tx, {
    action: 'secret_vault.unlock_failed',
    ...subject,
    after: { failedAttempts: used },
  });
  return { ok: false, remaining: PASSCODE_MAX_ATTEMPTS - used };
}

function failure(check: Exclude<Check, { ok: true }>): AppError {
  return 'lockedUntil' in check
    ? lockedError(check.lockedUntil)
    : new AppError('PASSCODE_INCORRECT', {
        params: { remaining: check.remaining },
        details: { attemptsRemaining: check.remaining },
      });
}

async function requireVault(tx: ServiceContext, userId: string): Promise<VaultRow> {
  const vault = await repo.lockVault(tx.db, userId);
  if (!vault) throw new AppError('VAULT_REQUIRED');
  return vault;
}

/** Unlocks with the passcode: a right proof releases the passcode-wrapped user key (only the browser opens it). */
export async function unlockVault(ctx: ServiceContext, input: UnlockBody): Promise<WrappedUserKey> {
  const userId = me(ctx);
  const pepper = await secretsPepper(ctx);
  const outcome = await inTransaction(ctx, async (tx) => {
    const vault = await requireVault(tx, userId);
    const check = await checkPasscode(tx, vault, pepper, input.passcodeProof);
    if (!check.ok) return check;
    await recordAudit(tx, { action: 'secret_vault.unlocked', entityType: 'secret_vault', entityId: userId });
    return {
      ok: true as const,
      wrapped: openUnderPepper<Sealed>(pepper, userId, 'passcode', vault.passcode_wrapped_key),
    };
  });
  if (!outcome.ok) throw failure(outcome);
  return { wrappedUserKey: outcome.wrapped };
}

/** With the recovery key (a forgotten passcode): releases the recovery-wrapped user key. */
export async function recoverVault(ctx: ServiceContext, input: RecoverBody): Promise<WrappedUserKey> {
  const userId = me(ctx);
  const pepper = await secretsPepper(ctx);
  const outcome = await inTransaction(ctx, async (tx) => {
    const vault = await requireVault(tx, userId);
    const ok = proofMatches(pepper, userId, 'recovery', input.recoveryProof, vault.recovery_verifier);
    await recordAudit(tx, {
      action: ok ? 'secret_vault.recovery_opened' : 'secret_vault.recovery_failed',
      entityType: 'secret_vault',
      entityId: userId,
    });
    return ok ? openUnderPepper<Sealed>(pepper, userId, 'recovery', vault.recovery_wrapped_key) : null;
  });
  if (!outcome) throw new AppError('RECOVERY_KEY_INVALID');
  return { wrappedUserKey: outcome };
}

/**
 * A new passcode, proven by the recovery key (forgotten passcode; it also ends a lockout) or by the
 * current passcode (a change, which counts as an attempt). The new passcode must differ.
 */
export async function resetPasscode(ctx: ServiceContext, input: PasscodeResetBody): Promise<VaultStatus> {
  const userId = me(ctx);
  if (Boolean(input.recoveryProof) === Boolean(input.currentPasscodeProof))
    throw validationError([{ field: 'recoveryKey', code: 'required' }]);
  const pepper = await secretsPepper(ctx);
  const outcome = await inTransaction(ctx, async (tx) => {
    const vault = await requireVault(tx, userId);
    if (input.currentPasscodeProof) {
      const check = await checkPasscode(tx, vault, pepper, input.currentPasscodeProof);
      if (!check.ok) return check;
    } else if (!proofMatches(pepper, userId, 'recovery', input.recoveryProof!, vault.recovery_verifier)) {
      return 'recovery' as const;
    }
    if (proofMatches(pepper, userId, 'passcode', input.sameAsCurrentProof, vault.passcode_verifier))
      return 'unchanged' as const;
    await repo.updateVault(tx.db, userId, {
      passcode_salt: input.passcodeSalt,
      passcode_verifier: verifierOf(pepper, userId, 'passcode', input.passcodeProof),
      passcode_wrapped_key: sealUnderPepper(pepper, userId, 'passcode', input.passcodeWrappedKey),
      failed_attempts: 0,
      locked_until: null,
    });
    await recordAudit(tx, {
      action: input.recoveryProof ? 'secret_vault.passcode_reset' : 'secret_vault.passcode_changed',
      entityType: 'secret_vault',
      entityId: userId,
    });
    return { ok: true as const };
  });
  if (outcome === 'recovery') throw new AppError('RECOVERY_KEY_INVALID');
  if (outcome === 'unchanged') throw validationError([{ field: 'passcode', code: 'passcodeUnchanged' }]);
  if (!outcome.ok) throw failure(outcome);
  return getVaultStatus(ctx);
}
