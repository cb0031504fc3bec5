import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { SessionUser } from '../../../shared/auth.schemas.ts';
import { isStrongPassword } from '../../../shared/rules/password.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { hashPassword } from '../../core/password-hash.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { ADMIN_ROLE, rolePolicy } from '../access/access.policy.ts';
import {
  assignRole,
  countUsersWithBuiltInRole,
  findBuiltInRole,
} from '../access/role-assignments.service.ts';
import { findUserByEmail, insertUser, updateUser } from './accounts.repository.ts';
import { toSessionUser } from './session-user.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewAdministrator {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Creates an active administrator (the built-in Admin role), or gives an existing account the
 * Admin role and the new password. Used by the CLI and by the first start.
 */
export async function createAdministrator(
  ctx: ServiceContext,
  input: NewAdministrator,
): Promise<SessionUser> {
  authorize(ctx.actor, 'employees.manage');
  authorize(ctx.actor, 'roles.manage');
  // Handing out Admin is for whoever holds every permission (the role policy's `assign`).
  rolePolicy.authorize(ctx.actor, 'assign', ADMIN_ROLE);
  const email = input.email.trim();
  const problems: FieldProblem[] = [];
  if (!EMAIL_PATTERN.test(email)) problems.push({ field: 'email', code: 'email' });
  if (!isStrongPassword(input.password)) problems.push({ field: 'password', code: 'password' });
  if (problems.length > 0) throw validationError(problems);
  const passwordHash = await hashPassword(input.password);

  return inTransaction(ctx, async (tx) => {
    const adminRole = await findBuiltInRole(tx, 'admin');
    if (!adminRole) throw new AppError('INTERNAL', { details: { reason: 'the Admin role is missing' } });
    const existing = await findUserByEmail(tx.db, email);
    const user = existing
      ? await updateUser(tx.db, existing.id, {
          password_hash: passwordHash,
          password_changed_at: new Date(),
          status: 'ACTIVE',
        })
      : await insertUser(tx.db, {
          email,
          first_name: input.firstName?.trim() || 'Administrator',
          last_name: input.lastName?.trim() || '',
          password_hash: passwordHash,
          password_changed_at: new Date(),
          status: 'ACTIVE',
          created_by: tx.actor.id,
        });
    await assignRole(tx, {
      user_id: user.id,
      role_id: adminRole.id,
      project_id: null,
      created_by: tx.actor.id,
    });
    await recordAudit(tx, {
      action: existing ? 'user.made_administrator' : 'user.administrator_created',
      entityType: 'user',
      entityId: user.id,
      before: existing,
      after: user,
    });
    return toSessionUser(user);
  });
}

/**
 * On a database without any administrator, creates the first one from BACKOFFICE_ADMIN_EMAIL and
 * BACKOFFICE_ADMIN_PASSWORD, or with a generated password that the caller prints once.
 */
export async function ensureFirstAdministrator(
  ctx: ServiceContext,
): Promise<{ email: string; generatedPassword?: string } | null> {
  if ((await countUsersWithBuiltInRole(ctx, 'admin')) > 0) return null;
  // Replicas starting together on a new database: one creates the administrator, the others wait
  // for it (a transaction-scoped advisory lock) and then find one, instead of failing start-up on
  // the email's unique index.
  return inTransaction(ctx, async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('backoffice.first-administrator'))`.execute(tx.db);
    if ((await countUsersWithBuiltInRole(tx, 'admin')) > 0) return null;
    const email = tx.config.BACKOFFICE_ADMIN_EMAIL ?? 'admin@backoffice.local';
    const generatedPassword = tx.config.BACKOFFICE_ADMIN_PASSWORD ? undefined : generatePassword();
    await createAdministrator(tx, {
      email,
      password: tx.config.BACKOFFICE_ADMIN_PASSWORD ?? generatedPassword!,
    });
    return { email, generatedPassword };
  });
}

/** A random password that satisfies the policy. */
export function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}aA1!`;
}
