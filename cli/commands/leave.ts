import { InvalidArgumentError, type Command } from 'commander';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { LEAVE_REPORT_GROUPS, type LeaveBalance, type LeaveReportQuery } from '../../shared/leave.schemas.ts';
import { REPORT_PERIODS, type ReportPeriod } from '../../shared/reporting.schemas.ts';
import type { ServiceContext } from '../../server/core/context.ts';
import { validationError } from '../../server/core/errors.ts';
import { csvCell } from '../../server/core/reporting/table-export.ts';
import { findDepartmentsByNames } from '../../server/domains/departments/department-lookup.service.ts';
import { listAbsenceTypes } from '../../server/domains/leave/absence-types.service.ts';
import { listTeamBalances, type PersonBalances } from '../../server/domains/leave/balances.service.ts';
import { getFullLeaveReport, prepareLeaveExport } from '../../server/domains/leave/leave-reports.service.ts';
import { integerBetween, oneOf } from '../parsers.ts';
import { commandGroup, printLines, printTable, type CliRuntime } from '../runtime.ts';

const REPORT_FORMATS = ['xlsx', 'csv', 'json'] as const;
const STATUSES = { approved: 'APPROVED', waiting: 'WAITING FOR APPROVAL' } as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface ReportOptions {
  period: ReportPeriod;
  from?: string;
  to?: string;
  department?: string;
  type?: string;
  groupBy: (typeof LEAVE_REPORT_GROUPS)[number];
  status: keyof typeof STATUSES;
  format: (typeof REPORT_FORMATS)[number];
  output?: string;
}

function date(runtime: CliRuntime) {
  return (value: string) => {
    if (DATE.test(value) && !Number.isNaN(Date.parse(value))) return value;
    throw new InvalidArgumentError(runtime.t('leave:cli.badDate'));
  };
}

async function departmentId(ctx: ServiceContext, name: string | undefined): Promise<string | undefined> {
  if (!name) return undefined;
  const [department] = await findDepartmentsByNames(ctx, [name]);
  if (!department) throw validationError([{ field: 'departmentId', code: 'unknownDepartment' }]);
  return department.id;
}

async function absenceTypeId(ctx: ServiceContext, name: string | undefined): Promise<string | undefined> {
  if (!name) return undefined;
  const type = (await listAbsenceTypes(ctx)).items.find(
    (t) => t.name.toLowerCase() === name.trim().toLowerCase(),
  );
  if (!type) throw validationError([{ field: 'absenceTypeId', code: 'unknownAbsenceType' }]);
  return type.id;
}

/** Progress on stderr while the detail rows stream: redrawn on a terminal, a line per 20,000 otherwise. */
function progress(runtime: CliRuntime) {
  if (runtime.options.json) return undefined;
  const tty = Boolean(process.stderr.isTTY);
  let lastStep = 0;
  return (rows: number) => {
    const line = runtime.t('leave:cli.progress', { count: rows });
    if (tty) process.stderr.write(`\r${line}`);
    else if (Math.floor(rows / 20000) > lastStep) {
      lastStep = Math.floor(rows / 20000);
      process.stderr.write(`${line}\n`);
    }
  };
}

const balanceColumns = ['entitled', 'carriedOver', 'expired', 'used', 'pending', 'remaining'] as const;

/** `backoffice leave report|balances`: HR's exports, with the API's rules and audit trail. */
export function registerLeaveCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'leave', t('leave:cli.description'));

  group
    .command('report')
    .description(t('leave:cli.report.description'))
    .option('--period <period>', t('leave:cli.report.period'), oneOf(REPORT_PERIODS, t), 'month')
    .option('--from <date>', t('leave:cli.report.from'), date(runtime))
    .option('--to <date>', t('leave:cli.report.to'), date(runtime))
    .option('--department <name>', t('leave:cli.report.department'))
    .option('--type <name>', t('leave:cli.report.type'))
    .option('--group-by <group>', t('leave:cli.report.groupBy'), oneOf(LEAVE_REPORT_GROUPS, t), 'person')
    .option(
      '--status <status>',
      t('leave:cli.report.status'),
      oneOf(['approved', 'waiting'] as const, t),
      'approved',
    )
    .option('--format <format>', t('leave:cli.report.format'), oneOf(REPORT_FORMATS, t), 'xlsx')
    .option('-o, --output <file>', t('leave:cli.report.output'))
    .action((options: ReportOptions) =>
      runtime.withContext(async (ctx) => {
        if (options.format !== 'json' && !options.output)
          throw validationError([{ field: 'output', code: 'required' }]);
        const query: LeaveReportQuery = {
          period: options.period,
          groupBy: options.groupBy,
          status: STATUSES[options.status],
          ...(options.from && { from: options.from }),
          ...(options.to && { to: options.to }),
          departmentId: await departmentId(ctx, options.department),
          absenceTypeId: await absenceTypeId(ctx, options.type),
        };
        if (options.format === 'json') {
          const report = await getFullLeaveReport(ctx, query);
          if (options.output) await writeFile(options.output, `${JSON.stringify(report, null, 2)}\n`);
          else {
            process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
            return;
          }
          runtime.output({ file: options.output, rows: report.rows.length }, () =>
            printLines(t('leave:cli.report.done', { count: report.rows.length, file: options.output })),
          );
          return;
        }
        const onProgress = progress(runtime);
        const prepared = await prepareLeaveExport(ctx, { ...query, format: options.format }, { onProgress });
        const file = createWriteStream(options.output!);
        const count = await prepared.write(file);
        await finished(file);
        if (onProgress && process.stderr.isTTY) process.stderr.write('\n');
        runtime.output({ file: options.output, rows: count }, () =>
          printLines(t('leave:cli.report.done', { count, file: options.output })),
        );
      }),
    );

  group
    .command('balances')
    .description(t('leave:cli.balances.description'))
    .option('--year <year>', t('leave:cli.balances.year'), integerBetween(2000, 2100, t))
    .option('--department <name>', t('leave:cli.report.department'))
    .option('--csv <file>', t('leave:cli.balances.csv'))
    .action((options: { year?: number; department?: string; csv?: string }) =>
      runtime.withContext(async (ctx) => {
        const rows: Array<{ person: PersonBalances['person']; balance: LeaveBalance }> = [];
        const file = options.csv ? createWriteStream(options.csv) : null;
        const header = [
          t('leave:cli.balances.columns.person'),
          t('leave:cli.balances.columns.email'),
          t('leave:cli.balances.columns.department'),
          t('leave:cli.balances.columns.type'),
          ...balanceColumns.map((c) => t(`leave:balance.${c}`)),
        ];
        file?.write(`\uFEFF${header.map(csvCell).join(',')}\r\n`);
        const result = await listTeamBalances(
          ctx,
          { year: options.year, departmentId: await departmentId(ctx, options.department) },
          (batch) => {
            for (const entry of batch)
              for (const balance of entry.items) {
                if (file)
                  file.write(
                    [
                      `${entry.person.firstName} ${entry.person.lastName}`.trim(),
                      entry.person.email,
                      entry.person.departmentName,
                      balance.absenceType.name,
                      ...balanceColumns.map((c) => balance[c]),
                    ]
                      .map(csvCell)
                      .join(',') + '\r\n',
                  );
                else rows.push({ person: entry.person, balance });
              }
          },
        );
        if (file) {
          file.end();
          await finished(file);
          runtime.output({ ...result, file: options.csv }, () =>
            printLines(t('leave:cli.balances.done', { count: result.people, file: options.csv })),
          );
          return;
        }
        runtime.output({ ...result, items: rows }, () =>
          printTable(
            [
              { header: header[0]!, value: (r) => `${r.person.firstName} ${r.person.lastName}`.trim() },
              { header: header[1]!, value: (r) => r.person.email },
              { header: header[3]!, value: (r) => r.balance.absenceType.name },
              ...balanceColumns.map((c, i) => ({
                header: header[4 + i]!,
                value: (r: (typeof rows)[number]) => r.balance[c],
                align: 'right' as const,
              })),
            ],
            rows,
            t('leave:cli.balances.empty'),
          ),
        );
      }),
    );
}
