import type { Command } from 'commander';
import {
  createAdministrator,
  generatePassword,
} from '../../server/domains/accounts/administrators.service.ts';
import { findUserByEmail } from '../../server/domains/accounts/accounts.service.ts';
import { commandGroup, printLines, type CliRuntime } from '../runtime.ts';

interface CreateAdminOptions {
  email: string;
  firstName?: string;
  lastName?: string;
  passwordStdin?: boolean;
}

/** Reads the whole of stdin; one trailing newline (from `echo` or a here-string) is not part of it. */
async function readPassword(runtime: CliRuntime): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write(`${runtime.t('cli:user.createAdmin.prompt')}\n`);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** `backoffice user create-admin`: the same service the first start uses, with the caller's permissions. */
export function registerAdministratorCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  commandGroup(program, 'user', t('cli:user.description'))
    .command('create-admin')
    .description(t('cli:user.createAdmin.description'))
    .requiredOption('--email <email>', t('cli:user.createAdmin.email'))
    .option('--first-name <name>', t('cli:user.createAdmin.firstName'))
    .option('--last-name <name>', t('cli:user.createAdmin.lastName'))
    .option('--password-stdin', t('cli:user.createAdmin.passwordStdin'))
    .action(async (options: CreateAdminOptions) => {
      // Read before connecting, so a slow typist holds no database connection.
      const generated = options.passwordStdin ? undefined : generatePassword();
      const password = generated ?? (await readPassword(runtime));
      await runtime.withContext(async (ctx) => {
        // Only to word the message: the service itself decides between creating and promoting.
        const existed = (await findUserByEmail(ctx, options.email)) !== undefined;
        const user = await createAdministrator(ctx, {
          email: options.email,
          password,
          firstName: options.firstName,
          lastName: options.lastName,
        });
        runtime.output({ created: !existed, user, ...(generated && { password: generated }) }, () =>
          printLines(
            t(existed ? 'cli:user.createAdmin.updated' : 'cli:user.createAdmin.created', {
              email: user.email,
            }),
            ...(generated ? [t('cli:user.createAdmin.password', { password: generated })] : []),
          ),
        );
      });
    });
}
