import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import * as repo from './offboarding.repository.ts';
import { PROVIDER_MODULES } from './providers/index.ts';

/** Providers whose module removes a member through the API (GitHub, GitLab, Slack, Discord). */
export const API_REMOVAL_PROVIDERS = Object.entries(PROVIDER_MODULES)
  .filter(([, module]) => module.removeMember)
  .map(([provider]) => provider);

/**
 * Opens the offboarding checklist of a person being deactivated, in the deactivation's
 * transaction (called by the employees area's setUserStatus, which checked the actor): one item
 * per account they were assigned. Not a use case of its own.
 */
export async function openOffboardingChecklist(tx: ServiceContext, userId: string): Promise<void> {
  const opened = await repo.openItems(tx.db, userId, API_REMOVAL_PROVIDERS);
  if (opened > 0)
    await recordAudit(tx, {
      action: 'offboarding.opened',
      entityType: 'user',
      entityId: userId,
      after: { items: opened },
    });
}
