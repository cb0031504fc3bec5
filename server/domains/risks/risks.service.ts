import type {
  PersonOptionList,
  PersonOptionQuery,
  Risk,
  RiskBody,
  RiskHeatMap,
  RiskPage,
  RiskQuery,
  RiskUpdateBody,
} from '../../../shared/risks.schemas.ts';
import { assetValueBand } from '../../../shared/rules/asset-value.ts';
import { riskLevel } from '../../../shared/rules/risk-level.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { pageWindow } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { listPermissionHolders } from '../access/permission-holders.service.ts';
import { requireRisk } from './risk-lookup.ts';
import { riskProblems } from './risk-rules.ts';
import { toRisks } from './risk-views.ts';
import { risksPolicy } from './risks.policy.ts';
import * as repo from './risks.repository.ts';

/**
 * The risk register: the list with its filters, one risk, creating, changing and deleting risks,
 * and the heat map (the workflow's transitions are risk-transitions.service.ts, the export
 * risk-export.service.ts, the worker's flags risk-jobs.service.ts).
 *
 * The level is impact × likelihood × the asset value's band factor (shared/rules/risk-level.ts),
 * stored with the risk and recomputed whenever impact, likelihood, the asset or its labels change.
 */

/** The register: filtered, highest level first unless sorted otherwise. */
export async function listRisks(ctx: ServiceContext, query: RiskQuery): Promise<RiskPage> {
  risksPolicy.authorize(ctx.actor, 'view', undefined);
  const window = pageWindow(query);
  const { rows, total } = await repo.listRisks(
    ctx.db,
    {
      search: query.search,
      state: query.state,
      band: query.band,
      treatmentMethod: query.treatmentMethod,
      assetId: query.assetId,
      riskOwnerId: query.riskOwnerId,
      residual: query.residual,
      sort: query.sort,
    },
    window,
  );
  return {
    items: await toRisks(ctx, rows),
    currentPage: window.currentPage,
    lastPage: Math.max(1, Math.ceil(total / window.perPage)),
    perPage: window.perPage,
    total,
  };
}

/** One risk with its three steps, its residual risks and what the caller may do. */
export async function getRisk(ctx: ServiceContext, id: string): Promise<Risk> {
  const row = await requireRisk(ctx, id);
  return (await toRisks(ctx, [row]))[0]!;
}

const text = (value: string | null | undefined) => value?.trim() || null;

function columnsOf(input: RiskBody, assetValue: number) {
  const band = assetValueBand(assetValue);
  return {
    name: input.name.trim(),
    threats: text(input.threats),
    vulnerabilities: text(input.vulnerabilities),
    current_controls: text(input.currentControls),
    reference_clause: text(input.referenceClause),
    impact: input.impact,
    likelihood: input.likelihood,
    asset_id: input.assetId,
    asset_band: band,
    risk_level: riskLevel(input.impact, input.likelihood, band).level,
    risk_owner_id: input.riskOwnerId ?? null,
    implementing_team: text(input.implementingTeam),
    iso_team: text(input.isoTeam),
    treatment_method: input.treatmentMethod ?? null,
    control_measures: text(input.controlMeasures),
    action_plan: text(input.actionPlan),
    expected_completion_date: input.expectedCompletionDate ?? null,
    actual_progress: text(input.actualProgress),
  };
}

async function checked(ctx: ServiceContext, input: RiskBody) {
  const { problems, asset } = await riskProblems(ctx, input);
  if (problems.length > 0 || !asset) throw validationError(problems);
  return asset;
}

/** Adds a risk to the register; it starts in Identification & Assessment. */
export async function createRisk(ctx: ServiceContext, input: RiskBody): Promise<Risk> {
  risksPolicy.authorize(ctx.actor, 'manage', undefined);
  const asset = await checked(ctx, input);
  return inTransaction(ctx, async (tx) => {
    const id = await repo.insertRisk(tx.db, {
      ...columnsOf(input, asset.security_value),
      created_by: tx.actor.id,
    });
    const created = await getRisk(tx, id);
    await recordAudit(tx, { action: 'risk.created', entityType: 'risk', entityId: id, after: created });
    return created;
  });
}

/**
 * Changes a risk while a step is in progress (412 on a stale `version`; 409 while it awaits review
 * or once closed: the reviewer decides on what was submitted).
 */
export async function updateRisk(ctx: ServiceContext, id: string, input: RiskUpdateBody): Promise<Risk> {
  risksPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    const row = await requireRisk(tx, id, { lock: true });
    if (row.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    if (!row.state.endsWith('_IN_PROGRESS')) throw new AppError('CONFLICT');
    const asset = await checked(tx, input);
    const before = await getRisk(tx, id);
    await repo.updateRisk(tx.db, id, columnsOf(input, asset.security_value));
    const after = await getRisk(tx, id);
    await recordAudit(tx, { action: 'risk.updated', entityType: 'risk', entityId: id, before, after });
    return after;
  });
}

/** Removes a risk from the register (kept for the audit trail); one with residual risks is refused. */
export async function deleteRisk(ctx: ServiceContext, id: string): Promise<void> {
  risksPolicy.authorize(ctx.actor, 'manage', undefined);
  await inTransaction(ctx, async (tx) => {
    await requireRisk(tx, id, { lock: true });
    const before = await getRisk(tx, id);
    if (before.residualRisks.length > 0) throw new AppError('CONFLICT');
    await repo.softDeleteRisk(tx.db, id);
    await recordAudit(tx, { action: 'risk.deleted', entityType: 'risk', entityId: id, before });
  });
}

/** Open risks on a 4 × 4 grid of impact and likelihood: current risks and residual ones. */
export async function getRiskHeatMap(ctx: ServiceContext): Promise<RiskHeatMap> {
  risksPolicy.authorize(ctx.actor, 'view', undefined);
  const cells = await repo.heatCells(ctx.db);
  const grid = (residual: boolean) =>
    [1, 2, 3, 4].flatMap((impact) =>
      [1, 2, 3, 4].map((likelihood) => {
        const cell = cells.find(
          (c) => c.residual === residual && c.impact === impact && c.likelihood === likelihood,
        );
        return { impact, likelihood, count: cell?.count ?? 0, maxLevel: cell?.max_level ?? null };
      }),
    );
  return { current: grid(false), residual: grid(true) };
}

/** Active people who may manage risks: the risk owner picker's choices. */
export async function listRiskOwners(
  ctx: ServiceContext,
  query: PersonOptionQuery,
): Promise<PersonOptionList> {
  risksPolicy.authorize(ctx.actor, 'manage', undefined);
  const [managers, viewers] = await Promise.all([
    listPermissionHolders(ctx, 'risks.manage', { search: query.search }),
    listPermissionHolders(ctx, 'risks.view', { search: query.search }),
  ]);
  const seen = new Set<string>();
  return {
    items: [...managers, ...viewers]
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .map((row) => ({
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        avatarUrl: row.avatar_url,
      })),
  };
}
