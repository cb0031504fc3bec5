import type { SecureShareSettings, UtilitySettings } from '../../../shared/platform-settings.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { validationError } from '../../core/errors.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { upsertSetting } from './platform-settings.repository.ts';
import { readSecureShareSettings, SECURE_SHARE_SETTING_KEY } from './secure-share-settings.ts';

/** UTILITIES of /platform-settings: the settings of the header's utilities (platform-settings.manage). */

/** The secure share limits and defaults, and the company time zone (set by the deployment, read-only here). */
export async function getUtilitySettings(ctx: ServiceContext): Promise<UtilitySettings> {
  authorize(ctx.actor, 'platform-settings.manage');
  return {
    secureShare: await readSecureShareSettings(ctx.db),
    companyTimeZone: ctx.config.COMPANY_TIME_ZONE,
  };
}

/** Changes the secure share limits and defaults; a default above its maximum is refused. */
export async function updateSecureShareSettings(
  ctx: ServiceContext,
  input: SecureShareSettings,
): Promise<UtilitySettings> {
  authorize(ctx.actor, 'platform-settings.manage');
  const problems: FieldProblem[] = [];
  if (input.defaultViews > input.maxViews)
    problems.push({ field: 'defaultViews', code: 'maximum', params: { max: input.maxViews } });
  if (input.defaultHours > input.maxHours)
    problems.push({ field: 'defaultHours', code: 'maximum', params: { max: input.maxHours } });
  if (problems.length) throw validationError(problems);
  await inTransaction(ctx, async (tx) => {
    const before = await readSecureShareSettings(tx.db);
    await upsertSetting(tx.db, SECURE_SHARE_SETTING_KEY, input);
    await recordAudit(tx, {
      action: 'settings.secure_share_updated',
      entityType: 'app_settings',
      entityId: SECURE_SHARE_SETTING_KEY,
      before,
      after: input,
    });
  });
  return getUtilitySettings(ctx);
}
