import { Option, type Command } from 'commander';
import { announce } from '../../server/domains/notifications/announcements.service.ts';
import { printLines, type CliRuntime } from '../runtime.ts';

interface NotifyOptions {
  to?: string[];
  all?: boolean;
  message: string;
}

/** `--to a@x b@y` and `--to a@x,b@y` (and repeated --to) all name the same people. */
const collectEmails = (value: string, previous: string[] = []) => [
  ...previous,
  ...value
    .split(',')
    .map((email) => email.trim())
    .filter(Boolean),
];

/**
 * `backoffice notify --to EMAIL… | --all --message TEXT`: an announcement through the same service
 * as the API (permission notifications.announce with --as, audit trail). Open pages get it live.
 */
export function registerNotifyCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  program
    .command('notify')
    .description(t('cli:notify.description'))
    .addOption(new Option('--to <emails...>', t('cli:notify.to')).argParser(collectEmails))
    .addOption(new Option('--all', t('cli:notify.all')).conflicts('to'))
    .requiredOption('--message <text>', t('cli:notify.message'))
    .action((options: NotifyOptions) =>
      runtime.withContext(async (ctx) => {
        const result = await announce(ctx, {
          message: options.message,
          ...(options.all ? { toAll: true } : { emails: [...new Set(options.to ?? [])] }),
        });
        runtime.output(result, () => printLines(t('cli:notify.sent', { count: result.recipientCount })));
      }),
    );
}
