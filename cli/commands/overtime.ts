import { InvalidArgumentError, type Command } from 'commander';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
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
import { oneOf } from '../parsers.ts';
import { commandGroup, printLines, printTable, type CliRuntime } from '../runtime.ts';

const FORMATS = ['xlsx', 'csv', 'json'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function pattern(runtime: CliRuntime, re: RegExp, key: string) {
  return (value: string) => {
    if (re.test(value)) return value;
    throw new InvalidArgumentError(runtime.t(key));
  };
}

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
    .option('--from <date>', t('leave:cli.report.from'), pattern(runtime, DATE, 'leave:cli.badDate'))
    .option('--to <date>', t('leave:cli.report.to'), pattern(runtime, DATE, 'leave:cli.badDate'))
    .option('--department <name>', t('leave:cli.report.department'))
    .option('--group-by <group>', t('overtime:cli.report.groupBy'), oneOf(OT_REPORT_GROUPS, t), 'person')
    .option('--format <format>', t('leave:cli.report.format'), oneOf(FORMATS, t), 'xlsx')
    .option('-o, --output <file>', t('leave:cli.report.output'))
    .action(
      (options: {
        period: ReportPeriod;
        from?: string;
        to?: string;
        department?: string;
        groupBy: (typeof OT_REPORT_GROUPS)[number];
        format: (typeof FORMATS)[number];
        output?: string;
      }) =>
        runtime.withContext(async (ctx) => {
          if (options.format !== 'json' && !options.output)
            throw validationError([{ field: 'output', code: 'required' }]);
          const query: OtReportQuery = {
            period: options.period,
            groupBy: options.groupBy,
            ...(options.from && { from: options.from }),
            ...(options.to && { to: options.to }),
            departmentId: await departmentId(ctx, options.department),
          };
          if (options.format === 'json') {
            const report = await getFullOvertimeReport(ctx, query);
            const text = `${JSON.stringify(report, null, 2)}\n`;
            if (!options.output) return void process.stdout.write(text);
            await writeFile(options.output, text);
            return runtime.output({ file: options.output, rows: report.rows.length }, () =>
              printLines(t('leave:cli.report.done', { count: report.rows.length, file: options.output })),
            );
          }
          const prepared = await prepareOvertimeExport(ctx, { ...query, format: options.format });
          const file = createWriteStream(options.output!);
          const count = await prepared.write(file);
          await finished(file);
          runtime.output({ file: options.output, rows: count }, () =>
            printLines(t('leave:cli.report.done', { count, file: options.output })),
          );
        }),
    );

  group
    .command('summary')
    .description(t('overtime:cli.summary.description'))
    .option(
      '--month <month>',
      t('overtime:cli.summary.month'),
      pattern(runtime, MONTH, 'overtime:cli.badMonth'),
    )
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
