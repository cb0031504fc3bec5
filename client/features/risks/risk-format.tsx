import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { RiskLevelBand } from '../../../shared/risks.schemas.ts';

const SEVERITY: Record<RiskLevelBand, 'success' | 'info' | 'warning' | 'danger'> = {
  LOW: 'success',
  MEDIUM: 'info',
  HIGH: 'warning',
  VERY_HIGH: 'danger',
};
export const BAND_COLOR: Record<RiskLevelBand, string> = {
  LOW: '#bbf7d0',
  MEDIUM: '#fef08a',
  HIGH: '#fdba74',
  VERY_HIGH: '#fca5a5',
};

/** A risk level with its band ("24 · High"). */
export function LevelTag({ level, band }: { level: number; band: RiskLevelBand }) {
  const { t } = useTranslation('risks');
  return <Tag value={`${level} · ${t(`bands.${band}`)}`} severity={SEVERITY[band]} />;
}
