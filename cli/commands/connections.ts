import type { Command } from 'commander';
import type { Connection, SyncRun } from '../../shared/connections.schemas.ts';
import { syncConnection } from '../../server/domains/connections/connection-sync.service.ts';
import { listConnections, testConnection } from '../../server/domains/connections/connections.service.ts';
import { AppError } from '../../server/core/errors.ts';
import { matching } from '../parsers.ts';
import { commandGroup, formatDateTime, printLines, printTable, type CliRuntime } from '../runtime.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `backoffice connections list|test <id>|sync <id>`: the ops side of third-party connections. */
export function registerConnectionCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'connections', t('connections:cli.description'));
  const id = matching(UUID, t, 'connections:cli.badId');

  group
    .command('list')
    .description(t('connections:cli.list.description'))
    .action(() =>
      runtime.withContext(async (ctx) => {
        const items: Connection[] = [];
        for (let page = 1; ; page++) {
          const result = await listConnections(ctx, { page, perPage: 100 });
          items.push(...result.items);
          if (page >= result.lastPage) break;
        }
        runtime.output({ items }, () =>
          printTable(
            [
              { header: t('connections:cli.columns.id'), value: (c: Connection) => c.id },
              { header: t('connections:cli.columns.name'), value: (c: Connection) => c.name },
              { header: t('connections:cli.columns.provider'), value: (c: Connection) => c.provider },
              { header: t('connections:cli.columns.address'), value: (c: Connection) => c.baseUrl },
              { header: t('connections:cli.columns.token'), value: (c: Connection) => c.maskedToken },
              {
                header: t('connections:cli.columns.status'),
                value: (c: Connection) => t(`cli:common.status.${c.status}`),
              },
              {
                header: t('connections:cli.columns.lastSync'),
                value: (c: Connection) => (c.lastSync ? runSummary(runtime, c.lastSync) : ''),
              },
            ],
            items,
            t('connections:cli.list.empty'),
          ),
        );
      }),
    );

  group
    .command('test')
    .description(t('connections:cli.test.description'))
    .argument('<id>', t('connections:cli.idArgument'), id)
    .action((connectionId: string) =>
      runtime.withContext(async (ctx) => {
        const result = await testConnection(ctx, connectionId);
        runtime.output(result, () => printLines(t('connections:cli.test.ok', { account: result.account })));
      }),
    );

  group
    .command('sync')
    .description(t('connections:cli.sync.description'))
    .argument('<id>', t('connections:cli.idArgument'), id)
    .action((connectionId: string) =>
      runtime.withContext(async (ctx) => {
        const run = await syncConnection(ctx, connectionId, 'CLI');
        runtime.output(run, () => printLines(runSummary(runtime, run)));
        // A failed run is kept and shown, and the command still fails (scripts and cron see it).
        if (run.status === 'FAILED')
          throw new AppError('SYNC_FAILED', {
            params: {
              reason: t(`connections:providerError.${run.errorCode}`, { detail: run.errorDetail ?? '' }),
            },
          });
      }),
    );
}

function runSummary(runtime: CliRuntime, run: SyncRun): string {
  const { t } = runtime;
  const when = formatDateTime(run.finishedAt ?? run.startedAt);
  if (run.status === 'FAILED')
    return t('connections:cli.run.failed', {
      when,
      reason: t(`connections:providerError.${run.errorCode}`, { detail: run.errorDetail ?? '' }),
    });
  if (run.status === 'RUNNING') return t('connections:cli.run.running', { when });
  // The database keeps the counts as jsonb (its own key order): projects first, as people read them.
  const order = ['projects', 'accounts', 'issues'];
  const counts = Object.entries(run.counts ?? {})
    .sort(([a], [b]) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99))
    .map(([name, c]) =>
      t('connections:cli.run.counts', {
        name: t(`connections:counts.${name}`),
        seen: c.seen,
        added: c.added,
        changed: c.changed,
        removed: c.removed,
      }),
    )
    .join('; ');
  return t('connections:cli.run.succeeded', { when, counts });
}
