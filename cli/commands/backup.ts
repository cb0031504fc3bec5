import type { Command } from 'commander';
import {
  listBackupArchives,
  restoreBackupArchive,
  runBackupArchive,
  verifyBackupArchive,
} from '../../server/domains/backups/backup-archives.service.ts';
import { EXIT_FAILURE } from '../errors.ts';
import { commandGroup, printLines, printTable, type CliRuntime } from '../runtime.ts';

/**
 * `backoffice backup run|list|restore|verify`: ops from the terminal. Progress goes to stderr, the
 * result to stdout (JSON with --json); failures exit 1 with the translated message.
 */
export function registerBackupCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'backup', t('backups:cli.description'));
  const progress = (event: { step: string; detail: string }) =>
    process.stderr.write(`${t(`backups:cli.progress.${event.step}`, { detail: event.detail })}\n`);

  group
    .command('run')
    .description(t('backups:cli.run.description'))
    .option('--to <destination>', t('backups:cli.run.to'))
    .action((options: { to?: string }) =>
      runtime.withContext(async (ctx) => {
        const result = await runBackupArchive(ctx, { to: options.to, progress });
        runtime.output(result, (r) =>
          printLines(...[t('backups:cli.run.done', { ...r, seconds: (r.durationMs / 1000).toFixed(1) })]),
        );
      }),
    );

  group
    .command('list')
    .description(t('backups:cli.list.description'))
    .option('--to <destination>', t('backups:cli.list.to'))
    .action((options: { to?: string }) =>
      runtime.withContext(async (ctx) => {
        const archives = await listBackupArchives(ctx, { to: options.to });
        runtime.output(archives, (items) => {
          printTable(
            [
              { header: t('backups:cli.list.name'), value: (a) => a.name },
              { header: t('backups:cli.list.size'), value: (a) => String(a.bytes ?? '') },
              { header: t('backups:cli.list.created'), value: (a) => a.createdAt ?? '' },
              {
                header: t('backups:cli.list.encrypted'),
                value: (a) => t(a.encrypted ? 'backups:cli.list.yes' : 'backups:cli.list.no'),
              },
            ],
            items,
            t('backups:cli.list.none'),
          );
        });
      }),
    );

  group
    .command('restore')
    .description(t('backups:cli.restore.description'))
    .argument('<file>', t('backups:cli.restore.file'))
    .option('--force', t('backups:cli.restore.force'))
    .action((file: string, options: { force?: boolean }) =>
      // An empty database has no migrations yet: the restore brings them.
      runtime.withContext(
        async (ctx) => {
          const result = await restoreBackupArchive(ctx, { file, force: options.force, progress });
          runtime.output(result, (r) =>
            printLines(...[t('backups:cli.restore.done', { ...r, migrations: r.migrationsApplied.length })]),
          );
        },
        { requireMigrated: false },
      ),
    );

  group
    .command('verify')
    .description(t('backups:cli.verify.description'))
    .argument('<file>', t('backups:cli.verify.file'))
    .action((file: string) =>
      runtime.withContext(async (ctx) => {
        const result = await verifyBackupArchive(ctx, { file });
        runtime.output(result, (r) => {
          if (r.matched)
            return printLines(...[t('backups:cli.verify.matched', { ...r, tables: r.tables.length })]);
          printLines(
            ...[
              t('backups:cli.verify.mismatch', r),
              ...r.tables
                .filter((table) => table.actual !== table.expected)
                .map((table) => t('backups:cli.verify.table', table)),
            ],
          );
        });
        if (!result.matched) runtime.exitCode = EXIT_FAILURE;
      }),
    );
}
