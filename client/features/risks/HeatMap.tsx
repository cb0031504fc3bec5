import { useTranslation } from 'react-i18next';
import type { RiskHeatMap } from '../../../shared/risks.schemas.ts';
import { riskLevelBand } from '../../../shared/rules/risk-level.ts';
import { BAND_COLOR } from './risk-format.tsx';

/** A 4 × 4 grid: impact down (4 at the top), likelihood across; each cell its count, coloured by its highest level. */
export function HeatMap({
  title,
  cells,
  testId,
}: {
  title: string;
  cells: RiskHeatMap['current'];
  testId: string;
}) {
  const { t } = useTranslation('risks');
  return (
    <div className="lv-card" data-testid={testId}>
      <h3>{title}</h3>
      <table className="risk-heat">
        <tbody>
          {[4, 3, 2, 1].map((impact) => (
            <tr key={impact}>
              <th scope="row">{impact}</th>
              {[1, 2, 3, 4].map((likelihood) => {
                const cell = cells.find((c) => c.impact === impact && c.likelihood === likelihood);
                const band = cell?.maxLevel ? riskLevelBand(cell.maxLevel) : null;
                return (
                  <td
                    key={likelihood}
                    style={{ background: band ? BAND_COLOR[band] : undefined }}
                    title={
                      cell?.count ? t('heatMap.cell', { count: cell.count, level: cell.maxLevel }) : undefined
                    }
                  >
                    {cell?.count || ''}
                  </td>
                );
              })}
            </tr>
          ))}
          <tr>
            <th />
            {[1, 2, 3, 4].map((l) => (
              <th key={l}>{l}</th>
            ))}
          </tr>
        </tbody>
      </table>
      <p className="lv-hint">
        ↑ {t('heatMap.impact')} · → {t('heatMap.likelihood')}
      </p>
    </div>
  );
}
