import { Type, type Static } from 'typebox';

/** Building blocks of the API contract, with the text limits of spec section 9. */
export const TEXT_SHORT = 150;
export const TEXT_DEFAULT = 255;
export const TEXT_MAX = 5000;

/** A required text that is not only spaces (the error handler reports `validation.blank`). */
export const NonBlankString = (maxLength: number = TEXT_DEFAULT) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S' });

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
