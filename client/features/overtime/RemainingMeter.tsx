import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { useRemainingOvertime } from './overtime.queries.ts';

/**
 * Hours left on the day, its month and its year, before asking: approved and waiting hours against
 * the limits in force that day. `asking` (hours) shows what this request would leave.
 */
export function RemainingMeter({
  date,
  asking = 0,
  excludeId,
}: {
  date: string | null;
  asking?: number;
  excludeId?: string;
}) {
  const { t } = useTranslation('overtime');
  const remaining = useRemainingOvertime(date, excludeId);
  if (!remaining.data) return null;
  return (
    <div className="lv-grid lv-wide" data-testid="ot-meter">
      {(['day', 'month', 'year'] as const).map((scope) => {
        const meter = remaining.data[scope];
        const taken = meter.used + meter.waiting;
        const after = meter.remaining - asking;
        return (
          <div className="lv-field" key={scope} data-testid={`ot-meter-${scope}`}>
            <span className="lv-hint">{t(`ui.meter.${scope}`)}</span>
            <ProgressBar
              value={Math.min(100, Math.round(((taken + asking) * 100) / Math.max(meter.limit, 0.01)))}
              showValue={false}
              style={{ height: '.5rem' }}
              color={after < 0 ? '#dc2626' : undefined}
            />
            <span className={after < 0 ? 'lv-error' : 'lv-hint'} data-testid="ot-meter-left">
              {t('ui.meter.left', { left: Math.max(0, meter.remaining), limit: meter.limit })}
            </span>
          </div>
        );
      })}
    </div>
  );
}
