import { BAND_FACTOR, type AssetValueBand } from './asset-value.ts';

/**
 * The risk level (spec section 2-9): impact (1-4) × likelihood (1-4) × the band of the asset's
 * value (low 1, medium 2, high 3), so 1 to 48. Bands: 1-11 low, 12-23 medium, 24-35 high, 36-48
 * very high. One function, used by the risk form (the level shown while typing) and by the server
 * (the level stored, filtered and sorted on).
 */

export const RISK_SCALE = [1, 2, 3, 4] as const;
export const RISK_LEVEL_BANDS = ['LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH'] as const;
export type RiskLevelBand = (typeof RISK_LEVEL_BANDS)[number];
export const MAX_RISK_LEVEL = 48;

/** Whether a number is an impact or likelihood: a whole number 1-4. */
export function isRiskScale(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 4;
}

/** The band of a level 1-48. */
export function riskLevelBand(level: number): RiskLevelBand {
  if (!Number.isInteger(level) || level < 1 || level > MAX_RISK_LEVEL)
    throw new RangeError(`risk level ${level} is not 1-48`);
  if (level <= 11) return 'LOW';
  if (level <= 23) return 'MEDIUM';
  if (level <= 35) return 'HIGH';
  return 'VERY_HIGH';
}

/** The level and its band; throws on an impact or likelihood outside 1-4 (the callers validate first). */
export function riskLevel(
  impact: number,
  likelihood: number,
  assetBand: AssetValueBand,
): { level: number; band: RiskLevelBand } {
  if (!isRiskScale(impact) || !isRiskScale(likelihood))
    throw new RangeError(`impact ${impact} and likelihood ${likelihood} must be 1-4`);
  const level = impact * likelihood * BAND_FACTOR[assetBand];
  return { level, band: riskLevelBand(level) };
}
