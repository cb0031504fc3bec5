import { Command, CommanderError, Option } from 'commander';
import pkg from '../package.json' with { type: 'json' };
import { LANGUAGES } from '../shared/i18n/index.ts';
import { AREAS } from '../server/domains/areas.ts';
import { registerFilesCommands } from './commands/files.ts';
import { registerMigrateCommands } from './commands/migrate.ts';
import { EXIT_OK, EXIT_USAGE } from './errors.ts';
import { cliTranslator, detectLanguage, earlyOption } from './i18n.ts';
import { oneOf } from './parsers.ts';
import { CliRuntime, type GlobalOptions } from './runtime.ts';

/** The platform's own commands (`migrate`, `files`), then each area's (server/domains/areas.ts), in that order. */
async function commandRegistrars() {
  const areaCommands = await Promise.all(AREAS.flatMap((area) => (area.commands ? [area.commands()] : [])));
  return [registerMigrateCommands, registerFilesCommands, ...areaCommands];
}

/** The `backoffice` program: global options, help in the caller's language, every area's commands. */
export async function buildProgram(runtime: CliRuntime): Promise<Command> {
  const { t } = runtime;
  const program = new Command('backoffice')
    .description(t('cli:program.description'))
    .version(pkg.version, '-V, --version', t('cli:program.version'))
    .helpOption('-h, --help', t('cli:program.help'))
    .helpCommand('help [command]', t('cli:program.helpCommand'))
    .option('--json', t('cli:program.json'))
    .option('--as <email>', t('cli:program.as'))
    .addOption(new Option('--lang <lang>', t('cli:program.lang')).argParser(oneOf(LANGUAGES, t)))
    .showHelpAfterError(false)
    // Errors come back as exceptions, so runCli prints them translated and picks the exit code.
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    .configureHelp({
      showGlobalOptions: true,
      styleTitle: (title) => t(`cli:help.titles.${title.replace(/:$/, '')}`, { defaultValue: title }),
    });
  program.hook('preAction', (_program, command) => {
    runtime.options = command.optsWithGlobals<GlobalOptions>();
  });
  for (const register of await commandRegistrars()) register(program, runtime);
  return program;
}

/** A runtime for `argv` before (or without) commander: the language and whether to answer in JSON. */
function earlyRuntime(argv: string[], env: NodeJS.ProcessEnv): CliRuntime {
  const language = detectLanguage(argv, env);
  const runtime = new CliRuntime(language, cliTranslator(language), env);
  runtime.options = { json: earlyOption(argv, '--json') !== undefined };
  return runtime;
}

/**
 * Prints an error that escaped every command (an 'error' event nobody listened to, a stray
 * rejection) as the documented error body, and returns the exit code.
 */
export function reportFatal(error: unknown, argv: string[], env: NodeJS.ProcessEnv = process.env): number {
  return earlyRuntime(argv, env).report(error);
}

/** Runs the CLI on `argv` (without `node` and the script) and returns the exit code. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // Until commander has parsed, a usage error still has to know whether to answer in JSON.
  const runtime = earlyRuntime(argv, env);
  try {
    await (await buildProgram(runtime)).parseAsync(argv, { from: 'user' });
    return runtime.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
      // Help shown because a command was missing (`backoffice`, `backoffice roles`) is a usage error.
      if (error.code === 'commander.help') return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    return runtime.report(error);
  }
}
