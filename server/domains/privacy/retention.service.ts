import {
  ANONYMISED_FIELDS,
  KEPT_FIELDS,
  type PrivacySettings,
  type PrivacySettingsBody,
  type RetentionPreview,
  type RetentionRunResult,
} from '../../../shared/privacy.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { deleteUserAvatar, revokeUserSessions, updateUser } from '../accounts/accounts.service.ts';
import { privacyPolicy } from './privacy.policy.ts';
import * as repo from './privacy.repository.ts';

/**
 * Retention of former employees' personal data: once the offboarding date plus the retention period
 * (a setting, 24 months by default) has passed, the personal fields (ANONYMISED_FIELDS) are cleared;
 * the fields payroll, tax and social insurance history needs (KEPT_FIELDS) and every business record
 * stay. HR sees who is due first (the dry run), then runs it; the worker runs it daily. A person is
 * anonymised once: the log (`privacy_anonymisations`) makes a second run change nothing.
 */

const PREVIEW_LIMIT = 500;
const BATCH = 100;

/** The retention period. */
export async function getPrivacySettings(ctx: ServiceContext): Promise<PrivacySettings> {
  privacyPolicy.authorize(ctx.actor, 'manageRetention', undefined);
  return { retentionMonths: await repo.readRetentionMonths(ctx.db) };
}

/** Changes the retention period (months after the offboarding date). */
export async function updatePrivacySettings(
  ctx: ServiceContext,
  input: PrivacySettingsBody,
): Promise<PrivacySettings> {
  privacyPolicy.authorize(ctx.actor, 'manageRetention', undefined);
  return inTransaction(ctx, async (tx) => {
    const before = await repo.readRetentionMonths(tx.db);
    await repo.writeRetentionMonths(tx.db, input.retentionMonths);
    await recordAudit(tx, {
      action: 'privacy_settings.updated',
      entityType: 'setting',
      entityId: repo.RETENTION_KEY,
      before: { retentionMonths: before },
      after: { retentionMonths: input.retentionMonths },
    });
    return { retentionMonths: input.retentionMonths };
  });
}

/** The dry run: who would be anonymised today, and which fields go and stay. Changes nothing. */
export async function previewRetention(
  ctx: ServiceContext,
  options: { today?: string } = {},
): Promise<RetentionPreview> {
  privacyPolicy.authorize(ctx.actor, 'manageRetention', undefined);
  const today = options.today ?? companyToday(ctx.config);
  const months = await repo.readRetentionMonths(ctx.db);
  const rows = await repo.retentionCandidates(ctx.db, { today, months, limit: PREVIEW_LIMIT + 1 });
  return {
    retentionMonths: months,
    today,
    candidates: rows.slice(0, PREVIEW_LIMIT).map((row) => ({
      userId: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      offboardDate: row.offboard_date!,
      dueDate: row.due_date,
    })),
    truncated: rows.length > PREVIEW_LIMIT,
    anonymisedFields: [...ANONYMISED_FIELDS],
    keptFields: [...KEPT_FIELDS],
  };
}

/**
 * Anonymises every former employee due today, a batch per transaction, each with its audit event
 * (which names the fields cleared, never their old values). Already anonymised people are skipped.
 */
export async function runRetention(
  ctx: ServiceContext,
  options: { today?: string } = {},
): Promise<RetentionRunResult> {
  privacyPolicy.authorize(ctx.actor, 'manageRetention', undefined);
  const today = options.today ?? companyToday(ctx.config);
  const months = await repo.readRetentionMonths(ctx.db);
  const userIds: string[] = [];
  for (;;) {
    const batch = await inTransaction(ctx, async (tx) => {
      const rows = await repo.retentionCandidates(tx.db, { today, months, limit: BATCH, lock: true });
      for (const row of rows) {
        await updateUser(tx, row.id, {
          email: `anonymised-${row.id}@anonymised.invalid`,
          phone_number: null,
          address: null,
          birthday: null,
          gender: null,
          id_card_number: null,
          id_card_issue_date: null,
          id_card_issue_authority: null,
          bank_id: null,
          bank_account_number: null,
          avatar_url: null,
          discord_account_id: null,
          note: null,
          organization: null,
          password_hash: null,
          line_manager_id: null,
        });
        await deleteUserAvatar(tx, row.id);
        await revokeUserSessions(tx, row.id, 'anonymised');
        await repo.insertAnonymisation(tx.db, {
          user_id: row.id,
          offboard_date: row.offboard_date!,
          retention_months: months,
          fields: [...ANONYMISED_FIELDS],
          anonymised_by: tx.actor.id,
        });
        await recordAudit(tx, {
          action: 'person.anonymised',
          entityType: 'user',
          entityId: row.id,
          // The name is kept (payroll history), so it may name the subject; the old values never appear.
          subject: { id: row.id, label: `${row.last_name} ${row.first_name}`.trim() },
          after: {
            offboardDate: row.offboard_date,
            retentionMonths: months,
            dueDate: row.due_date,
            anonymisedFields: ANONYMISED_FIELDS,
            keptFields: KEPT_FIELDS,
          },
        });
      }
      return rows.map((row) => row.id);
    });
    userIds.push(...batch);
    if (batch.length < BATCH) break;
  }
  return { anonymisedCount: userIds.length, userIds };
}
