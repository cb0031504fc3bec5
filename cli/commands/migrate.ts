import type { Command } from 'commander';
import { migrateDown, pendingMigrations } from '../../server/db/migrate.ts';
import { prepareDatabase, withSessionDb } from '../../server/db/open.ts';
import { printLines, type CliRuntime } from '../runtime.ts';

/**
 * `backoffice migrate [--down]`. Schema changes act on the database directly, as the server does at
 * start: whoever holds DATABASE_URL may run them, so there is no permission check and no audit event.
 */
export function registerMigrateCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  program
    .command('migrate')
    .description(t('cli:migrate.description'))
    .option('--down', t('cli:migrate.down'))
    .action((options: { down?: boolean }) =>
      runtime.withDatabase(
        async (database) => {
          const before = await pendingMigrations(database.db);
          if (options.down) {
            await withSessionDb(database, (db) => migrateDown(db));
            const after = await pendingMigrations(database.db);
            const reverted = after.filter((name) => !before.includes(name));
            runtime.output({ reverted }, () =>
              printLines(
                ...(reverted.length
                  ? reverted.map((name) => t('cli:migrate.reverted', { name }))
                  : [t('cli:migrate.nothingToRevert')]),
              ),
            );
            return;
          }
          await prepareDatabase(database, runtime.log);
          runtime.output({ applied: before }, () =>
            printLines(
              ...before.map((name) => t('cli:migrate.applied', { name })),
              t('cli:migrate.upToDate'),
            ),
          );
        },
        { requireMigrated: false },
      ),
    );
}
