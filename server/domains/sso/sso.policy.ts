import { can, definePolicy, isPerson } from '../../core/policy.ts';

/**
 * Who may do what with single sign-on: `sso.manage` registers apps and decides access requests;
 * `sso.request` lets a person ask for an app they may not use yet. Opening an app needs no
 * permission, only a place on its list (decided at the consent step).
 */
export const ssoPolicy = definePolicy<undefined, 'manage' | 'request' | 'signIn'>('sso', {
  manage: (actor) => can(actor, 'sso.manage'),
  request: (actor) => isPerson(actor) && can(actor, 'sso.request'),
  signIn: (actor) => isPerson(actor),
});
