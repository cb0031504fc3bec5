import { Type, type Static } from 'typebox';
import {
  NO_CONTROL_CHARACTERS,
  NO_CONTROL_CHARACTERS_ONE_LINE,
  NO_DIRECTION_MARKS,
  VISIBLE,
  VISIBLE_OR_EMPTY,
} from './rules/text.ts';

/** Building blocks of the API contract, with the text limits of spec section 9. */
export const TEXT_SHORT = 150;
export const TEXT_DEFAULT = 255;
export const TEXT_MAX = 5000;

// Every text of a request refuses control characters (validation.controlCharacters): PostgreSQL
// refuses NUL, which would otherwise surface as a 500. A text that must say something refuses one made
// only of spaces, invisible or format characters (validation.blank). Names also refuse text-direction
// marks (validation.directionCharacters). The patterns live in shared/rules/text.ts.

/** A required text with something visible in it: a message, a title. Line breaks and tabs are kept. */
export const NonBlankString = (maxLength: number = TEXT_DEFAULT) =>
  Type.String({ minLength: 1, maxLength, pattern: VISIBLE, allOf: [{ pattern: NO_CONTROL_CHARACTERS }] });

/** A name (of a person, a role, a department): required, visible, one line, no text-direction marks. */
export const Name = (maxLength: number = TEXT_DEFAULT) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: VISIBLE,
    allOf: [{ pattern: NO_CONTROL_CHARACTERS_ONE_LINE }, { pattern: NO_DIRECTION_MARKS }],
  });

/** An optional text (a description, a note): empty, or with something visible in it. */
export const Text = (maxLength: number = TEXT_DEFAULT) =>
  Type.String({ maxLength, pattern: VISIBLE_OR_EMPTY, allOf: [{ pattern: NO_CONTROL_CHARACTERS }] });

/** A search term of a query string: anything printable, spaces included. */
export const SearchText = (maxLength: number = TEXT_DEFAULT) =>
  Type.String({ maxLength, pattern: NO_CONTROL_CHARACTERS });

/** A password or a token as typed or pasted: checked by the service, only never blank or with control characters. */
export const Secret = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: VISIBLE, allOf: [{ pattern: NO_CONTROL_CHARACTERS }] });

export const Email = Type.String({ format: 'email', maxLength: TEXT_DEFAULT });
export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });
export type IdParams = Static<typeof IdParams>;

export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    code: Type.String(),
    message: Type.String(),
    details: Type.Optional(Type.Unknown()),
  },
  {
    $id: 'ErrorResponse',
    description: 'Every error: a stable code, a translated message, details per field',
  },
);

export const OkResponse = Type.Object({ ok: Type.Literal(true) });
