import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { findUserByEmail } from '../accounts/accounts.service.ts';
import { reevaluateDevices } from './device-evaluation.ts';
import * as repo from './devices.repository.ts';
import { workDevicePolicy } from './devices.policy.ts';
import { liftAllEnforcements } from './enforcement.ts';

/**
 * The break-glass (README "Work devices and forced updates"): an exempt person is never blocked by
 * a device, checklist or chat-account enforcement. Meant for the CLI on the server
 * (`backoffice devices exempt EMAIL`) when every administrator is locked out; administrators may
 * also call it. Lifting takes effect at once, with the live events.
 */
export async function exemptPerson(
  ctx: ServiceContext,
  email: string,
  reason: string | null,
): Promise<{ userId: string; changed: boolean }> {
  workDevicePolicy.authorize(ctx.actor, 'manage', undefined);
  const person = await findUserByEmail(ctx, email.trim().toLowerCase());
  if (!person) throw new AppError('NOT_FOUND');
  return inTransaction(ctx, async (tx) => {
    const changed = await repo.insertExemption(tx.db, person.id, reason?.trim() || null);
    if (changed)
      await recordAudit(tx, {
        action: 'security_exemption.granted',
        entityType: 'security_exemption',
        entityId: person.id,
        after: { email: person.email, reason },
        subject: { id: person.id, label: person.email },
      });
    await liftAllEnforcements(tx, person.id);
    return { userId: person.id, changed };
  });
}

/** Ends an exemption: the person's devices are evaluated again at once. */
export async function removeExemption(
  ctx: ServiceContext,
  email: string,
): Promise<{ userId: string; changed: boolean }> {
  workDevicePolicy.authorize(ctx.actor, 'manage', undefined);
  const person = await findUserByEmail(ctx, email.trim().toLowerCase());
  if (!person) throw new AppError('NOT_FOUND');
  return inTransaction(ctx, async (tx) => {
    const changed = await repo.deleteExemption(tx.db, person.id);
    if (changed) {
      await recordAudit(tx, {
        action: 'security_exemption.removed',
        entityType: 'security_exemption',
        entityId: person.id,
        before: { email: person.email },
        subject: { id: person.id, label: person.email },
      });
      await reevaluateDevices(tx, [person.id]);
    }
    return { userId: person.id, changed };
  });
}
