import { Type, type Static } from 'typebox';
import { Name, Text, TEXT_MAX } from './common.schemas.ts';
import { ROLE_TYPES } from './permissions.ts';
import { NO_CONTROL_CHARACTERS_ONE_LINE } from './rules/text.ts';

export const RoleTypeSchema = Type.Enum(ROLE_TYPES);
/** A permission's key (`employees.view`): unknown ones are the service's to report, by name. */
const PermissionKey = Type.String({ maxLength: 100, pattern: NO_CONTROL_CHARACTERS_ONE_LINE });

export const RoleQuery = Type.Object({ type: Type.Optional(RoleTypeSchema) });
export type RoleQuery = Static<typeof RoleQuery>;

export const RoleBody = Type.Object(
  {
    name: Name(),
    description: Type.Optional(Type.Union([Text(TEXT_MAX), Type.Null()])),
    type: RoleTypeSchema,
    permissions: Type.Array(PermissionKey, { maxItems: 500, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type RoleBody = Static<typeof RoleBody>;

export const RoleUpdateBody = Type.Object(
  {
    name: Type.Optional(Name()),
    description: Type.Optional(Type.Union([Text(TEXT_MAX), Type.Null()])),
    permissions: Type.Optional(Type.Array(PermissionKey, { maxItems: 500, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;

/** The spec's status actions: ACTIVE and DEACTIVATE (stored as ACTIVE / INACTIVE). */
export const RoleStatusBody = Type.Object(
  { status: Type.Enum(['ACTIVE', 'DEACTIVATE']) },
  { additionalProperties: false },
);
export type RoleStatusBody = Static<typeof RoleStatusBody>;

export const RoleAbilities = Type.Object({
  edit: Type.Boolean(),
  delete: Type.Boolean(),
  changeStatus: Type.Boolean(),
});

export const Role = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  type: RoleTypeSchema,
  status: Type.Enum(['ACTIVE', 'INACTIVE']),
  builtIn: Type.Boolean(),
  permissions: Type.Array(Type.String()),
  permissionCount: Type.Integer(),
  allPermissions: Type.Boolean({ description: 'true when the role holds every permission its type allows' }),
  memberCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: RoleAbilities,
});
export type Role = Static<typeof Role>;

export const RoleList = Type.Object({ items: Type.Array(Role) });

export const PermissionQuery = Type.Object({ roleType: Type.Optional(RoleTypeSchema) });
export const PermissionItem = Type.Object({
  key: Type.String(),
  area: Type.String(),
  roleTypes: Type.Array(Type.String()),
});
export const PermissionList = Type.Object({ items: Type.Array(PermissionItem) });

export const UserRolesQuery = Type.Object({ type: Type.Optional(RoleTypeSchema) });
export const UserRolesResponse = Type.Object({
  roles: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      type: RoleTypeSchema,
      projectId: Type.Union([Type.String(), Type.Null()]),
      permissions: Type.Array(Type.String()),
    }),
  ),
  /** Access-role (company-wide) permissions, flat. */
  permissions: Type.Array(Type.String()),
  /** Project-role permissions grouped by project id. */
  projectPermissions: Type.Record(Type.String(), Type.Array(Type.String())),
});
export type UserRolesResponse = Static<typeof UserRolesResponse>;
