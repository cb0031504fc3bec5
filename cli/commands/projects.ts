import type { Command } from 'commander';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { AppError } from '../../server/core/errors.ts';
import { resolveClients } from '../../server/domains/projects/clients.service.ts';
import { prepareProjectsExport } from '../../server/domains/projects/projects-export.service.ts';
import {
  importProjects,
  type ProjectImportReport,
} from '../../server/domains/projects/projects-import.service.ts';
import { ACTIVE_STATUSES, PROJECT_STAGES, type ProjectFilters } from '../../shared/projects.schemas.ts';
import { oneOf } from '../parsers.ts';
import { commandGroup, printLines, type CliRuntime } from '../runtime.ts';

const collect = (value: string, previous: string[] = []) => [...previous, value];
const repeatableOneOf =
  <T extends string>(values: readonly T[], runtime: CliRuntime) =>
  (value: string, previous: T[] = []) => [...previous, oneOf(values, runtime.t)(value)];

/** Progress on stderr: redrawn in place on a terminal, a line per quarter otherwise; nothing with --json. */
function progress(runtime: CliRuntime) {
  if (runtime.options.json) return undefined;
  const tty = Boolean(process.stderr.isTTY);
  let lastQuarter = -1;
  return (phase: 'validate' | 'write', done: number, total: number) => {
    const label = runtime.t(
      phase === 'validate' ? 'projects:import.progressValidate' : 'projects:import.progressWrite',
    );
    if (tty) {
      process.stderr.write(`\r${label} ${done}/${total}${done === total ? '\n' : ''}`);
      return;
    }
    const quarter = Math.floor((4 * done) / Math.max(total, 1));
    if (quarter > lastQuarter) {
      lastQuarter = quarter;
      process.stderr.write(`${label} ${done}/${total}\n`);
    }
    if (done === total) lastQuarter = -1;
  };
}

/** A failed import as the error every command prints: one line per sheet, row and column; exit code 1. */
function importFailure(report: ProjectImportReport, runtime: CliRuntime): AppError {
  return new AppError('VALIDATION_FAILED', {
    details: report.errors.map((error) => ({
      field: error.row
        ? runtime.t('projects:import.row', { sheet: error.sheet, row: error.row, column: error.column })
        : error.sheet || error.field,
      code: error.code,
      ...(error.params && { params: error.params }),
      message: error.message,
      sheet: error.sheet,
      row: error.row,
      column: error.column,
    })),
  });
}

interface ExportOptions {
  output: string;
  search?: string;
  client?: string[];
  stage?: Array<(typeof PROJECT_STAGES)[number]>;
  status?: Array<(typeof ACTIVE_STATUSES)[number]>;
}

/** `backoffice projects export|import`: the same services, rules and audit trail as the API. */
export function registerProjectCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'projects', t('projects:cli.description'));

  group
    .command('export')
    .description(t('projects:cli.export.description'))
    .requiredOption('-o, --output <file>', t('projects:cli.export.output'))
    .option('--search <text>', t('projects:cli.export.search'))
    .option('--client <name>', t('projects:cli.export.client'), collect)
    .option('--stage <stage>', t('projects:cli.export.stage'), repeatableOneOf(PROJECT_STAGES, runtime))
    .option('--status <status>', t('projects:cli.export.status'), repeatableOneOf(ACTIVE_STATUSES, runtime))
    .action((options: ExportOptions) =>
      runtime.withContext(async (ctx) => {
        const clientId = options.client?.length ? await resolveClients(ctx, options.client) : undefined;
        const filter: Omit<ProjectFilters, 'sortField' | 'sortOrder'> = {
          ...(options.search && { search: options.search }),
          ...(clientId && { clientId }),
          ...(options.stage && { stage: options.stage }),
          ...(options.status && { status: options.status }),
        };
        const prepared = await prepareProjectsExport(ctx, filter);
        const file = createWriteStream(options.output);
        const count = await prepared.write(file);
        await finished(file);
        runtime.output({ file: options.output, count }, () =>
          printLines(t('projects:cli.export.done', { count, file: options.output })),
        );
      }),
    );

  group
    .command('import')
    .description(t('projects:cli.import.description'))
    .argument('<file>', t('projects:cli.import.file'))
    .option('--dry-run', t('projects:cli.import.dryRun'))
    .action(async (file: string, options: { dryRun?: boolean }) => {
      // Read before connecting: a wrong path fails at once and holds no connection.
      const data = await readFile(file);
      await runtime.withContext(async (ctx) => {
        const report = await importProjects(ctx, data, {
          dryRun: options.dryRun,
          onProgress: progress(runtime),
        });
        if (!runtime.options.json)
          for (const warning of report.warnings) process.stderr.write(`${warning}\n`);
        if (report.errors.length > 0) {
          if (!runtime.options.json)
            process.stderr.write(`${t('projects:import.invalid', { count: report.errors.length })}\n`);
          throw importFailure(report, runtime);
        }
        const counts = {
          total: report.total,
          projectsCreated: report.projects.created,
          projectsUpdated: report.projects.updated,
          membersCreated: report.members.created,
          membersUpdated: report.members.updated,
        };
        runtime.output(report, () =>
          printLines(
            t(report.dryRun ? 'projects:import.summary' : 'projects:import.done', counts),
            ...(report.dryRun ? [t('projects:import.dryRun')] : []),
          ),
        );
      });
    });
}
