import type { ValidationCode } from '../errors.ts';
/**
 * What text may hold, as JSON-schema patterns (the API's schemas use them, so ajv and TypeBox check
 * them alike) and as functions for text that arrives outside a schema (uploaded file names).
 * Patterns are compiled with the `u` flag by both validators.
 */

/**
 * Control characters (C0, DEL, C1) other than tab, line feed and carriage return. PostgreSQL refuses
 * NUL outright, and none of the others has a place in what people type.
 */
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$';

/** The same for one-line text (names): no tab or line break either. */
export const NO_CONTROL_CHARACTERS_ONE_LINE = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';

/**
 * Marks that change the direction text is shown in (LRM, RLM, ALM, embeddings, overrides, isolates):
 * a name or a file name holding one displays other than it reads (`invoice‮fdp.exe`).
 */
export const NO_DIRECTION_MARKS = '^[^\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]*$';

/**
 * One character that shows: not a space of any kind, not a format or control character (zero-width
 * space, word joiner, byte-order mark …), not a combining mark on its own, not one of the fillers
 * that render as nothing (Hangul fillers, braille blank).
 */
const VISIBLE_CHARACTER = '[^\\s\\p{C}\\p{Z}\\p{M}\\u115F\\u1160\\u3164\\uFFA0\\u2800]';

/** Text with at least one visible character (a required field). */
export const VISIBLE = VISIBLE_CHARACTER;
/** Empty, or with at least one visible character (an optional field). */
export const VISIBLE_OR_EMPTY = `^$|${VISIBLE_CHARACTER}`;

/** The validation code (errors:validation.<code>) a failed pattern of this module stands for. */
export const PATTERN_CODES: Readonly<Record<string, ValidationCode>> = {
  [VISIBLE]: 'blank',
  [VISIBLE_OR_EMPTY]: 'blank',
  // The older spelling of "not only spaces", kept for schemas that still use it.
  '\\S': 'blank',
  [NO_CONTROL_CHARACTERS]: 'controlCharacters',
  [NO_CONTROL_CHARACTERS_ONE_LINE]: 'controlCharacters',
  [NO_DIRECTION_MARKS]: 'directionCharacters',
};

/** Codes that say more than `blank` about the same text (NUL alone is both blank and a control character). */
export const CHARACTER_CODES: ReadonlySet<string> = new Set(['controlCharacters', 'directionCharacters']);

const oneLine = new RegExp(NO_CONTROL_CHARACTERS_ONE_LINE, 'u');
const directionMark = new RegExp(NO_DIRECTION_MARKS, 'u');
const visible = new RegExp(VISIBLE, 'u');

/** True when `text` shows nothing: empty, or only spaces, invisible and format characters. */
export function isBlank(text: string): boolean {
  return !visible.test(text);
}

/**
 * Why a name (a person's, a file's) cannot be kept as it is, or null when it can: a control
 * character or a text-direction mark.
 */
export function nameProblem(text: string): 'controlCharacters' | 'directionCharacters' | null {
  if (!oneLine.test(text)) return 'controlCharacters';
  if (!directionMark.test(text)) return 'directionCharacters';
  return null;
}
