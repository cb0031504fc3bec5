/** Helpers shared by the account-security API tests (invitations, passwords, two-factor, access requests). */
import { TOTP, Secret } from 'otpauth';
import { createHash } from 'node:crypto';
import { createContext, SYSTEM_ACTOR, type ServiceContext } from '../../server/core/context.ts';
import type { Config } from '../../server/config.ts';
import type { Db } from '../../server/db/connect.ts';
import { loadUserActor } from '../../server/domains/access/actor.service.ts';

/** A service context acting as the system (CLI, worker). */
export function systemContext(db: Db, config: Config): ServiceContext {
  return createContext({ db, config }, SYSTEM_ACTOR);
}

/** A service context acting as a user, with the permissions their roles give. */
export async function userContext(db: Db, config: Config, user: { id: string; email: string }) {
  return createContext({ db, config }, await loadUserActor(db, user));
}

/** The newest mails to an address, newest first. */
export function mailsTo(db: Db, email: string) {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_email', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The token of the newest link to `path` in the mails to an address. */
export async function tokenFromMail(db: Db, email: string, path: string): Promise<string> {
  for (const mail of await mailsTo(db, email)) {
    const match = new RegExp(`${path}\\?token=([\\w%-]+)`).exec(mail.text_body);
    if (match) return decodeURIComponent(match[1]!);
  }
  throw new Error(`no ${path} link mailed to ${email}`);
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function auditActions(db: Db, entityId: string) {
  return db
    .selectFrom('audit_events')
    .select(['action', 'actor_id'])
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.action));
}

/** The TOTP code for a secret, `stepsAhead` periods from now (each code is accepted only once). */
export function totpCode(secret: string, stepsAhead = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/** A valid password by the policy that differs from the factories' default. */
export const NEW_PASSWORD = 'N3w-Password!x';
