import { Type, type Static } from 'typebox';
import { Name, Text, TEXT_DEFAULT, TEXT_MAX, Uuid } from './common.schemas.ts';
import {
  CLOUD_ROLES,
  CLOUD_SERVICES,
  SERVICE_ROLE_COLORS,
  type CloudService,
} from './connections.schemas.ts';
import { ACTIVE_STATUSES } from './projects.schemas.ts';

/**
 * A project's cloud accounts (spec: GET|POST /projects/{id}/cloud-accounts, PUT /cloud-accounts/{id},
 * DELETE|PATCH …/cloud-accounts/{accountId}[/status], GET|POST …/cloud-accounts/select-accounts).
 * A cloud account is the company's (one per service and account ID); a project uses it with a role.
 */

/** The account ID's shape for each service: AWS 12 digits, an Azure subscription a GUID. */
export const CLOUD_ACCOUNT_ID_FORMAT: Record<
  CloudService,
  { pattern: RegExp; code: 'cloudAccountIdAws' | 'cloudAccountIdAzure' }
> = {
  AWS: { pattern: /^[0-9]{12}$/, code: 'cloudAccountIdAws' },
  AZURE: {
    pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    code: 'cloudAccountIdAzure',
  },
};

const Status = Type.Enum(ACTIVE_STATUSES);
const Role = Type.Enum(CLOUD_ROLES);
const Note = Type.Union([Text(TEXT_MAX), Type.Null()]);

export const ProjectCloudAccount = Type.Object({
  /** The cloud account's id (the path's {accountId}). */
  id: Type.String(),
  /** The project's use of it (PUT /cloud-accounts/{id} takes this one). */
  linkId: Type.String(),
  service: Type.Enum(CLOUD_SERVICES),
  accountId: Type.String(),
  name: Type.String(),
  role: Role,
  /** The company's label for what the account is for (a chip in its colour), if any. */
  serviceRole: Type.Union([
    Type.Object({ id: Type.String(), name: Type.String(), color: Type.Enum(SERVICE_ROLE_COLORS) }),
    Type.Null(),
  ]),
  note: Type.Union([Type.String(), Type.Null()]),
  status: Status,
  abilities: Type.Object({ edit: Type.Boolean() }),
});
export type ProjectCloudAccount = Static<typeof ProjectCloudAccount>;
export const ProjectCloudAccountList = Type.Object({
  items: Type.Array(ProjectCloudAccount),
  abilities: Type.Object({ add: Type.Boolean() }),
});
export type ProjectCloudAccountList = Static<typeof ProjectCloudAccountList>;

export const CloudAccountBody = Type.Object(
  {
    service: Type.Enum(CLOUD_SERVICES),
    accountId: Type.String({ minLength: 1, maxLength: 100 }),
    name: Name(TEXT_DEFAULT),
    role: Role,
    note: Type.Optional(Note),
  },
  { additionalProperties: false },
);
export type CloudAccountBody = Static<typeof CloudAccountBody>;

export const CloudAccountUpdateBody = Type.Object(
  {
    name: Type.Optional(Name(TEXT_DEFAULT)),
    role: Type.Optional(Role),
    note: Type.Optional(Note),
    /** A service role (GET /service-roles), or null to clear it. */
    serviceRoleId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CloudAccountUpdateBody = Static<typeof CloudAccountUpdateBody>;

export const CloudAccountSelectBody = Type.Object(
  { cloudAccountIds: Type.Array(Uuid, { minItems: 1, maxItems: 100 }), role: Role },
  { additionalProperties: false },
);
export type CloudAccountSelectBody = Static<typeof CloudAccountSelectBody>;

export const SelectableCloudAccount = Type.Object({
  id: Type.String(),
  service: Type.Enum(CLOUD_SERVICES),
  accountId: Type.String(),
  name: Type.String(),
});
export const SelectableCloudAccountList = Type.Object({ items: Type.Array(SelectableCloudAccount) });
export type SelectableCloudAccountList = Static<typeof SelectableCloudAccountList>;

export const CloudAccountParams = Type.Object({ id: Uuid, accountId: Uuid });
export type CloudAccountParams = Static<typeof CloudAccountParams>;
