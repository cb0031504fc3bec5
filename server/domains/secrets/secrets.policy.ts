import type { ShareRole } from '../../../shared/secrets.schemas.ts';
import type { Actor } from '../../core/context.ts';
import { can, definePolicy, isPerson } from '../../core/policy.ts';

/**
 * Who may do what with secrets (README "Secrets", roles).
 *
 * Secret roles: a **Viewer** (`secrets.use`) keeps a vault and works with the secrets shared with
 * them; a **Manager** (`secrets.manage`) also sees the company's inventory (names, types, owners —
 * never contents: the server cannot open them) and may remove anyone's access, as offboarding
 * needs. Neither role reads a secret nobody shared: the keys are wrapped per member.
 *
 * Share roles, per secret: OWNER does everything, including deleting it and giving any role;
 * EDITOR changes it and shares it as EDITOR, COMMENTER or VIEWER (never OWNER, never changing an
 * owner); COMMENTER reads it and adds comments; VIEWER reads it.
 */

export interface SecretAccess {
  role: ShareRole | null;
}

const holds = (record: SecretAccess, ...roles: ShareRole[]) =>
  record.role !== null && roles.includes(record.role);
const usesVault = (actor: Actor) => isPerson(actor) && can(actor, 'secrets.use');

export const secretPolicy = definePolicy<
  SecretAccess,
  'read' | 'edit' | 'comment' | 'share' | 'delete' | 'revoke'
>('secret', {
  read: (actor, s) => usesVault(actor) && holds(s, 'OWNER', 'EDITOR', 'COMMENTER', 'VIEWER'),
  edit: (actor, s) => usesVault(actor) && holds(s, 'OWNER', 'EDITOR'),
  comment: (actor, s) => usesVault(actor) && holds(s, 'OWNER', 'EDITOR', 'COMMENTER'),
  share: (actor, s) => usesVault(actor) && holds(s, 'OWNER', 'EDITOR'),
  delete: (actor, s) => usesVault(actor) && holds(s, 'OWNER'),
  revoke: (actor, s) => (usesVault(actor) && holds(s, 'OWNER')) || can(actor, 'secrets.manage'),
});

export const vaultPolicy = definePolicy<undefined, 'use' | 'manage'>('vault', {
  use: (actor) => usesVault(actor),
  manage: (actor) => can(actor, 'secrets.manage'),
});

/** Roles the actor's own role lets them give, or take away, on a secret. */
export function grantableRoles(myRole: ShareRole | null): ShareRole[] {
  if (myRole === 'OWNER') return ['OWNER', 'EDITOR', 'COMMENTER', 'VIEWER'];
  if (myRole === 'EDITOR') return ['EDITOR', 'COMMENTER', 'VIEWER'];
  return [];
}

/** What the client may offer for one secret. */
export function secretAbilities(actor: Actor, access: SecretAccess) {
  const a = secretPolicy.abilities(actor, access);
  return { read: a.read, edit: a.edit, comment: a.comment, share: a.share, delete: a.delete };
}
