import type { Command } from 'commander';
import { REPORT_PERIODS, type ReportPeriod } from '../../shared/reporting.schemas.ts';
import {
  WORK_LOG_REPORT_GROUPS,
  type ReconciliationRow,
  type WorkLogReportQuery,
} from '../../shared/worklogs.schemas.ts';
import {
  getFullWorkLogReport,
  getWorkLogReconciliation,
  prepareWorkLogExport,
} from '../../server/domains/worklogs/worklog-reports.service.ts';
import { matching, oneOf } from '../parsers.ts';
import { REPORT_FORMATS, writeReport, type ReportFormat } from '../report-output.ts';
import { commandGroup, printTable, type CliRuntime } from '../runtime.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `backoffice worklogs export|reconcile`: the work-log report and the hours beside overtime and leave. */
export function registerWorkLogCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'worklogs', t('worklogs:cli.description'));

  group
    .command('export')
    .description(t('worklogs:cli.export.description'))
    .option('--period <period>', t('leave:cli.report.period'), oneOf(REPORT_PERIODS, t), 'month')
    .option('--from <date>', t('leave:cli.report.from'), matching(DATE, t, 'leave:cli.badDate'))
    .option('--to <date>', t('leave:cli.report.to'), matching(DATE, t, 'leave:cli.badDate'))
    .option(
      '--group-by <group>',
      t('worklogs:cli.export.groupBy'),
      oneOf(WORK_LOG_REPORT_GROUPS, t),
      'person',
    )
    .option('--project <id>', t('worklogs:cli.export.project'), matching(UUID, t, 'worklogs:cli.badId'))
    .option('--format <format>', t('leave:cli.report.format'), oneOf(REPORT_FORMATS, t), 'xlsx')
    .option('-o, --output <file>', t('leave:cli.report.output'))
    .action(
      (options: {
        period: ReportPeriod;
        from?: string;
        to?: string;
        groupBy: (typeof WORK_LOG_REPORT_GROUPS)[number];
        project?: string;
        format: ReportFormat;
        output?: string;
      }) =>
        runtime.withContext(async (ctx) => {
          const query: WorkLogReportQuery = {
            period: options.period,
            groupBy: options.groupBy,
            ...(options.from && { from: options.from }),
            ...(options.to && { to: options.to }),
            ...(options.project && { projectId: options.project }),
          };
          await writeReport(runtime, options, {
            json: () => getFullWorkLogReport(ctx, query),
            file: (format) => prepareWorkLogExport(ctx, { ...query, format }),
          });
        }),
    );

  group
    .command('reconcile')
    .description(t('worklogs:cli.reconcile.description'))
    .option('--from <date>', t('worklogs:cli.reconcile.from'), matching(DATE, t, 'leave:cli.badDate'))
    .option('--to <date>', t('worklogs:cli.reconcile.to'), matching(DATE, t, 'leave:cli.badDate'))
    .action((options: { from?: string; to?: string }) =>
      runtime.withContext(async (ctx) => {
        const items: ReconciliationRow[] = [];
        let range: { from: string; to: string } | undefined;
        for (let page = 1; ; page++) {
          const result = await getWorkLogReconciliation(ctx, {
            from: options.from,
            to: options.to,
            page,
            perPage: 100,
          });
          items.push(...result.items);
          range = { from: result.from, to: result.to };
          if (page >= result.lastPage) break;
        }
        runtime.output({ ...range!, items }, () =>
          printTable(
            [
              {
                header: t('leave:cli.balances.columns.person'),
                value: (r: ReconciliationRow) => `${r.person.firstName} ${r.person.lastName}`.trim(),
              },
              {
                header: t('leave:cli.balances.columns.email'),
                value: (r: ReconciliationRow) => r.person.email,
              },
              {
                header: t('worklogs:reconcile.expected'),
                value: (r: ReconciliationRow) => r.expectedHours,
                align: 'right',
              },
              {
                header: t('worklogs:reconcile.logged'),
                value: (r: ReconciliationRow) => r.loggedHours,
                align: 'right',
              },
              {
                header: t('worklogs:reconcile.overtime'),
                value: (r: ReconciliationRow) => r.overtimeHours,
                align: 'right',
              },
              {
                header: t('worklogs:reconcile.leave'),
                value: (r: ReconciliationRow) => r.leaveHours,
                align: 'right',
              },
              {
                header: t('worklogs:reconcile.gaps'),
                value: (r: ReconciliationRow) => r.gapDays.length,
                align: 'right',
              },
              {
                header: t('worklogs:reconcile.doubles'),
                value: (r: ReconciliationRow) => r.doubleCountDays.length,
                align: 'right',
              },
            ],
            items,
            t('worklogs:cli.reconcile.empty'),
          ),
        );
      }),
    );
}
