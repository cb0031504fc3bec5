import type { Command } from 'commander';
import { listRoles } from '../../server/domains/access/roles.service.ts';
import { ROLE_TYPES, type RoleType } from '../../shared/permissions.ts';
import { oneOf } from '../parsers.ts';
import { commandGroup, printTable, type CliRuntime } from '../runtime.ts';

/** `backoffice roles list [--type T]`. */
export function registerRoleCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  commandGroup(program, 'roles', t('cli:roles.description'))
    .command('list')
    .description(t('cli:roles.list.description'))
    .option('--type <type>', t('cli:roles.list.type'), oneOf(ROLE_TYPES, t))
    .action((options: { type?: RoleType }) =>
      runtime.withContext(async (ctx) => {
        const items = await listRoles(ctx, options.type);
        runtime.output({ items }, () =>
          printTable(
            [
              { header: t('cli:roles.columns.name'), value: (r) => r.name },
              { header: t('cli:roles.columns.type'), value: (r) => r.type },
              { header: t('cli:roles.columns.status'), value: (r) => t(`cli:common.status.${r.status}`) },
              { header: t('cli:roles.columns.permissions'), value: (r) => r.permissionCount, align: 'right' },
              { header: t('cli:roles.columns.members'), value: (r) => r.memberCount, align: 'right' },
              {
                header: t('cli:roles.columns.builtIn'),
                value: (r) => (r.builtIn ? t('cli:common.yes') : t('cli:common.no')),
              },
            ],
            items,
            t('cli:common.none'),
          ),
        );
      }),
    );
}
