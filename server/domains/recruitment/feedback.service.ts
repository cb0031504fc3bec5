import type {
  ApplicationDetail,
  Comparison,
  CompareQuery,
  FeedbackBody,
} from '../../../shared/recruitment.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import * as repo from './applications.repository.ts';
import { getApplication } from './applications.service.ts';
import { campaignPolicy } from './recruitment.policy.ts';
import { feedbackProblems, mean, resumeFacts } from './recruitment-rules.ts';
import {
  requireStatusAllows,
  requireVisibleApplication,
  requireVisibleCampaign,
  toApplications,
  toFeedback,
} from './recruitment-views.ts';

/** Interview feedback scored per criterion, and the side-by-side comparison it feeds. */

/**
 * The caller's feedback on a candidate for one screening or interview stage: a recommendation,
 * a comment and a score per criterion within its scale. Giving it again replaces it.
 */
export async function giveFeedback(
  ctx: ServiceContext,
  applicationId: string,
  input: FeedbackBody,
): Promise<ApplicationDetail> {
  return inTransaction(ctx, async (tx) => {
    const { row, campaign } = await requireVisibleApplication(tx, applicationId, { lock: true });
    campaignPolicy.authorize(tx.actor, 'giveFeedback', campaign.access);
    requireStatusAllows(campaign, 'giveFeedback');
    const problems = feedbackProblems(input, campaign.stages, campaign.criteria);
    if (problems.length) throw validationError(problems);
    const previous = (await repo.listFeedback(tx.db, [applicationId])).find(
      (f) => f.stage_id === input.stageId && f.interviewer_id === tx.actor.id,
    );
    const id = await repo.saveFeedback(
      tx.db,
      {
        application_id: applicationId,
        stage_id: input.stageId,
        interviewer_id: tx.actor.id!,
        recommendation: input.recommendation,
        comment: input.comment?.trim() || null,
      },
      input.scores,
    );
    const saved = (await repo.listFeedback(tx.db, [applicationId])).find((f) => f.id === id)!;
    await recordAudit(tx, {
      action: previous ? 'hiring_feedback.updated' : 'hiring_feedback.created',
      entityType: 'hiring_application',
      entityId: row.id,
      before: previous ? toFeedback(previous) : undefined,
      after: toFeedback(saved),
    });
    return getApplication(tx, applicationId);
  });
}

/**
 * Two to four candidates of one campaign side by side: their stage, each interviewer's score per
 * criterion with the criterion's mean, the overall average, key facts read from the resume and the
 * feedback text.
 */
export async function compareApplications(
  ctx: ServiceContext,
  campaignId: string,
  query: CompareQuery,
): Promise<Comparison> {
  const campaign = await requireVisibleCampaign(ctx, campaignId);
  const ids = [...new Set(query.applicationIds)];
  if (ids.length < 2) throw validationError([{ field: 'applicationIds', code: 'compareTwoToFour' }]);
  const rows = await repo.findApplicationsByIds(ctx.db, ids);
  if (rows.length !== ids.length || rows.some((row) => row.campaign_id !== campaignId))
    throw validationError([{ field: 'applicationIds', code: 'compareSameCampaign' }]);
  // In the order asked for: the page shows the columns as they were picked.
  const ordered = ids.map((id) => rows.find((row) => row.id === id)!);
  const [applications, feedback, texts] = await Promise.all([
    toApplications(ctx, campaign, ordered),
    repo.listFeedback(ctx.db, ids),
    repo.findResumeTexts(
      ctx.db,
      ordered.flatMap((row) => (row.resume_id ? [row.resume_id] : [])),
    ),
  ]);
  const interviewers = new Map(
    feedback.map((f) => [
      f.interviewer_id,
      { id: f.interviewer_id, firstName: f.first_name, lastName: f.last_name, email: f.email },
    ]),
  );
  return {
    campaign: { id: campaign.row.id, position: campaign.row.position },
    criteria: campaign.criteria.map((c) => ({ id: c.id, name: c.name, scaleMax: c.scale_max })),
    interviewers: [...interviewers.values()],
    candidates: ordered.map((row, index) => {
      const mine = feedback.filter((f) => f.application_id === row.id);
      const text = texts.find((t) => t.id === row.resume_id);
      return {
        application: applications[index]!,
        facts: text ? resumeFacts(text.text, text.page_count) : null,
        criteria: campaign.criteria.map((criterion) => {
          const scores = mine.flatMap((f) =>
            f.scores
              .filter((s) => s.criterionId === criterion.id)
              .map((s) => ({ interviewerId: f.interviewer_id, stageName: f.stage_name, score: s.score })),
          );
          return { criterionId: criterion.id, scores, average: mean(scores.map((s) => s.score)) };
        }),
        feedback: mine.map(toFeedback),
      };
    }),
  };
}
