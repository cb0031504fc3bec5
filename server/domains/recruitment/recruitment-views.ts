import type { Application, Campaign, CampaignStatus, Feedback } from '../../../shared/recruitment.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import * as apps from './applications.repository.ts';
import * as repo from './campaigns.repository.ts';
import { campaignPolicy, type CampaignAccess } from './recruitment.policy.ts';
import { mean, percentOf } from './recruitment-rules.ts';

/**
 * Loading what a caller may see, and shaping it for the API. Every read of a campaign or a candidate
 * goes through `requireVisibleCampaign`: a caller who may not see it gets NOT_FOUND (the candidate's
 * existence is personal data too).
 */

export interface LoadedCampaign {
  row: repo.CampaignRow;
  team: repo.TeamMemberRow[];
  stages: repo.StageRow[];
  criteria: repo.CriterionRow[];
  access: CampaignAccess;
}

export async function loadCampaigns(ctx: ServiceContext, rows: readonly repo.CampaignRow[]) {
  const ids = rows.map((row) => row.id);
  const [team, stages, criteria] = await Promise.all([
    repo.listTeams(ctx.db, ids),
    repo.listStages(ctx.db, ids),
    repo.listCriteria(ctx.db, ids),
  ]);
  return rows.map((row): LoadedCampaign => ({
    row,
    team: team.filter((member) => member.campaign_id === row.id),
    stages: stages.filter((stage) => stage.campaign_id === row.id),
    criteria: criteria.filter((criterion) => criterion.campaign_id === row.id),
    access: { teamIds: team.filter((m) => m.campaign_id === row.id).map((m) => m.id) },
  }));
}

/** The campaign when the caller may see it (recruitment permissions, or its hiring team); NOT_FOUND otherwise. */
export async function requireVisibleCampaign(
  ctx: ServiceContext,
  id: string,
  options: { lock?: boolean } = {},
): Promise<LoadedCampaign> {
  const row = await repo.findCampaign(ctx.db, id, options);
  if (!row) throw new AppError('NOT_FOUND');
  const [loaded] = await loadCampaigns(ctx, [row]);
  if (!campaignPolicy.can(ctx.actor, 'view', loaded!.access)) throw new AppError('NOT_FOUND');
  return loaded!;
}

/** What the status allows, beside what the person may: candidates join an OPEN campaign; a CLOSED one is final. */
export const statusAllows = (status: CampaignStatus) => ({
  addCandidate: status === 'OPEN',
  move: status !== 'CLOSED',
  giveFeedback: status !== 'CLOSED',
  hire: status !== 'CLOSED',
});

/** 409 when the campaign's status refuses the action (its own message, not a FORBIDDEN). */
export function requireStatusAllows(
  campaign: LoadedCampaign,
  action: keyof ReturnType<typeof statusAllows>,
): void {
  if (!statusAllows(campaign.row.status)[action])
    throw new AppError(action === 'addCandidate' ? 'HIRING_CAMPAIGN_NOT_OPEN' : 'HIRING_CAMPAIGN_CLOSED');
}

export async function toCampaigns(
  ctx: ServiceContext,
  loaded: readonly LoadedCampaign[],
): Promise<Campaign[]> {
  const counts = await repo.countApplications(
    ctx.db,
    loaded.map((c) => c.row.id),
  );
  return loaded.map(({ row, team, stages, criteria, access }) => {
    const abilities = campaignPolicy.abilities(ctx.actor, access);
    const allowed = statusAllows(row.status);
    return {
      id: row.id,
      position: row.position,
      department: row.department_id ? { id: row.department_id, name: row.department_name ?? '' } : null,
      openings: row.openings,
      description: row.description,
      status: row.status,
      opensOn: row.opens_on,
      closesOn: row.closes_on,
      feedbackDueDays: row.feedback_due_days,
      hiringTeam: team.map((m) => ({
        id: m.id,
        firstName: m.first_name,
        lastName: m.last_name,
        email: m.email,
      })),
      stages: stages.map((s) => ({
        id: s.id,
        name: s.name,
        kind: s.kind,
        position: s.position,
        candidateCount: s.candidate_count,
      })),
      criteria: criteria.map((c) => ({ id: c.id, name: c.name, scaleMax: c.scale_max })),
      candidateCount: counts.get(row.id)?.total ?? 0,
      hiredCount: counts.get(row.id)?.hired ?? 0,
      version: row.version,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      abilities: {
        edit: abilities.edit,
        addCandidate: abilities.addCandidate && allowed.addCandidate,
        move: abilities.move && allowed.move,
        giveFeedback: abilities.giveFeedback && allowed.giveFeedback,
        hire: abilities.hire && allowed.hire,
      },
    };
  });
}

export function toFeedback(row: apps.FeedbackRow): Feedback {
  return {
    id: row.id,
    stage: { id: row.stage_id, name: row.stage_name },
    interviewer: {
      id: row.interviewer_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
    },
    recommendation: row.recommendation,
    comment: row.comment,
    scores: row.scores,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The mean of every score of these feedback rows, as a share of each criterion's scale. */
export function averagePercent(
  feedback: readonly apps.FeedbackRow[],
  criteria: readonly repo.CriterionRow[],
) {
  const scales = new Map(criteria.map((c) => [c.id, c.scale_max]));
  return mean(
    feedback.flatMap((f) =>
      f.scores.flatMap((s) =>
        scales.has(s.criterionId) ? [percentOf(s.score, scales.get(s.criterionId)!)] : [],
      ),
    ),
  );
}

export async function toApplications(
  ctx: ServiceContext,
  campaign: LoadedCampaign,
  rows: readonly apps.ApplicationRow[],
): Promise<Application[]> {
  const feedback = await apps.listFeedback(
    ctx.db,
    rows.map((row) => row.id),
  );
  const abilities = campaignPolicy.abilities(ctx.actor, campaign.access);
  const allowed = statusAllows(campaign.row.status);
  return rows.map((row) => {
    const hired = row.hired_employee_id !== null;
    return {
      id: row.id,
      campaignId: row.campaign_id,
      candidate: {
        id: row.candidate_id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        phone: row.phone,
        source: row.source,
        links: row.links,
      },
      stage: { id: row.stage_id, name: row.stage_name, kind: row.stage_kind },
      resume: row.resume_id
        ? {
            id: row.resume_id,
            fileName: row.resume_file_name!,
            sizeBytes: row.resume_size_bytes!,
            pageCount: row.resume_page_count!,
            hasText: Boolean(row.resume_has_text),
            uploadedAt: row.resume_created_at!.toISOString(),
          }
        : null,
      appliedAt: row.applied_at.toISOString(),
      movedAt: row.moved_at.toISOString(),
      feedbackCount: row.feedback_count,
      averagePercent: averagePercent(
        feedback.filter((f) => f.application_id === row.id),
        campaign.criteria,
      ),
      hiredEmployeeId: row.hired_employee_id,
      version: row.version,
      abilities: {
        move: abilities.move && allowed.move && !hired,
        giveFeedback: abilities.giveFeedback && allowed.giveFeedback,
        hire: abilities.hire && allowed.hire && !hired && row.stage_kind !== 'REJECTED',
      },
    };
  });
}

/** The application and its campaign when the caller may see them; NOT_FOUND otherwise. */
export async function requireVisibleApplication(
  ctx: ServiceContext,
  id: string,
  options: { lock?: boolean } = {},
) {
  const row = await apps.findApplication(ctx.db, id, options);
  if (!row) throw new AppError('NOT_FOUND');
  const campaign = await requireVisibleCampaign(ctx, row.campaign_id);
  return { row, campaign };
}
