import { CommanderError } from 'commander';
import { AppError } from '../server/core/errors.ts';
import { errorBody } from '../server/plugins/error-handler.ts';
import type { Language } from '../shared/i18n/index.ts';
import type { Translate } from './i18n.ts';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export type CliErrorCode =
  | 'PENDING_MIGRATIONS'
  | 'UNKNOWN_ACTOR'
  | 'INVALID_CONFIG'
  | 'USAGE'
  | 'DATABASE_UNAVAILABLE'
  | 'FILES_NOT_COPIED';

/** A failure of the CLI itself (not of a service): translated from `cli:errors.<code>`. */
export class CliError extends Error {
  constructor(
    readonly code: CliErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(code);
    this.name = 'CliError';
  }
}

/** What an error looks like on stderr with --json: AppErrors keep the API's body, so scripts parse one shape. */
export interface CliErrorBody {
  statusCode?: number;
  code: string;
  message: string;
  details?: unknown;
}

const COMMANDER_MESSAGES: Record<string, string> = {
  'commander.unknownOption': 'cli:usage.unknownOption',
  'commander.unknownCommand': 'cli:usage.unknownCommand',
  'commander.missingArgument': 'cli:usage.missingArgument',
  'commander.optionMissingArgument': 'cli:usage.optionMissingArgument',
  'commander.missingMandatoryOptionValue': 'cli:usage.missingMandatoryOptionValue',
  'commander.excessArguments': 'cli:usage.excessArguments',
  'commander.invalidArgument': 'cli:usage.invalidArgument',
  'commander.conflictingOption': 'cli:usage.conflictingOption',
};

/** Commander's English message, retold in the caller's language from the names it quotes. */
function usageMessage(error: CommanderError, t: Translate): string {
  const key = COMMANDER_MESSAGES[error.code];
  if (!key) return error.message.replace(/^error: /, '');
  const quoted = [...error.message.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
  // invalidArgument quotes the option, then the value: "option '--limit <n>' argument 'x' is invalid. <reason>"
  const [first = '', second = ''] = quoted;
  // An argument's message quotes the value first: "command-argument value 'x' is invalid for argument 'id'. <reason>"
  const argument = error.message.includes('command-argument value');
  const params =
    error.code === 'commander.invalidArgument'
      ? argument
        ? { option: `'${second}'`, value: `'${first}'` }
        : { option: `'${first}'`, value: `'${second}'` }
      : { value: `'${first}'` };
  const parts = [t(key, params)];
  const reason = /is invalid(?: for argument '[^']*')?\. (.+)$/s.exec(error.message)?.[1];
  if (reason) parts.push(reason);
  const suggestion = /\(Did you mean (.+)\?\)/.exec(error.message)?.[1];
  if (suggestion) parts.push(t('cli:usage.didYouMean', { value: suggestion }));
  return parts.join(' ');
}

// SQLSTATE classes and codes that mean the server is gone or refuses connections, not that a statement was wrong.
const CONNECTION_SQLSTATES = /^(08|57P0[1-4]|53300)/;
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
// node-postgres says these in plain words, without a code.
const CONNECTION_MESSAGES =
  /^(Connection terminated|Client was closed|Client has encountered a connection error|timeout exceeded when trying to connect|Connection ended)/;

/** True when `error` says the database went away or cannot be reached (not a refused statement). */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_SQLSTATES.test(code) || CONNECTION_ERRNOS.has(code)))
    return true;
  if (CONNECTION_MESSAGES.test(error.message)) return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionError);
  return error.cause !== undefined && error.cause !== error && isConnectionError(error.cause);
}

/** Turns any error into the body printed on stderr and the exit code. */
export function describeError(
  error: unknown,
  language: Language,
  t: Translate,
): { body: CliErrorBody; exitCode: number } {
  if (error instanceof AppError) return { body: errorBody(error, language), exitCode: EXIT_FAILURE };
  if (error instanceof CommanderError) {
    return { body: { code: 'USAGE', message: usageMessage(error, t) }, exitCode: EXIT_USAGE };
  }
  if (error instanceof CliError) {
    return {
      body: { code: error.code, message: t(`cli:errors.${error.code}`, error.params) },
      exitCode: error.exitCode,
    };
  }
  // Operators run the CLI on their own machine: the underlying reason helps them (a refused connection …).
  const reason = error instanceof Error ? error.message || error.name : String(error);
  if (isConnectionError(error)) {
    return {
      body: {
        statusCode: 503,
        code: 'DATABASE_UNAVAILABLE',
        message: t('cli:errors.DATABASE_UNAVAILABLE', { reason }),
      },
      exitCode: EXIT_FAILURE,
    };
  }
  return {
    body: { statusCode: 500, code: 'INTERNAL', message: t('cli:errors.UNEXPECTED', { reason }) },
    exitCode: EXIT_FAILURE,
  };
}

/** Human form of an error body: the message, then one line per failing field. */
export function formatError(body: CliErrorBody, t: Translate): string {
  const lines = [`${t('cli:errors.prefix')}: ${body.message}`];
  if (Array.isArray(body.details)) {
    for (const detail of body.details as Array<{ field: string; message: string }>) {
      lines.push(`  ${detail.field}: ${detail.message}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
