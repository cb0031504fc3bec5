import { Type, type Static } from 'typebox';
import { NonBlankString } from './common.schemas.ts';
import { LANGUAGES } from './i18n/index.ts';

/**
 * The legal pages a person agrees to on sign-up (spec section 5): the terms of service and the privacy
 * policy, at /terms and /privacy, in English and Vietnamese, edited by administrators in platform
 * settings. The text is plain: a blank line starts a paragraph, a line starting with '# ' is a heading.
 */
export const LEGAL_KINDS = ['terms', 'privacy'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];
export const LEGAL_TEXT_MAX = 50_000;

export const LegalKindParams = Type.Object({ kind: Type.Enum(LEGAL_KINDS) });
export const LegalPageParams = Type.Object({ kind: Type.Enum(LEGAL_KINDS), language: Type.Enum(LANGUAGES) });
export type LegalPageParams = Static<typeof LegalPageParams>;

export const LegalPageQuery = Type.Object(
  { language: Type.Optional(Type.Enum(LANGUAGES)) },
  { additionalProperties: false },
);

export const LegalPage = Type.Object({
  kind: Type.Enum(LEGAL_KINDS),
  language: Type.Enum(LANGUAGES),
  content: Type.String(),
  /** False while the built-in text is shown (nobody has edited it yet). */
  custom: Type.Boolean(),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
});
export type LegalPage = Static<typeof LegalPage>;
export const LegalPageList = Type.Object({ items: Type.Array(LegalPage) });
export type LegalPageList = Static<typeof LegalPageList>;

export const LegalPageBody = Type.Object(
  // Something visible, no control characters (PostgreSQL refuses NUL): the shared text rule.
  { content: NonBlankString(LEGAL_TEXT_MAX) },
  { additionalProperties: false },
);
export type LegalPageBody = Static<typeof LegalPageBody>;

/** The blocks of a legal text, for rendering it without HTML: headings and paragraphs. */
export function legalBlocks(content: string): Array<{ heading: boolean; text: string }> {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) =>
      block.startsWith('# ')
        ? { heading: true, text: block.slice(2).trim() }
        : { heading: false, text: block },
    );
}
