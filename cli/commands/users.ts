import type { Command } from 'commander';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { AppError } from '../../server/core/errors.ts';
import { deactivateByEmail, inviteByEmail } from '../../server/domains/employees/employees-bulk.service.ts';
import {
  prepareEmployeeExport,
  resolveNamedFilters,
} from '../../server/domains/employees/employees-export.service.ts';
import {
  importEmployees,
  type ImportReport,
} from '../../server/domains/employees/employees-import.service.ts';
import { schemaProblems } from '../../server/domains/employees/employee-input.ts';
import {
  CONTRACT_TYPES,
  EMPLOYEE_SORT_FIELDS,
  EXPORT_FORMATS,
  EmployeeExportQuery,
  USER_STATUSES,
  type ExportFormat,
} from '../../shared/employees.schemas.ts';
import { oneOf } from '../parsers.ts';
import { commandGroup, printLines, type CliRuntime } from '../runtime.ts';

const collect = (value: string, previous: string[] = []) => [...previous, value];
const repeatableOneOf =
  <T extends string>(values: readonly T[], runtime: CliRuntime) =>
  (value: string, previous: T[] = []) => [...previous, oneOf(values, runtime.t)(value)];

/**
 * Progress on stderr: a bar redrawn in place on a terminal, a line at each quarter otherwise (logs).
 * Nothing with --json, whose stderr carries only errors.
 */
function progress(runtime: CliRuntime) {
  const { t } = runtime;
  if (runtime.options.json) return undefined;
  const tty = Boolean(process.stderr.isTTY);
  let lastDraw = 0;
  let lastQuarter = -1;
  return (phase: 'validate' | 'write', done: number, total: number) => {
    const label = t(phase === 'validate' ? 'people:import.progressValidate' : 'people:import.progressWrite');
    if (tty) {
      const now = Date.now();
      if (done < total && now - lastDraw < 80) return;
      lastDraw = now;
      const width = 30;
      const filled = Math.round((width * done) / Math.max(total, 1));
      process.stderr.write(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`,
      );
      if (done === total) process.stderr.write('\n');
      return;
    }
    const quarter = Math.floor((4 * done) / Math.max(total, 1));
    if (quarter !== lastQuarter && (quarter > lastQuarter || done === total)) {
      lastQuarter = quarter;
      process.stderr.write(`${label} ${done}/${total}\n`);
    }
    if (done === total) lastQuarter = -1;
  };
}

/** A failed import as the error every command prints: one line per row and column, exit code 1. */
function importFailure(report: ImportReport, runtime: CliRuntime): AppError {
  return new AppError('VALIDATION_FAILED', {
    details: report.errors.map((error) => ({
      field: error.row
        ? runtime.t('people:import.row', { row: error.row, column: error.column })
        : error.field,
      code: error.code,
      ...(error.params && { params: error.params }),
      message: error.message,
      row: error.row,
      column: error.column,
    })),
  });
}

interface ExportOptions {
  format: ExportFormat;
  output: string;
  search?: string;
  status?: string[];
  department?: string[];
  contractType?: string[];
  role?: string[];
  project?: string[];
  onboardFrom?: string;
  onboardTo?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** `backoffice users import|export|invite|deactivate`: the same services and rules as the API. */
export function registerUserCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const users = commandGroup(program, 'users', t('people:cli.description'));

  users
    .command('import')
    .description(t('people:cli.import.description'))
    .argument('<file>', t('people:cli.import.file'))
    .option('--dry-run', t('people:cli.import.dryRun'))
    .option('--send-invitations', t('people:cli.import.sendInvitations'))
    .action(async (file: string, options: { dryRun?: boolean; sendInvitations?: boolean }) => {
      // Read before connecting: a wrong path fails at once and holds no connection.
      const data = await readFile(file);
      await runtime.withContext(async (ctx) => {
        const report = await importEmployees(ctx, data, {
          dryRun: options.dryRun,
          sendInvitations: options.sendInvitations,
          onProgress: progress(runtime),
        });
        if (!runtime.options.json)
          for (const warning of report.warnings) process.stderr.write(`${warning}\n`);
        if (report.errors.length > 0) {
          if (!runtime.options.json) {
            process.stderr.write(`${t('people:import.invalid', { count: report.errors.length })}\n`);
          }
          throw importFailure(report, runtime);
        }
        runtime.output(report, () =>
          printLines(
            report.dryRun
              ? t('people:import.summary', { ...report })
              : t('people:import.done', { ...report }),
            ...(report.dryRun ? [t('people:import.dryRun')] : []),
          ),
        );
      });
    });

  users
    .command('export')
    .description(t('people:cli.export.description'))
    .requiredOption('-o, --output <file>', t('people:cli.export.output'))
    .option('--format <format>', t('people:cli.export.format'), oneOf(EXPORT_FORMATS, t), 'xlsx')
    .option('--search <text>', t('people:cli.export.search'))
    .option('--status <status>', t('people:cli.export.status'), repeatableOneOf(USER_STATUSES, runtime))
    .option('--department <name>', t('people:cli.export.department'), collect)
    .option(
      '--contract-type <type>',
      t('people:cli.export.contractType'),
      repeatableOneOf(CONTRACT_TYPES, runtime),
    )
    .option('--role <name>', t('people:cli.export.role'), collect)
    .option('--project <id>', t('people:cli.export.project'), collect)
    .option('--onboard-from <date>', t('people:cli.export.onboardFrom'))
    .option('--onboard-to <date>', t('people:cli.export.onboardTo'))
    .option('--sort <field>', t('people:cli.export.sort'), oneOf(EMPLOYEE_SORT_FIELDS, t))
    .option('--order <order>', t('people:cli.export.order'), oneOf(['asc', 'desc'] as const, t))
    .action((options: ExportOptions) =>
      runtime.withContext(async (ctx) => {
        const named = await resolveNamedFilters(ctx, {
          departments: options.department,
          roles: options.role,
        });
        const query = Object.fromEntries(
          Object.entries({
            format: options.format,
            search: options.search,
            status: options.status,
            contractType: options.contractType,
            projectId: options.project,
            onboardFrom: options.onboardFrom?.replaceAll('/', '-'),
            onboardTo: options.onboardTo?.replaceAll('/', '-'),
            sortField: options.sort,
            sortOrder: options.order,
            ...named,
          }).filter(([, value]) => value !== undefined),
        ) as EmployeeExportQuery;
        // The API's own schema, so a bad date or id reads the same as over HTTP.
        const problems = schemaProblems(EmployeeExportQuery, query);
        if (problems.length > 0) {
          throw new AppError('VALIDATION_FAILED', { details: problems.map((p) => ({ ...p, message: '' })) });
        }
        const prepared = await prepareEmployeeExport(ctx, query);
        const file = createWriteStream(options.output);
        const count = await prepared.write(file);
        await finished(file);
        runtime.output({ file: options.output, format: options.format, count }, () =>
          printLines(t('people:cli.export.done', { count, file: options.output })),
        );
      }),
    );

  users
    .command('invite')
    .description(t('people:cli.invite.description'))
    .argument('<emails...>', t('people:cli.invite.emails'))
    .action((emails: string[]) =>
      runtime.withContext(async (ctx) => {
        const invited = await inviteByEmail(ctx, emails);
        runtime.output({ invited }, () =>
          printLines(...invited.map((email) => t('people:cli.invite.done', { email }))),
        );
      }),
    );

  users
    .command('deactivate')
    .description(t('people:cli.deactivate.description'))
    .argument('<emails...>', t('people:cli.deactivate.emails'))
    .action((emails: string[]) =>
      runtime.withContext(async (ctx) => {
        const deactivated = await deactivateByEmail(ctx, emails);
        runtime.output({ deactivated }, () =>
          printLines(...deactivated.map((email) => t('people:cli.deactivate.done', { email }))),
        );
      }),
    );
}
