import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { AssetStatus, AssetValueBand } from '../../../shared/assets.schemas.ts';

/** Small pieces the asset screens share. */

const STATUS_SEVERITY: Record<AssetStatus, 'success' | 'danger' | 'info'> = {
  IN_USE: 'success',
  DAMAGED: 'danger',
  IN_STORAGE: 'info',
};
const BAND_SEVERITY: Record<AssetValueBand, 'success' | 'warning' | 'danger'> = {
  LOW: 'success',
  MEDIUM: 'warning',
  HIGH: 'danger',
};

export function StatusTag({ status }: { status: AssetStatus }) {
  const { t } = useTranslation('assets');
  return <Tag value={t(`statuses.${status}`)} severity={STATUS_SEVERITY[status]} />;
}

export function ValueTag({ value, band }: { value: number; band: AssetValueBand }) {
  const { t } = useTranslation('assets');
  return (
    <Tag
      value={t('detail.securityValue', { value, band: t(`bands.${band}`) })}
      severity={BAND_SEVERITY[band]}
    />
  );
}
