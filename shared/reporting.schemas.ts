import { Type } from 'typebox';

/**
 * Reports shared by leave and overtime (and later work logs and invoices): the periods a summary
 * switches between and the export formats. Bucketing is done in SQL by `server/core/reporting`.
 */
export const REPORT_PERIODS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Longest range a report may cover: ten years of days is already more than a screen can show. */
export const REPORT_MAX_DAYS = 3660;
/** Most period columns one report answers with (a year of days, plus a leap day). */
export const REPORT_MAX_BUCKETS = 366;

export const ReportPeriodField = Type.Enum(REPORT_PERIODS);
export const ExportFormatField = Type.Enum(EXPORT_FORMATS);

/** One period of a report: its key ('2026-11', '2026-Q4', '2026-W48', '2026-11-24', '2026') and first day. */
export const ReportBucket = Type.Object({ key: Type.String(), start: Type.String(), end: Type.String() });
