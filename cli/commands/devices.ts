import type { Command } from 'commander';
import { runDiscordCheck } from '../../server/domains/devices/discord-check.service.ts';
import { exemptPerson, removeExemption } from '../../server/domains/devices/exemptions.service.ts';
import { commandGroup, printLines, type CliRuntime } from '../runtime.ts';

/**
 * `backoffice devices exempt|unexempt EMAIL`: the break-glass. Run on the server (the system actor
 * without `--as`), it releases a person — an administrator locked out by a device rule — at once.
 */
export function registerDeviceCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'devices', t('devices:cli.description'));

  group
    .command('exempt')
    .description(t('devices:cli.exempt.description'))
    .argument('<email>', t('devices:cli.email'))
    .option('--reason <text>', t('devices:cli.exempt.reason'))
    .action((email: string, options: { reason?: string }) =>
      runtime.withContext(async (ctx) => {
        const result = await exemptPerson(ctx, email, options.reason ?? null);
        runtime.output(result, (r) =>
          printLines(t(r.changed ? 'devices:cli.exempt.done' : 'devices:cli.exempt.already', { email })),
        );
      }),
    );

  group
    .command('discord-check')
    .description(t('devices:cli.discordCheck.description'))
    .action(() =>
      runtime.withContext(async (ctx) => {
        const result = await runDiscordCheck(ctx);
        runtime.output(result, (r) =>
          printLines(
            !r.enabled
              ? t('devices:cli.discordCheck.off')
              : !r.connected
                ? t('devices:cli.discordCheck.noConnection')
                : t('devices:cli.discordCheck.done', r),
          ),
        );
      }),
    );

  group
    .command('unexempt')
    .description(t('devices:cli.unexempt.description'))
    .argument('<email>', t('devices:cli.email'))
    .action((email: string) =>
      runtime.withContext(async (ctx) => {
        const result = await removeExemption(ctx, email);
        runtime.output(result, (r) =>
          printLines(
            t(r.changed ? 'devices:cli.unexempt.done' : 'devices:cli.unexempt.notExempt', { email }),
          ),
        );
      }),
    );
}
