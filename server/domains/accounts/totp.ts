import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** TOTP (RFC 6238) as authenticator apps expect it, and the recovery codes that stand in for a lost phone. */

const ISSUER = 'Backoffice';
const PERIOD = 30;
/** One step either side: a phone clock a little off still works. */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;

export function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
  });
}

/** A new random secret (160 bits), base32 as the apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/**
 * The time step a code belongs to, when it is valid and newer than the last accepted one:
 * a code is never accepted twice, even within its 30 seconds.
 */
export function acceptedStep(secret: string, code: string, lastUsedStep: string | null): number | null {
  const delta = totpFor(secret, 'check').validate({ token: code, window: WINDOW });
  if (delta === null) return null;
  const step = TOTP.counter({ period: PERIOD }) + delta;
  return lastUsedStep !== null && step <= Number(lastUsedStep) ? null : step;
}

/** Recovery codes are random (50 bits each); normalised so spaces, dashes and case do not matter. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
