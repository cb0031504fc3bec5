import type { Command } from 'commander';
import { OT_REPORT_GROUPS, type OtReportQuery, type OtSummary } from '../../shared/overtime.schemas.ts';
import { REPORT_PERIODS, type ReportPeriod } from '../../shared/reporting.schemas.ts';
import type { ServiceContext } from '../../server/core/context.ts';
import { validationError } from '../../server/core/errors.ts';
import { findDepartmentsByNames } from '../../server/domains/departments/department-lookup.service.ts';
import {
  getFullOvertimeReport,
  listOvertimeSummaries,
  prepareOvertimeExport,
} from '../../server/domains/overtime/overtime-reports.service.ts';
import { matching, oneOf } from '../parsers.ts';
import { REPORT_FORMATS, writeReport, type ReportFormat } from '../report-output.ts';
import { commandGroup, printTable, type CliRuntime } from '../runtime.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

async function departmentId(ctx: ServiceContext, name: string | undefined): Promise<string | undefined> {
  if (!name) return undefined;
  const [department] = await findDepartmentsByNames(ctx, [name]);
  if (!department) throw validationError([{ field: 'departmentId', code: 'unknownDepartment' }]);
  return department.id;
}

/** `backoffice overtime report|summary`: HR's overtime exports, with the API's rules and audit trail. */
export function registerOvertimeCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'overtime', t('overtime:cli.description'));

  group
    .command('report')
    .description(t('overtime:cli.report.description'))
    .option('--period <period>', t('leave:cli.report.period'), oneOf(REPORT_PERIODS, t), 'month')
    .option('--from <date>', t('leave:cli.report.from'), matching(DATE, t, 'leave:cli.badDate'))
    .option('--to <date>', t('leave:cli.report.to'), matching(DATE, t, 'leave:cli.badDate'))
    .option('--department <name>', t('leave:cli.report.department'))
    .option('--group-by <group>', t('overtime:cli.report.groupBy'), oneOf(OT_REPORT_GROUPS, t), 'person')
    .option('--format <format>', t('leave:cli.report.format'), oneOf(REPORT_FORMATS, t), 'xlsx')
    .option('-o, --output <file>', t('leave:cli.report.output'))
    .action(
      (options: {
        period: ReportPeriod;
        from?: string;
        to?: string;
        department?: string;
        groupBy: (typeof OT_REPORT_GROUPS)[number];
        format: ReportFormat;
        output?: string;
      }) =>
        runtime.withContext(async (ctx) => {
          const query: OtReportQuery = {
            period: options.period,
            groupBy: options.groupBy,
            ...(options.from && { from: options.from }),
            ...(options.to && { to: options.to }),
            departmentId: await departmentId(ctx, options.department),
          };
          await writeReport(runtime, options, {
            json: () => getFullOvertimeReport(ctx, query),
            file: (format) => prepareOvertimeExport(ctx, { ...query, format }),
          });
        }),
    );

  group
    .command('summary')
    .description(t('overtime:cli.summary.description'))
    .option('--month <month>', t('overtime:cli.summary.month'), matching(MONTH, t, 'overtime:cli.badMonth'))
    .option('--department <name>', t('leave:cli.report.department'))
    .action((options: { month?: string; department?: string }) =>
      runtime.withContext(async (ctx) => {
        const items: OtSummary[] = [];
        const department = await departmentId(ctx, options.department);
        for (let page = 1; ; page++) {
          const result = await listOvertimeSummaries(ctx, {
            month: options.month,
            departmentId: department,
            page,
            perPage: 100,
          });
          items.push(...result.items);
          if (page >= result.lastPage) break;
        }
        runtime.output({ month: items[0]?.month ?? options.month ?? null, items }, () =>
          printTable(
            [
              {
                header: t('leave:cli.balances.columns.person'),
                value: (s: OtSummary) => `${s.person.firstName} ${s.person.lastName}`.trim(),
              },
              { header: t('leave:cli.balances.columns.email'), value: (s: OtSummary) => s.person.email },
              {
                header: t('overtime:cli.summary.workday'),
                value: (s: OtSummary) => s.workdayHours,
                align: 'right',
              },
              {
                header: t('overtime:cli.summary.weekend'),
                value: (s: OtSummary) => s.weekendHours,
                align: 'right',
              },
              {
                header: t('overtime:cli.summary.holiday'),
                value: (s: OtSummary) => s.holidayHours,
                align: 'right',
              },
              {
                header: t('overtime:cli.summary.night'),
                value: (s: OtSummary) => s.nightHours,
                align: 'right',
              },
              { header: t('overtime:report.total'), value: (s: OtSummary) => s.totalHours, align: 'right' },
              {
                header: t('overtime:report.pay'),
                value: (s: OtSummary) => s.payEquivalentHours,
                align: 'right',
              },
            ],
            items,
            t('overtime:cli.summary.empty'),
          ),
        );
      }),
    );
}
