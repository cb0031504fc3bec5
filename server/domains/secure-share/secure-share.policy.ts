import { can, definePolicy, isPerson } from '../../core/policy.ts';

/** Making a secure share link needs `secure-share.create`; opening one needs only the link. */
export const secureSharePolicy = definePolicy<undefined, 'create'>('secureShare', {
  create: (actor) => isPerson(actor) && can(actor, 'secure-share.create'),
});
