import { Type, type Static } from 'typebox';
import { PageQueryFields, Paged } from './paging.schemas.ts';
import { Name, SearchText, Text, TEXT_DEFAULT, TEXT_MAX, Uuid } from './common.schemas.ts';

/** The API contract of departments (spec section 3 Department, section 7 Departments). */

export const DEPARTMENT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type DepartmentStatus = (typeof DEPARTMENT_STATUSES)[number];
/** How many members a department of a list shows; the detail call returns all of them. */
export const DEPARTMENT_MEMBER_PREVIEW = 8;

const MemberIds = Type.Array(Uuid, { maxItems: 5000, uniqueItems: true });

export const DepartmentBody = Type.Object(
  {
    name: Name(TEXT_DEFAULT),
    description: Type.Optional(Type.Union([Text(TEXT_MAX), Type.Null()])),
    /** The people of the department; they leave the department they were in. */
    memberIds: Type.Optional(MemberIds),
  },
  { additionalProperties: false },
);
export type DepartmentBody = Static<typeof DepartmentBody>;

export const DepartmentUpdateBody = Type.Object(
  {
    name: Type.Optional(Name(TEXT_DEFAULT)),
    description: Type.Optional(Type.Union([Text(TEXT_MAX), Type.Null()])),
    /** Replaces the members: people not listed leave the department. */
    memberIds: Type.Optional(MemberIds),
  },
  { additionalProperties: false },
);
export type DepartmentUpdateBody = Static<typeof DepartmentUpdateBody>;

export const DepartmentStatusBody = Type.Object(
  { status: Type.Enum(['ACTIVE', 'INACTIVE', 'DEACTIVATE']) },
  { additionalProperties: false },
);
export type DepartmentStatusBody = Static<typeof DepartmentStatusBody>;

export const DepartmentQuery = Type.Object(
  {
    search: Type.Optional(SearchText(TEXT_DEFAULT)),
    status: Type.Optional(Type.Enum(DEPARTMENT_STATUSES)),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type DepartmentQuery = Static<typeof DepartmentQuery>;

export const DepartmentMember = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  avatarUrl: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
});
export type DepartmentMember = Static<typeof DepartmentMember>;

export const Department = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  status: Type.Enum(DEPARTMENT_STATUSES),
  memberCount: Type.Integer(),
  /** In lists, the first members by name; in the detail call, every member. */
  members: Type.Array(DepartmentMember),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: Type.Object({ edit: Type.Boolean(), delete: Type.Boolean(), changeStatus: Type.Boolean() }),
});
export type Department = Static<typeof Department>;

export const DepartmentPage = Paged(Department);
export type DepartmentPage = Static<typeof DepartmentPage>;
