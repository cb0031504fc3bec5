import { sql, type RawBuilder } from 'kysely';
import { REPORT_MAX_BUCKETS, REPORT_MAX_DAYS, type ReportPeriod } from '../../../shared/reporting.schemas.ts';
import { bucketCount, daysBetween, periodBuckets } from '../../../shared/rules/periods.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { validationError } from '../errors.ts';

/**
 * Report periods in SQL, shared by every summary (leave, overtime …). `periodKeySql` buckets a date
 * column with the same keys `periodBuckets` lists (shared/rules/periods.ts), so a report is one
 * GROUP BY and the columns meet the sums on the key.
 */
const FORMATS: Record<ReportPeriod, string> = {
  day: 'YYYY-MM-DD',
  week: 'IYYY-"W"IW',
  month: 'YYYY-MM',
  quarter: 'YYYY-"Q"Q',
  year: 'YYYY',
};

/** The period key of a `date` column (or expression), as text. */
export function periodKeySql(period: ReportPeriod, column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`to_char(${column}, ${sql.lit(FORMATS[period])})`;
}

export interface ReportRange {
  period: ReportPeriod;
  from: string;
  to: string;
  buckets: Array<{ key: string; start: string; end: string }>;
}

/**
 * The range of a report with its defaults (this year, by month) and checks: `to` not before `from`,
 * at most REPORT_MAX_DAYS long, at most REPORT_MAX_BUCKETS periods (a year by day, ten by month).
 * Every problem is a 422 on its field.
 */
export function reportRange(
  query: { period?: ReportPeriod; from?: string; to?: string },
  today: string = new Date().toISOString().slice(0, 10),
): ReportRange {
  const period = query.period ?? 'month';
  const year = today.slice(0, 4);
  const from = query.from ?? `${year}-01-01`;
  const to = query.to ?? `${year}-12-31`;
  const problems: FieldProblem[] = [];
  if (to < from) problems.push({ field: 'to', code: 'dateOrder' });
  else if (daysBetween(from, to) > REPORT_MAX_DAYS)
    problems.push({ field: 'to', code: 'rangeTooLong', params: { max: REPORT_MAX_DAYS } });
  else if (bucketCount(period, from, to) > REPORT_MAX_BUCKETS)
    problems.push({ field: 'period', code: 'tooManyPeriods', params: { max: REPORT_MAX_BUCKETS } });
  if (problems.length > 0) throw validationError(problems);
  return { period, from, to, buckets: periodBuckets(period, from, to) };
}
