import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/connect.ts';
import type { AssetType } from '../../shared/assets.schemas.ts';
import {
  assetValue,
  assetValueBand,
  type CiaLabel,
  type ConfidentialityLabel,
} from '../../shared/rules/asset-value.ts';
import { riskLevel } from '../../shared/rules/risk-level.ts';
import type { RiskState } from '../../shared/rules/risk-workflow.ts';

/** Assets and risks written directly, for tests, specs and benchmarks to start from. */

const unique = () => randomBytes(4).toString('hex');

export async function createAsset(
  db: Db,
  options: {
    name?: string;
    type?: AssetType;
    serialNumber?: string | null;
    confidentiality?: ConfidentialityLabel;
    integrity?: CiaLabel;
    availability?: CiaLabel;
    assigneeId?: string | null;
    ownerId?: string | null;
    location?: string | null;
  } = {},
) {
  const labels = {
    confidentiality: options.confidentiality ?? 'SECRET',
    integrity: options.integrity ?? 'SECRET',
    availability: options.availability ?? 'INTERNAL_USE_ONLY',
  };
  const asset = await db
    .insertInto('assets')
    .values({
      name: options.name ?? `Laptop ${unique()}`,
      type: options.type ?? 'HARDWARE',
      status: options.assigneeId ? 'IN_USE' : 'IN_STORAGE',
      serial_number: options.serialNumber === undefined ? `SN-${unique()}` : options.serialNumber,
      quantity: 1,
      storage_bytes: null,
      processors: null,
      priority: 2,
      kind: 1,
      description: null,
      location: options.location ?? null,
      owner_id: options.ownerId ?? null,
      ...labels,
      security_value: assetValue(labels),
      assignee_id: options.assigneeId ?? null,
      assigned_at: options.assigneeId ? new Date() : null,
      created_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (options.assigneeId)
    await db
      .insertInto('asset_assignments')
      .values({ asset_id: asset.id, user_id: options.assigneeId })
      .execute();
  return asset;
}

export async function createRisk(
  db: Db,
  options: {
    assetId: string;
    name?: string;
    impact?: number;
    likelihood?: number;
    state?: RiskState;
    riskOwnerId?: string | null;
    submittedBy?: string | null;
    treatmentMethod?: 'ACCEPT' | 'MITIGATE' | null;
    expectedCompletionDate?: string | null;
    reviewDueDate?: string | null;
    parentRiskId?: string | null;
    complete?: boolean;
  },
) {
  const asset = await db
    .selectFrom('assets')
    .select('security_value')
    .where('id', '=', options.assetId)
    .executeTakeFirstOrThrow();
  const band = assetValueBand(asset.security_value);
  const impact = options.impact ?? 3;
  const likelihood = options.likelihood ?? 2;
  const complete = options.complete ?? true;
  return db
    .insertInto('risks')
    .values({
      name: options.name ?? `Risk ${unique()}`,
      asset_id: options.assetId,
      asset_band: band,
      impact,
      likelihood,
      risk_level: riskLevel(impact, likelihood, band).level,
      state: options.state ?? 'IDENTIFICATION_IN_PROGRESS',
      risk_owner_id: options.riskOwnerId ?? null,
      submitted_by: options.submittedBy ?? null,
      treatment_method: options.treatmentMethod ?? null,
      expected_completion_date: options.expectedCompletionDate ?? null,
      review_due_date: options.reviewDueDate ?? null,
      parent_risk_id: options.parentRiskId ?? null,
      threats: complete ? 'Theft' : null,
      vulnerabilities: complete ? 'Unlocked office' : null,
      control_measures: complete ? 'Cable locks' : null,
      action_plan: complete ? 'Buy locks' : null,
      actual_progress: complete ? 'Locks bought' : null,
      created_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What an asset test compares before and after a refused call. */
export async function assetState(db: Db) {
  const [assets, history, risks] = await Promise.all([
    db.selectFrom('assets').selectAll().orderBy('id').execute(),
    db.selectFrom('asset_assignments').selectAll().orderBy('id').execute(),
    db.selectFrom('risks').selectAll().orderBy('id').execute(),
  ]);
  return { assets, history, risks };
}
