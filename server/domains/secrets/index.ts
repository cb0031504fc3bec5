import { defineArea } from '../area.ts';
import { secretPolicy, vaultPolicy } from './secrets.policy.ts';
import { secretRoutes } from './secrets.routes.ts';

/** Secrets: each person's vault (passcode, recovery key, key pair) and secrets shared by role. */
export const secretsArea = defineArea({
  name: 'secrets',
  routes: [secretRoutes],
  policies: [secretPolicy, vaultPolicy],
});
