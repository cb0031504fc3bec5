import type { Command } from 'commander';
import { localDiskStorage, s3FileStorage } from '../../server/core/files/file-storage.ts';
import { migrateFiles } from '../../server/core/files/migrate-files.ts';
import { CliError, EXIT_USAGE } from '../errors.ts';
import { oneOf } from '../parsers.ts';
import { commandGroup, printLines, type CliRuntime } from '../runtime.ts';

const TARGETS = ['s3', 'local'] as const;

/**
 * `backoffice files migrate --to s3|local [--dry-run] [--delete-local]`: moves the uploaded files
 * between DATA_DIR/files and the bucket of FILE_STORAGE_S3_*. Like `backoffice migrate`, it acts on
 * the storage directly: whoever holds the data folder and the bucket's credentials may run it, so
 * there is no permission check, no database and no audit event. Progress goes to stderr.
 */
export function registerFilesCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  commandGroup(program, 'files', t('cli:files.description'))
    .command('migrate')
    .description(t('cli:files.migrate.description'))
    .requiredOption('--to <storage>', t('cli:files.migrate.to'), oneOf(TARGETS, t))
    .option('--dry-run', t('cli:files.migrate.dryRun'))
    .option('--delete-local', t('cli:files.migrate.deleteLocal'))
    .action(async (options: { to: (typeof TARGETS)[number]; dryRun?: boolean; deleteLocal?: boolean }) => {
      const config = runtime.loadConfig();
      if (!config.FILE_STORAGE_S3_BUCKET)
        throw new CliError('USAGE', { message: t('cli:files.migrate.noBucket') }, EXIT_USAGE);
      if (options.deleteLocal && options.to !== 's3')
        throw new CliError('USAGE', { message: t('cli:files.migrate.deleteLocalOnlyToS3') }, EXIT_USAGE);
      const local = localDiskStorage(config);
      const bucket = s3FileStorage(config);
      const [from, to] = options.to === 's3' ? [local, bucket] : [bucket, local];
      const result = await migrateFiles({
        from,
        to,
        dryRun: options.dryRun,
        deleteSource: options.deleteLocal,
        progress: ({ key, outcome }) =>
          runtime.options.json ||
          process.stderr.write(`${t(`cli:files.migrate.progress.${outcome}`, { key })}\n`),
      });
      runtime.output(result, (r) =>
        printLines(
          t(r.dryRun ? 'cli:files.migrate.wouldCopy' : 'cli:files.migrate.done', {
            copied: r.copied,
            skipped: r.skipped,
            failed: r.failed,
            megabytes: (r.bytesCopied / 1048576).toFixed(1),
          }),
          ...(options.deleteLocal && !r.dryRun ? [t('cli:files.migrate.deleted', { count: r.deleted })] : []),
          ...r.failures.map((f) => t('cli:files.migrate.failure', f)),
        ),
      );
      // Some files not copied: the run failed (exit 1), and running it again retries them.
      if (result.failed > 0) throw new CliError('FILES_NOT_COPIED', { count: result.failed });
    });
}
