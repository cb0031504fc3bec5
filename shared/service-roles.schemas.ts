import { Type, type Static } from 'typebox';
import { Name, TEXT_SHORT } from './common.schemas.ts';
import { SERVICE_ROLE_COLORS } from './connections.schemas.ts';

/**
 * Service roles (issue 13): the company's own names for what a cloud account is used for (a name and
 * a colour among RED, BLUE, GREEN, ORANGE, GRAY, PURPLE), shown as a chip on a project's cloud accounts.
 */

export const ServiceRole = Type.Object({
  id: Type.String(),
  name: Type.String(),
  color: Type.Enum(SERVICE_ROLE_COLORS),
  /** How many project cloud accounts carry it. */
  usage: Type.Integer(),
});
export type ServiceRole = Static<typeof ServiceRole>;
export const ServiceRoleList = Type.Object({
  items: Type.Array(ServiceRole),
  abilities: Type.Object({ manage: Type.Boolean() }),
});
export type ServiceRoleList = Static<typeof ServiceRoleList>;

export const ServiceRoleBody = Type.Object(
  { name: Name(TEXT_SHORT), color: Type.Enum(SERVICE_ROLE_COLORS) },
  { additionalProperties: false },
);
export type ServiceRoleBody = Static<typeof ServiceRoleBody>;
export const ServiceRoleUpdateBody = Type.Object(
  { name: Type.Optional(Name(TEXT_SHORT)), color: Type.Optional(Type.Enum(SERVICE_ROLE_COLORS)) },
  { additionalProperties: false },
);
export type ServiceRoleUpdateBody = Static<typeof ServiceRoleUpdateBody>;
