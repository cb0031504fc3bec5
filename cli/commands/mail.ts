import type { Command } from 'commander';
import { listOutbox } from '../../server/domains/mail/mail.service.ts';
import { integerBetween } from '../parsers.ts';
import { commandGroup, formatDateTime, printTable, type CliRuntime } from '../runtime.ts';

/** `backoffice mail list [--to E] [--limit N]`: read what the outbox kept when no SMTP server is set. */
export function registerMailCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  commandGroup(program, 'mail', t('cli:mail.description'))
    .command('list')
    .description(t('cli:mail.list.description'))
    .option('--to <email>', t('cli:mail.list.to'))
    .option('--limit <n>', t('cli:mail.list.limit'), integerBetween(1, 500, t))
    .action((options: { to?: string; limit?: number }) =>
      runtime.withContext(async (ctx) => {
        const items = await listOutbox(ctx, { to: options.to, limit: options.limit });
        runtime.output({ items }, () =>
          printTable(
            [
              { header: t('cli:mail.columns.createdAt'), value: (m) => formatDateTime(m.createdAt) },
              { header: t('cli:mail.columns.to'), value: (m) => m.to },
              { header: t('cli:mail.columns.subject'), value: (m) => m.subject },
              { header: t('cli:mail.columns.status'), value: (m) => t(`cli:mail.status.${m.status}`) },
              { header: t('cli:mail.columns.attempts'), value: (m) => m.attempts, align: 'right' },
            ],
            items,
            t('cli:common.none'),
          ),
        );
      }),
    );
}
