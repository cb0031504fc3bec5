import type { FieldProblem } from '../../../shared/errors.ts';
import {
  DEFAULT_STAGES,
  type Campaign,
  type CampaignBody,
  type CampaignPage,
  type CampaignQuery,
  type CampaignUpdateBody,
} from '../../../shared/recruitment.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { pageOf, pageWindow } from '../../core/paging.ts';
import { isPerson } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { findDepartmentsByIds } from '../departments/department-lookup.service.ts';
import * as repo from './campaigns.repository.ts';
import { readsAllCampaigns, recruitmentPolicy, campaignPolicy } from './recruitment.policy.ts';
import { criteriaProblems, pipelineProblems } from './recruitment-rules.ts';
import { loadCampaigns, requireVisibleCampaign, toCampaigns } from './recruitment-views.ts';

/** Hiring campaigns: the list, one campaign, creating and changing one (its team, pipeline and scorecard). */

/**
 * Campaigns, newest first: every one for those with recruitment permissions, the campaigns of
 * their hiring teams for anyone else (none for a person on no team).
 */
export async function listCampaigns(ctx: ServiceContext, query: CampaignQuery): Promise<CampaignPage> {
  const all = readsAllCampaigns(ctx.actor);
  if (!all && !isPerson(ctx.actor)) throw new AppError('UNAUTHENTICATED');
  const window = pageWindow(query);
  const { rows, total } = await repo.listCampaigns(
    ctx.db,
    {
      search: query.search,
      status: query.status,
      departmentId: query.departmentId,
      teamMemberId: all ? undefined : ctx.actor.id!,
    },
    window,
  );
  return { items: await toCampaigns(ctx, await loadCampaigns(ctx, rows)), ...pageOf(window, total) };
}

/** One campaign with its team, stages (and how many candidates stand in each) and criteria. */
export async function getCampaign(ctx: ServiceContext, id: string): Promise<Campaign> {
  if (!isPerson(ctx.actor) && ctx.actor.kind !== 'system') throw new AppError('UNAUTHENTICATED');
  const campaign = await requireVisibleCampaign(ctx, id);
  return (await toCampaigns(ctx, [campaign]))[0]!;
}

async function campaignProblems(ctx: ServiceContext, input: CampaignBody): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  if (input.opensOn && input.closesOn && input.closesOn < input.opensOn)
    problems.push({ field: 'closesOn', code: 'closesBeforeOpens' });
  if (input.departmentId) {
    const [department] = await findDepartmentsByIds(ctx, [input.departmentId]);
    if (!department) problems.push({ field: 'departmentId', code: 'unknownDepartment' });
  }
  const team = [...new Set(input.hiringTeamIds)];
  const staff = await repo.findStaff(ctx.db, team);
  if (team.some((id) => !staff.has(id))) problems.push({ field: 'hiringTeamIds', code: 'unknownPerson' });
  if (input.stages) problems.push(...pipelineProblems(input.stages));
  if (input.criteria) problems.push(...criteriaProblems(input.criteria));
  return problems;
}

const columns = (input: CampaignBody) => ({
  position: input.position.trim(),
  department_id: input.departmentId ?? null,
  openings: input.openings,
  description: input.description?.trim() || null,
  opens_on: input.opensOn ?? null,
  closes_on: input.closesOn ?? null,
  ...(input.feedbackDueDays ? { feedback_due_days: input.feedbackDueDays } : {}),
});

const trimmed = <T extends { name: string }>(items: readonly T[]) =>
  items.map((item) => ({ ...item, name: item.name.trim() }));

/** Creates a campaign (a draft unless told), with the default pipeline when none is given. */
export async function createCampaign(ctx: ServiceContext, input: CampaignBody): Promise<Campaign> {
  recruitmentPolicy.authorize(ctx.actor, 'create', undefined);
  if (input.stages?.some((stage) => stage.id))
    throw validationError([{ field: 'stages', code: 'stageNotInPipeline' }]);
  if (input.criteria?.some((criterion) => criterion.id))
    throw validationError([{ field: 'criteria', code: 'unknownCriterion' }]);
  const problems = await campaignProblems(ctx, input);
  if (problems.length) throw validationError(problems);
  return inTransaction(ctx, async (tx) => {
    const id = await repo.insertCampaign(tx.db, {
      ...columns(input),
      status: input.status ?? 'DRAFT',
      created_by: tx.actor.id,
    });
    await repo.setTeam(tx.db, id, [...new Set(input.hiringTeamIds)]);
    await repo.replaceStages(tx.db, id, trimmed(input.stages ?? DEFAULT_STAGES));
    await repo.replaceCriteria(tx.db, id, trimmed(input.criteria ?? []));
    const created = await getCampaign(tx, id);
    await recordAudit(tx, {
      action: 'hiring_campaign.created',
      entityType: 'hiring_campaign',
      entityId: id,
      after: created,
    });
    return created;
  });
}

/**
 * Changes a campaign: its fields, status, team, pipeline and criteria (412 on a stale `version`).
 * A stage where candidates stand cannot be removed, a criterion with scores neither, and a scale
 * cannot shrink below a score already given.
 */
export async function updateCampaign(
  ctx: ServiceContext,
  id: string,
  input: CampaignUpdateBody,
): Promise<Campaign> {
  return inTransaction(ctx, async (tx) => {
    const campaign = await requireVisibleCampaign(tx, id, { lock: true });
    campaignPolicy.authorize(tx.actor, 'edit', campaign.access);
    if (campaign.row.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    const problems = await campaignProblems(tx, input);
    if (input.stages) problems.push(...stageChangeProblems(campaign, input.stages));
    if (input.criteria) problems.push(...(await criteriaChangeProblems(tx, campaign, input.criteria)));
    if (problems.length) throw validationError(problems);
    const before = (await toCampaigns(tx, [campaign]))[0]!;
    await repo.updateCampaign(tx.db, id, {
      ...columns(input),
      ...(input.status ? { status: input.status } : {}),
    });
    await repo.setTeam(tx.db, id, [...new Set(input.hiringTeamIds)]);
    if (input.stages) await repo.replaceStages(tx.db, id, trimmed(input.stages));
    if (input.criteria) await repo.replaceCriteria(tx.db, id, trimmed(input.criteria));
    const after = await getCampaign(tx, id);
    await recordAudit(tx, {
      action: 'hiring_campaign.updated',
      entityType: 'hiring_campaign',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

function stageChangeProblems(
  campaign: { stages: repo.StageRow[] },
  stages: NonNullable<CampaignBody['stages']>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const existing = new Map(campaign.stages.map((stage) => [stage.id, stage]));
  if (stages.some((stage) => stage.id && !existing.has(stage.id)))
    problems.push({ field: 'stages', code: 'stageNotInPipeline' });
  const kept = new Set(stages.flatMap((stage) => (stage.id ? [stage.id] : [])));
  for (const stage of campaign.stages)
    if (!kept.has(stage.id) && stage.candidate_count > 0)
      problems.push({ field: 'stages', code: 'stageHasCandidates', params: { name: stage.name } });
  // A stage with candidates keeps its kind: a kind change would re-label where they stand (hired, rejected).
  for (const stage of stages) {
    const old = stage.id ? existing.get(stage.id) : undefined;
    if (old && old.kind !== stage.kind && old.candidate_count > 0)
      problems.push({ field: 'stages', code: 'stageHasCandidates', params: { name: old.name } });
  }
  return problems;
}

async function criteriaChangeProblems(
  ctx: ServiceContext,
  campaign: { row: { id: string }; criteria: repo.CriterionRow[] },
  criteria: NonNullable<CampaignBody['criteria']>,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  const existing = new Set(campaign.criteria.map((criterion) => criterion.id));
  if (criteria.some((criterion) => criterion.id && !existing.has(criterion.id)))
    problems.push({ field: 'criteria', code: 'unknownCriterion' });
  const highest = await repo.highestScores(ctx.db, campaign.row.id);
  const kept = new Map(criteria.flatMap((criterion) => (criterion.id ? [[criterion.id, criterion]] : [])));
  for (const old of campaign.criteria) {
    const max = highest.get(old.id);
    if (max === undefined) continue;
    const now = kept.get(old.id);
    if (!now) problems.push({ field: 'criteria', code: 'criterionHasScores', params: { name: old.name } });
    else if (now.scaleMax < max)
      problems.push({ field: 'criteria', code: 'scaleBelowScores', params: { name: old.name, max } });
  }
  return problems;
}
