import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { notifyEach } from '../notifications/notifications.service.ts';
import * as repo from './feedback-reminders.repository.ts';
import { recruitmentPolicy } from './recruitment.policy.ts';

/**
 * The daily reminder of overdue interview feedback, run by the worker as the system. Moving a
 * candidate into a screening or interview stage tells the hiring team their feedback is due by a
 * date (HIRING_FEEDBACK_DUE); once that date has passed, each team member who has still given no
 * feedback on the candidate at that stage is reminded (the same notification, with the past due
 * date), every day until they do, the candidate moves on, or the campaign is no longer OPEN. At most
 * once a day per application: the day is kept on the application (`feedback_reminded_on`), rows are
 * locked with skip locked, so a second run or a second worker reminds nobody twice.
 */

const BATCH = 500;

export interface FeedbackReminderResult {
  today: string;
  applications: number;
  reminders: number;
}

export async function remindOverdueFeedback(
  ctx: ServiceContext,
  options: { today?: string } = {},
): Promise<FeedbackReminderResult> {
  recruitmentPolicy.authorize(ctx.actor, 'runJobs', undefined);
  const today = options.today ?? companyToday(ctx.config);
  const result = { today, applications: 0, reminders: 0 };
  for (;;) {
    const locked = await inTransaction(ctx, async (tx) => {
      const rows = await repo.lockOverdueApplications(tx.db, today, tx.config.COMPANY_TIME_ZONE, BATCH);
      if (rows.length === 0) return 0;
      const waiting = await repo.interviewersWithoutFeedback(
        tx.db,
        rows.map((row) => row.id),
      );
      const reminders = await notifyEach(
        tx,
        'HIRING_FEEDBACK_DUE',
        rows.map((row) => ({
          recipientIds: waiting.filter((w) => w.application_id === row.id).map((w) => w.user_id),
          data: {
            actor: null,
            campaign: { id: row.campaign_id, position: row.position },
            candidate: { id: row.candidate_id, firstName: row.first_name, lastName: row.last_name },
            stage: row.stage_name,
            dueDate: row.due_date,
          },
        })),
      );
      await repo.markReminded(
        tx.db,
        rows.map((row) => row.id),
        today,
      );
      await recordAudit(tx, {
        action: 'hiring_application.feedback_reminded',
        entityType: 'hiring_application',
        after: { today, applications: rows.map((row) => row.id), reminders },
      });
      result.applications += rows.length;
      result.reminders += reminders;
      return rows.length;
    });
    if (locked < BATCH) return result;
  }
}
