import { CommanderError } from 'commander';
import { AppError } from '../server/core/errors.ts';
import { errorBody } from '../server/plugins/error-handler.ts';
import type { Language } from '../shared/i18n/index.ts';
import type { Translate } from './i18n.ts';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export type CliErrorCode = 'PENDING_MIGRATIONS' | 'UNKNOWN_ACTOR' | 'INVALID_CONFIG' | 'USAGE';

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
  const params =
    error.code === 'commander.invalidArgument'
      ? { option: `'${first}'`, value: `'${second}'` }
      : { value: `'${first}'` };
  const parts = [t(key, params)];
  const reason = /is invalid\. (.+)$/s.exec(error.message)?.[1];
  if (reason) parts.push(reason);
  const suggestion = /\(Did you mean (.+)\?\)/.exec(error.message)?.[1];
  if (suggestion) parts.push(t('cli:usage.didYouMean', { value: suggestion }));
  return parts.join(' ');
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
  const reason = error instanceof Error ? error.message : String(error);
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
