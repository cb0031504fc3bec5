import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import type { Command } from 'commander';
import { ConfigError, loadConfig, type Config } from '../server/config.ts';
import { createContext, SYSTEM_ACTOR, type Actor, type ServiceContext } from '../server/core/context.ts';
import type { Db } from '../server/db/connect.ts';
import { pendingMigrations } from '../server/db/migrate.ts';
import { openDatabase, type OpenDatabase } from '../server/db/open.ts';
import { loadUserActor } from '../server/domains/access/actor.service.ts';
import { findUserByEmail } from '../server/domains/accounts/accounts.service.ts';
import type { Language } from '../shared/i18n/index.ts';
import { CliError, describeError, EXIT_OK, formatError } from './errors.ts';
import type { Translate } from './i18n.ts';
import { printJson } from './output.ts';

export { formatDateTime, printJson, printLines, printTable, type Column } from './output.ts';

/** The options every command accepts, wherever they appear on the command line. */
export interface GlobalOptions {
  json?: boolean;
  as?: string;
  lang?: Language;
}

/** Startup messages go to stderr, and only warnings: stdout belongs to the command's output. */
function quietLog(env: NodeJS.ProcessEnv) {
  const silent = ['error', 'fatal', 'silent'].includes(env.LOG_LEVEL ?? '');
  return {
    info: () => {},
    warn: (message: string) => {
      if (!silent) process.stderr.write(`${message}\n`);
    },
  };
}

/**
 * The login name of whoever runs the command. `userInfo()` reads the password database, which a
 * container may lack for its user id; the login variables stand in then.
 */
export function operatingSystemUser(env: NodeJS.ProcessEnv = process.env): string {
  try {
    const name = userInfo().username;
    if (name) return name;
  } catch {
    // No entry for this user id (containers running as an arbitrary uid).
  }
  return env.USER || env.LOGNAME || env.USERNAME || 'unknown';
}

/**
 * The system as the CLI acts for it: without `--as`, commands run with the system's permissions,
 * and the audit trail still says who typed them — `system (os:alice)`.
 */
export function cliSystemActor(env: NodeJS.ProcessEnv = process.env): Actor {
  return { ...SYSTEM_ACTOR, label: `system (os:${operatingSystemUser(env)})` };
}

/**
 * What every command shares: the language, the global options, the database and the acting
 * user. Commands stay thin: parse options, call a service inside `withContext`, print with `output`.
 */
export class CliRuntime {
  options: GlobalOptions = {};
  /**
   * What the process exits with when the command ran to its end: a command that completed but found
   * a failure (a security check that failed, a backup that does not match) sets EXIT_FAILURE, so
   * scripts can tell. Not `process.exitCode`, which the entry point's explicit exit overrides.
   */
  exitCode: number = EXIT_OK;
  readonly log: ReturnType<typeof quietLog>;

  constructor(
    readonly language: Language,
    readonly t: Translate,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.log = quietLog(env);
  }

  /** The configuration from the environment; a bad variable is a clear failure, not a stack trace. */
  loadConfig(): Config {
    try {
      return loadConfig(this.env);
    } catch (error) {
      if (error instanceof ConfigError) {
        throw new CliError('INVALID_CONFIG', { problems: error.message.split('\n').slice(1).join('\n') });
      }
      throw error;
    }
  }

  /**
   * Opens the database (DATABASE_URL, or the embedded one in DATA_DIR), runs `work`, and always
   * closes it. Unless told otherwise, refuses a database with pending migrations.
   */
  async withDatabase<T>(
    work: (database: OpenDatabase, config: Config) => Promise<T>,
    options: { requireMigrated?: boolean } = {},
  ): Promise<T> {
    const config = this.loadConfig();
    const database = await openDatabase(config, this.log);
    try {
      if (options.requireMigrated !== false) {
        const pending = await pendingMigrations(database.db);
        if (pending.length > 0) throw new CliError('PENDING_MIGRATIONS', { count: pending.length });
      }
      return await work(database, config);
    } finally {
      await database.close();
    }
  }

  /** Runs `work` with a ServiceContext for the actor of `--as` (default: the system). */
  withContext<T>(
    work: (ctx: ServiceContext) => Promise<T>,
    options: { requireMigrated?: boolean } = {},
  ): Promise<T> {
    return this.withDatabase(async (database, config) => {
      const actor = await this.resolveActor(database.db, config);
      // One request id per run ties together the audit events a command writes.
      const ctx = createContext({ db: database.db, config }, actor, {
        language: this.language,
        requestId: `cli:${randomUUID()}`,
      });
      return work(ctx);
    }, options);
  }

  private async resolveActor(db: Db, config: Config): Promise<Actor> {
    const email = this.options.as;
    if (!email) return cliSystemActor(this.env);
    const user = await findUserByEmail(createContext({ db, config }, SYSTEM_ACTOR), email);
    if (!user || user.status !== 'ACTIVE') throw new CliError('UNKNOWN_ACTOR', { email });
    return loadUserActor(db, user);
  }

  /** Prints `data` as JSON with --json, otherwise in the command's human form. */
  output<T>(data: T, human: (data: T) => void): void {
    if (this.options.json) printJson(data);
    else human(data);
  }

  /** Prints an error on stderr (JSON with --json) and returns the exit code it deserves. */
  report(error: unknown): number {
    const { body, exitCode } = describeError(error, this.language, this.t);
    if (this.options.json) {
      process.stderr.write(`${JSON.stringify(body)}\n`);
    } else {
      const hint = body.code === 'USAGE' ? `${this.t('cli:usage.seeHelp')}\n` : '';
      process.stderr.write(formatError(body, this.t) + hint);
    }
    return exitCode;
  }
}

/**
 * The command group `name` (`user`, `roles` …), created on first use: several command files can
 * add subcommands to one group without knowing about each other.
 */
export function commandGroup(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}
