import { createI18n, isLanguage, type Language } from '../shared/i18n/index.ts';
import en from './i18n/en.json' with { type: 'json' };
import vi from './i18n/vi.json' with { type: 'json' };

// The CLI's own strings stay out of shared/i18n so the browser bundle does not carry them.
const CLI_RESOURCES = { en, vi } as const;

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A translator for the CLI: its own `cli:` strings plus the shared namespaces (`errors:` …). */
export function cliTranslator(language: Language): Translate {
  const i18n = createI18n(language);
  for (const [lng, bundle] of Object.entries(CLI_RESOURCES)) i18n.addResourceBundle(lng, 'cli', bundle);
  return (key, params) => i18n.t(key, params ?? {});
}

/** The language of messages: `--lang`, else LANG/LC_ALL starting with `vi`, else English. */
export function detectLanguage(argv: readonly string[], env: NodeJS.ProcessEnv): Language {
  const fromFlag = earlyOption(argv, '--lang');
  if (isLanguage(fromFlag)) return fromFlag;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('vi') ? 'vi' : 'en';
}

/**
 * Reads a global option before commander parses: help texts must be built in the right language,
 * and a usage error must know whether to answer in JSON.
 */
export function earlyOption(argv: readonly string[], name: string): string | true | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg === name) return argv[i + 1] && !argv[i + 1]!.startsWith('-') ? argv[i + 1] : true;
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return undefined;
}
