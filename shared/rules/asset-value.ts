/**
 * The information-security value of an asset (spec section 2-9): confidentiality, integrity and
 * availability are each labelled, every label scores 1-3, and the asset's value is C + I + A.
 *
 * The spec lists four labels for a score of 1-3 (and NONE for confidentiality only). Labels map
 * to scores like this: Top secret 3, Secret 2, Internal use only 1, Public 1; NONE (confidentiality
 * not classified) scores 1 as well, so every asset has a value from 3 to 9.
 *
 * Bands: low 3-4, medium 5-6, high 7 and above. The spec's bands stop at 8 (it calls the value
 * 3-8), but three Top secret labels make 9; 9 is "high", the band of the most valuable assets, and
 * never an error.
 */

export const CIA_LABELS = ['TOP_SECRET', 'SECRET', 'INTERNAL_USE_ONLY', 'PUBLIC'] as const;
export type CiaLabel = (typeof CIA_LABELS)[number];
/** Confidentiality may also be unclassified. */
export const CONFIDENTIALITY_LABELS = [...CIA_LABELS, 'NONE'] as const;
export type ConfidentialityLabel = (typeof CONFIDENTIALITY_LABELS)[number];

export const CIA_SCORE: Record<ConfidentialityLabel, 1 | 2 | 3> = {
  TOP_SECRET: 3,
  SECRET: 2,
  INTERNAL_USE_ONLY: 1,
  PUBLIC: 1,
  NONE: 1,
};

export const ASSET_VALUE_BANDS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type AssetValueBand = (typeof ASSET_VALUE_BANDS)[number];

/** What a band weighs in the risk level: low 1, medium 2, high 3. */
export const BAND_FACTOR: Record<AssetValueBand, 1 | 2 | 3> = { LOW: 1, MEDIUM: 2, HIGH: 3 };

export interface CiaLabels {
  confidentiality: ConfidentialityLabel;
  integrity: CiaLabel;
  availability: CiaLabel;
}

/** C + I + A: 3 to 9. */
export function assetValue(labels: CiaLabels): number {
  return CIA_SCORE[labels.confidentiality] + CIA_SCORE[labels.integrity] + CIA_SCORE[labels.availability];
}

/** The band of a value: 3-4 low, 5-6 medium, 7 and above (9 included) high. */
export function assetValueBand(value: number): AssetValueBand {
  if (!Number.isInteger(value) || value < 3 || value > 9)
    throw new RangeError(`asset value ${value} is not 3-9`);
  if (value <= 4) return 'LOW';
  if (value <= 6) return 'MEDIUM';
  return 'HIGH';
}

/** The value and band of an asset's labels at once. */
export function assetSecurity(labels: CiaLabels): { value: number; band: AssetValueBand } {
  const value = assetValue(labels);
  return { value, band: assetValueBand(value) };
}
