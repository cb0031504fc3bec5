import { Secret, TOTP, URI } from 'otpauth';
import type { FieldProblem } from '../errors.ts';
import { RECOVERY_KEY_LENGTH, normaliseRecoveryKey } from '../crypto/vault-crypto.ts';
import { KEY_FILE_EXTENSIONS, KEY_FILE_MAX_BYTES, type SecretType } from '../secrets.schemas.ts';

/**
 * The rules of secret contents, passcodes and recovery keys. Contents are encrypted in the browser,
 * so the server cannot check them: the browser checks them with these rules before encrypting.
 * Passcodes and recovery keys never reach the server either (only proofs derived from them do).
 */

export const SECRET_FIELDS = [
  'host',
  'port',
  'text',
  'secretText',
  'passphrase',
  'longText',
  'otp',
  'notes',
] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

/** What each type of secret shows (spec section 3); every type may carry an OTP and notes. */
export const SECRET_FIELDS_BY_TYPE: Record<SecretType, readonly SecretField[]> = {
  K8S_KEY: ['host', 'port', 'text', 'secretText', 'otp', 'notes'],
  SSH_KEY: ['host', 'port', 'text', 'longText', 'passphrase', 'otp', 'notes'],
  SECURE_NOTE: ['longText', 'otp', 'notes'],
  PRIVATE_KEY: ['text', 'longText', 'passphrase', 'otp', 'notes'],
};

/** The decrypted content of a secret: its fields, and the private key file's name when one was read. */
export type SecretContent = Partial<Record<SecretField, string>> & { fileName?: string };

const MAX_LENGTH: Record<SecretField, number> = {
  host: 255,
  port: 5,
  text: 255,
  secretText: 5000,
  passphrase: 255,
  // A private key file may be up to 1MB of text.
  longText: KEY_FILE_MAX_BYTES,
  otp: 255,
  notes: 5000,
};

/** A TOTP secret as base32 or an otpauth:// URI: the TOTP it makes, or null when it is not one. */
export function totpOf(value: string): TOTP | null {
  const text = value.trim();
  try {
    if (text.toLowerCase().startsWith('otpauth://')) {
      const parsed = URI.parse(text);
      return parsed instanceof TOTP ? parsed : null;
    }
    if (!/^[A-Z2-7]+=*$/i.test(text.replace(/\s/g, ''))) return null;
    const secret = Secret.fromBase32(text.replace(/\s/g, '').toUpperCase());
    if (secret.bytes.length < 10) return null; // under 80 bits: not a real TOTP secret
    return new TOTP({ secret });
  } catch {
    return null;
  }
}

/** The current 6-digit code and the seconds it has left. */
export function currentOtp(value: string, now = Date.now()): { code: string; secondsLeft: number } | null {
  const totp = totpOf(value);
  if (!totp) return null;
  return {
    code: totp.generate({ timestamp: now }),
    secondsLeft: totp.period - (Math.floor(now / 1000) % totp.period),
  };
}

/** Every problem of a secret's content at once, as field errors ('Invalid OTP secret', 'Invalid number' …). */
export function secretContentProblems(type: SecretType, content: SecretContent): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of SECRET_FIELDS_BY_TYPE[type]) {
    const value = content[field];
    if (value === undefined || value === '') continue;
    if (value.trim() === '') problems.push({ field, code: 'blank' });
    else if (value.length > MAX_LENGTH[field])
      problems.push({ field, code: 'maxLength', params: { max: MAX_LENGTH[field] } });
    else if (field === 'port' && !(/^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535))
      problems.push({ field, code: 'number' });
    else if (field === 'otp' && !totpOf(value)) problems.push({ field, code: 'otpSecret' });
  }
  const required: SecretField = type === 'K8S_KEY' ? 'secretText' : 'longText';
  if (!content[required]?.trim() && !problems.some((p) => p.field === required))
    problems.push({ field: required, code: 'required' });
  return problems;
}

/** A private key file: .pem, .key or .txt, at most 1MB (spec section 9). */
export function keyFileProblems(file: { name: string; size: number }, field = 'file'): FieldProblem[] {
  const name = file.name.toLowerCase();
  if (!KEY_FILE_EXTENSIONS.some((extension) => name.endsWith(extension)))
    return [{ field, code: 'fileType' }];
  if (file.size > KEY_FILE_MAX_BYTES) return [{ field, code: 'fileSize', params: { number: 1 } }];
  return [];
}

/** A passcode is 6 digits ('Invalid passcode. Please try again'); its confirmation must match. */
export function passcodeProblems(
  passcode: string,
  confirmation?: string,
  field = 'passcode',
): FieldProblem[] {
  if (!passcode) return [{ field, code: 'required' }];
  if (!/^\d{6}$/.test(passcode)) return [{ field, code: 'passcodeFormat' }];
  if (confirmation !== undefined && confirmation !== passcode)
    return [{ field: 'confirmPasscode', code: 'passcodeMismatch' }];
  return [];
}

/** A recovery key as typed back: 'Input must be {{length}} characters long' unless it has the right length. */
export function recoveryKeyProblems(input: string, field = 'recoveryKey'): FieldProblem[] {
  if (!input.trim()) return [{ field, code: 'required' }];
  if (normaliseRecoveryKey(input).length !== RECOVERY_KEY_LENGTH)
    return [{ field, code: 'recoveryKeyLength', params: { length: RECOVERY_KEY_LENGTH } }];
  return [];
}

/** A recovery key in groups of four, as it is shown once and printed. */
export function formatRecoveryKey(key: string): string {
  return normaliseRecoveryKey(key).replace(/(.{4})(?=.)/g, '$1-');
}
