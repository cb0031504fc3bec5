import { BAND_FACTOR, type AssetValueBand } from '../../../shared/rules/asset-value.ts';
import { riskLevelBand } from '../../../shared/rules/risk-level.ts';
import type { ServiceContext } from '../../core/context.ts';
import { requireTransaction } from '../../core/transaction.ts';
import * as repo from './risks.repository.ts';

/**
 * Service API of the risks area for the assets area: an asset's risks and their levels, and the
 * recomputation of those levels when the asset's labels change its band. No authorization and no
 * audit here: the asset's use case has done both.
 */

/** The live risks of an asset with their levels, highest first. */
export async function risksOfAsset(ctx: ServiceContext, assetId: string) {
  const rows = await repo.listRisksOfAsset(ctx.db, assetId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    impact: r.impact,
    likelihood: r.likelihood,
    level: r.risk_level,
    levelBand: riskLevelBand(r.risk_level),
    state: r.state,
  }));
}

/** How many live risks refer to an asset. */
export async function countRisksOfAsset(ctx: ServiceContext, assetId: string): Promise<number> {
  return (await repo.listRisksOfAsset(ctx.db, assetId)).length;
}

/** Recomputes the levels of an asset's risks for its new value band (in the caller's transaction). */
export async function recomputeRiskLevelsOfAsset(
  tx: ServiceContext,
  assetId: string,
  band: AssetValueBand,
): Promise<number> {
  requireTransaction(tx, 'recomputeRiskLevelsOfAsset');
  return repo.setAssetBand(tx.db, assetId, band, BAND_FACTOR[band]);
}
