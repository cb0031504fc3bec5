import type { ReactNode } from 'react';

/** One report: groups down, periods across, with row and column totals (leave, overtime …). */
export interface ReportTableData {
  buckets: ReadonlyArray<{ key: string }>;
  rows: ReadonlyArray<{
    key: string;
    label: string;
    /** Hours, or (invoices) whole VND as text. */
    values: Record<string, number | string>;
    total: number | string;
    extra?: number;
  }>;
  totals: Record<string, number | string>;
  total: number | string;
}

/**
 * The report as a table that scrolls sideways with its first column kept in view. `extra` adds a
 * last column (overtime's pay-equivalent hours); `format` writes the numbers (invoices' VND grouping).
 */
export function ReportTable({
  data,
  groupLabel,
  totalLabel,
  emptyLabel,
  extraLabel,
  format = (value) => value,
  testId,
}: {
  data: ReportTableData;
  groupLabel: string;
  totalLabel: string;
  emptyLabel: string;
  extraLabel?: string;
  format?: (value: number | string) => ReactNode;
  testId: string;
}) {
  return (
    <div className="lv-report-wrap lv-report">
      <table data-testid={testId}>
        <thead>
          <tr>
            <th>{groupLabel}</th>
            {data.buckets.map((bucket) => (
              <th key={bucket.key}>{bucket.key}</th>
            ))}
            <th>{totalLabel}</th>
            {extraLabel && <th>{extraLabel}</th>}
          </tr>
        </thead>
        <tbody>
          {data.rows.length === 0 && (
            <tr>
              <td colSpan={data.buckets.length + (extraLabel ? 3 : 2)}>{emptyLabel}</td>
            </tr>
          )}
          {data.rows.map((row) => (
            <tr key={row.key}>
              <td>{row.label}</td>
              {data.buckets.map((bucket) => (
                <td key={bucket.key}>
                  {row.values[bucket.key] === undefined ? '' : format(row.values[bucket.key]!)}
                </td>
              ))}
              <td>{format(row.total)}</td>
              {extraLabel && <td>{row.extra ?? ''}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>{totalLabel}</td>
            {data.buckets.map((bucket) => (
              <td key={bucket.key}>
                {data.totals[bucket.key] === undefined ? '' : format(data.totals[bucket.key]!)}
              </td>
            ))}
            <td data-testid={`${testId}-total`}>{format(data.total)}</td>
            {extraLabel && <td />}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
