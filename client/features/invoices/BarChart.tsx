import { useId } from 'react';

export interface BarChartItem {
  key: string;
  label: string;
  /** Whole VND as text (sums may pass JavaScript's safe integers). */
  value: string;
}

/**
 * A horizontal bar chart of amounts, drawn with plain elements (no chart library): a caption, then
 * one row per item with its label, a bar as long as its share of the largest, and the amount
 * written out — so a screen reader reads the figures, and the bars are only for the eye.
 */
export function BarChart({
  caption,
  items,
  format,
  emptyLabel,
  testId,
}: {
  caption: string;
  items: readonly BarChartItem[];
  format: (value: string) => string;
  emptyLabel: string;
  testId: string;
}) {
  const captionId = useId();
  const max = items.reduce(
    (largest, item) => (BigInt(item.value) > largest ? BigInt(item.value) : largest),
    0n,
  );
  // Shares in tenths of a percent, computed on bigints: exact whatever the size of the sums.
  const share = (value: string) => (max > 0n ? Number((BigInt(value) * 1000n) / max) / 10 : 0);
  return (
    <figure className="inv-chart lv-card" aria-labelledby={captionId} data-testid={testId}>
      <figcaption id={captionId}>
        <strong>{caption}</strong>
      </figcaption>
      {items.length === 0 && <p className="lv-hint">{emptyLabel}</p>}
      {items.map((item) => (
        <div className="inv-chart-row" key={item.key}>
          <span className="inv-chart-label" title={item.label}>
            {item.label}
          </span>
          <span className="inv-chart-track" aria-hidden="true">
            <span className="inv-chart-bar" style={{ width: `${share(item.value)}%`, display: 'block' }} />
          </span>
          <span className="inv-chart-value">{format(item.value)}</span>
        </div>
      ))}
    </figure>
  );
}
