import { defineArea } from '../area.ts';
import { assetPolicy, assetsPolicy } from './assets.policy.ts';
import { assetRoutes } from './assets.routes.ts';

/** Company assets: information-security labels, assignee history, QR codes, import/export, audits. */
export const assetsArea = defineArea({
  name: 'assets',
  routes: [assetRoutes],
  policies: [assetsPolicy, assetPolicy],
  commands: async () => (await import('../../../cli/commands/assets.ts')).registerAssetCommands,
});
