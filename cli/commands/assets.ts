import type { Command } from 'commander';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { AppError } from '../../server/core/errors.ts';
import { prepareAssetExport } from '../../server/domains/assets/assets-export.service.ts';
import { importAssets } from '../../server/domains/assets/assets-import.service.ts';
import {
  ASSET_STATUSES,
  ASSET_TYPES,
  type AssetStatus,
  type AssetType,
} from '../../shared/assets.schemas.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/reporting.schemas.ts';
import { oneOf } from '../parsers.ts';
import { commandGroup, printLines, type CliRuntime } from '../runtime.ts';

/** `backoffice assets export|import`: the same services, rules and audit trail as the API. */
export function registerAssetCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'assets', t('assets:cli.description'));

  group
    .command('export')
    .description(t('assets:cli.export.description'))
    .requiredOption('-o, --output <file>', t('assets:cli.export.output'))
    .option('--format <format>', t('assets:cli.export.format'), oneOf(EXPORT_FORMATS, t), 'xlsx')
    .option('--search <text>', t('assets:cli.export.search'))
    .option('--type <type>', t('assets:cli.export.type'), oneOf(ASSET_TYPES, t))
    .option('--status <status>', t('assets:cli.export.status'), oneOf(ASSET_STATUSES, t))
    .action(
      (options: {
        output: string;
        format: ExportFormat;
        search?: string;
        type?: AssetType;
        status?: AssetStatus;
      }) =>
        runtime.withContext(async (ctx) => {
          const prepared = await prepareAssetExport(ctx, {
            format: options.format,
            search: options.search,
            type: options.type,
            status: options.status,
          });
          const file = createWriteStream(options.output);
          const count = await prepared.write(file);
          await finished(file);
          runtime.output({ file: options.output, count }, () =>
            printLines(t('assets:cli.export.done', { count, file: options.output })),
          );
        }),
    );

  group
    .command('import')
    .description(t('assets:cli.import.description'))
    .argument('<file>', t('assets:cli.import.file'))
    .option('--dry-run', t('assets:cli.import.dryRun'))
    .action(async (file: string, options: { dryRun?: boolean }) => {
      // Read before connecting: a wrong path fails at once and holds no connection.
      const data = await readFile(file);
      await runtime.withContext(async (ctx) => {
        const report = await importAssets(ctx, data, { dryRun: options.dryRun });
        if (report.errors.length > 0) {
          if (!runtime.options.json)
            process.stderr.write(`${t('assets:cli.import.invalid', { count: report.errors.length })}\n`);
          throw new AppError('VALIDATION_FAILED', {
            details: report.errors.map((error) => ({
              field: error.row
                ? t('assets:cli.import.row', { row: error.row, column: error.column })
                : error.field,
              code: error.code as never,
              message: error.message,
              row: error.row,
              column: error.column,
            })),
          });
        }
        runtime.output(report, (r) =>
          printLines(
            t(r.dryRun ? 'assets:cli.import.summary' : 'assets:cli.import.done', {
              total: r.total,
              created: r.created,
              updated: r.updated,
            }),
          ),
        );
      });
    });
}
