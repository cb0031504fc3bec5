import type { Actor } from '../../core/context.ts';
import { can, definePolicy, isPerson, isSelf } from '../../core/policy.ts';

/**
 * Who may do what with personal data. Each person exports their own data and reads their own consent
 * records; those who manage employees (`employees.manage`: HR) do so for anyone, keep the retention
 * period, list who is due for anonymisation and run it. The worker runs it as the system.
 */
export interface PersonRecord {
  userId: string;
}

const hr = (actor: Actor) => can(actor, 'employees.manage');

export const personalDataPolicy = definePolicy<PersonRecord, 'export' | 'viewConsents'>('personalData', {
  export: (actor, record) => isSelf(actor, record.userId) || hr(actor),
  viewConsents: (actor, record) => isSelf(actor, record.userId) || hr(actor),
});

export const privacyPolicy = definePolicy<undefined, 'self' | 'manageRetention'>('privacy', {
  self: (actor) => isPerson(actor),
  manageRetention: (actor) => hr(actor),
});
