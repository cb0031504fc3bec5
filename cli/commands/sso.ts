import type { Command } from 'commander';
import { purgeExpiredOidcPayloads, rotateSsoSigningKeys } from '../../server/domains/sso/sso-keys.service.ts';
import { commandGroup, printLines, type CliRuntime } from '../runtime.ts';

/** `backoffice sso rotate-keys|purge-expired`: the ops side of the OpenID Connect provider. */
export function registerSsoCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'sso', t('sso:cli.description'));

  group
    .command('rotate-keys')
    .description(t('sso:cli.rotateKeys.description'))
    .action(() =>
      runtime.withContext(async (ctx) => {
        const result = await rotateSsoSigningKeys(ctx);
        runtime.output(result, () =>
          printLines(
            t('sso:cli.rotateKeys.done', {
              kid: result.kid,
              retired: result.retired.join(', ') || t('sso:cli.none'),
            }),
          ),
        );
      }),
    );

  group
    .command('purge-expired')
    .description(t('sso:cli.purge.description'))
    .action(() =>
      runtime.withContext(async (ctx) => {
        const result = await purgeExpiredOidcPayloads(ctx);
        runtime.output(result, () => printLines(t('sso:cli.purge.done', { count: result.deleted })));
      }),
    );
}
