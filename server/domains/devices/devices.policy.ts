import { can, definePolicy, isSelf } from '../../core/policy.ts';

/**
 * Work devices: a person declares, changes and removes their own; administrators
 * (`platform-settings.manage`) see everyone's devices and compliance and keep the update rules.
 */
export const workDevicePolicy = definePolicy<{ user_id: string } | undefined, 'view' | 'edit' | 'manage'>(
  'work_device',
  {
    view: (actor, device) =>
      (device ? isSelf(actor, device.user_id) : false) || can(actor, 'platform-settings.manage'),
    edit: (actor, device) => (device ? isSelf(actor, device.user_id) : false),
    manage: (actor) => can(actor, 'platform-settings.manage'),
  },
);
