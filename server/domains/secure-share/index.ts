import { defineArea } from '../area.ts';
import { secureSharePolicy } from './secure-share.policy.ts';
import { secureShareRoutes } from './secure-share.routes.ts';

/** Secure share links: text encrypted in the browser, a number of views, an expiry. */
export const secureShareArea = defineArea({
  name: 'secure-share',
  routes: [secureShareRoutes],
  policies: [secureSharePolicy],
});
