import { Type, type Static, type TSchema } from 'typebox';
import { PageQueryFields, Paged } from './paging.schemas.ts';
import { Email, Name, SearchText, TEXT_DEFAULT, TEXT_MAX, Uuid } from './common.schemas.ts';
import { NO_CONTROL_CHARACTERS, VISIBLE } from './rules/text.ts';
import { LANGUAGES } from './i18n/index.ts';

/** The API contract of employees and external users (spec section 3 Employee, section 7 Users). */

export const USER_STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_TYPES = ['EMPLOYEE', 'EXTERNAL'] as const;
export const GENDERS = ['MALE', 'FEMALE'] as const;
export const CONTRACT_TYPES = ['FULLTIME', 'PART_TIME', 'PROBATION', 'INTERNSHIP', 'FREELANCER'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const EMPLOYEE_FILE_KINDS = ['NDA_FILE', 'CONTRACT_FILE'] as const;
export type EmployeeFileKind = (typeof EMPLOYEE_FILE_KINDS)[number];
export const EMPLOYEE_SORT_FIELDS = [
  'name',
  'firstName',
  'email',
  'status',
  'contractType',
  'department',
  'onboardDate',
  'createdAt',
  'employeeRole',
  'employeeCode',
] as const;
export type EmployeeSortField = (typeof EMPLOYEE_SORT_FIELDS)[number];
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Employee documents: PDF only, at most this many megabytes (spec sections 5 and 9). */
export const EMPLOYEE_FILE_MAX_MB = 10;
export const EMPLOYEE_FILE_MAX_BYTES = EMPLOYEE_FILE_MAX_MB * 1024 * 1024;
export const EMPLOYEE_PAGE_SIZES = [10, 20, 50, 100] as const;

/** An employee code: starts with a letter or digit, at most 30 characters. */
export const EMPLOYEE_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,29}$';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** A calendar date as YYYY-MM-DD (the UI shows it as YYYY/MM/DD). */
export const DateString = Type.String({ format: 'date', maxLength: 10 });
/** Optional text: null (or an empty form field) clears it; otherwise something visible, no control characters. */
const OptionalText = (maxLength: number = TEXT_DEFAULT) =>
  Type.Optional(
    Nullable(Type.String({ maxLength, pattern: VISIBLE, allOf: [{ pattern: NO_CONTROL_CHARACTERS }] })),
  );
const OptionalPattern = (pattern: string, maxLength: number) =>
  Type.Optional(Nullable(Type.String({ maxLength, pattern })));

/** Every editable field of an employee, all optional: the create body makes names and email required. */
const employeeFields = {
  firstName: Type.Optional(Name()),
  lastName: Type.Optional(Name()),
  email: Type.Optional(Email),
  gender: Type.Optional(Nullable(Type.Enum(GENDERS))),
  birthday: Type.Optional(Nullable(DateString)),
  phoneNumber: OptionalPattern('^\\+?[0-9][0-9 ().-]{5,19}$', 20),
  address: OptionalText(TEXT_DEFAULT),
  contractType: Type.Optional(Nullable(Type.Enum(CONTRACT_TYPES))),
  employeeRoleId: Type.Optional(Nullable(Uuid)),
  departmentId: Type.Optional(Nullable(Uuid)),
  onboardDate: Type.Optional(Nullable(DateString)),
  offboardDate: Type.Optional(Nullable(DateString)),
  /** The person's chat (Discord) account id: a numeric snowflake. */
  discordAccountId: OptionalPattern('^[0-9]{15,21}$', 21),
  bankId: Type.Optional(Nullable(Uuid)),
  bankAccountNumber: OptionalPattern('^[0-9]{4,30}$', 30),
  idCardNumber: OptionalPattern('^[0-9A-Za-z]{6,20}$', 20),
  idCardIssueDate: Type.Optional(Nullable(DateString)),
  idCardIssueAuthority: OptionalText(TEXT_DEFAULT),
  socialInsuranceNumber: OptionalPattern('^[0-9]{6,20}$', 20),
  language: Type.Optional(Type.Enum(LANGUAGES)),
  /** External users: the company or organisation they come from. */
  organization: OptionalText(TEXT_DEFAULT),
  note: OptionalText(TEXT_MAX),
  /** The company's own staff number: unique, letters, digits, '.', '_' and '-'. */
  employeeCode: OptionalPattern(EMPLOYEE_CODE_PATTERN, 30),
  /** Another active employee; the leave and overtime approvers default to them. */
  lineManagerId: Type.Optional(Nullable(Uuid)),
};

/** Fields a form may send empty: an empty string means "no value" (multipart forms cannot send null). */
export const EMPLOYEE_NULLABLE_FIELDS = Object.keys(employeeFields).filter(
  (key) => !['firstName', 'lastName', 'email', 'language'].includes(key),
);

export const EmployeeUpdateBody = Type.Object(employeeFields, { additionalProperties: false });
export type EmployeeUpdateBody = Static<typeof EmployeeUpdateBody>;

/** At most this many access roles may be chosen when a person is created. */
export const MAX_INITIAL_ACCESS_ROLES = 20;

export const EmployeeCreateBody = Type.Object(
  {
    ...employeeFields,
    firstName: Name(),
    lastName: Name(),
    email: Email,
    /** The access roles the person starts with; left out, the default role (built-in User). */
    accessRoleIds: Type.Optional(Type.Array(Uuid, { maxItems: MAX_INITIAL_ACCESS_ROLES })),
  },
  { additionalProperties: false },
);
export type EmployeeCreateBody = Static<typeof EmployeeCreateBody>;

export const ExternalUserBody = Type.Object(
  {
    firstName: Name(),
    lastName: Name(),
    email: Email,
    phoneNumber: employeeFields.phoneNumber,
    organization: OptionalText(TEXT_DEFAULT),
    note: OptionalText(TEXT_MAX),
    language: employeeFields.language,
  },
  { additionalProperties: false },
);
export type ExternalUserBody = Static<typeof ExternalUserBody>;

/** The spec's status actions: ACTIVE, and INACTIVE or DEACTIVATE to deactivate. */
export const UserStatusBody = Type.Object(
  { status: Type.Enum(['ACTIVE', 'INACTIVE', 'DEACTIVATE']) },
  { additionalProperties: false },
);
export type UserStatusBody = Static<typeof UserStatusBody>;

export const FileKindParams = Type.Object({ id: Uuid, kind: Type.Enum(EMPLOYEE_FILE_KINDS) });
export const FileUploadBody = Type.Object(
  { kind: Type.Enum(EMPLOYEE_FILE_KINDS) },
  { additionalProperties: true, description: 'multipart/form-data: `kind` and one PDF in `file`' },
);

const ListFilters = {
  search: Type.Optional(SearchText(TEXT_DEFAULT)),
  status: Type.Optional(Type.Array(Type.Enum(USER_STATUSES), { maxItems: 3 })),
  departmentId: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
  contractType: Type.Optional(Type.Array(Type.Enum(CONTRACT_TYPES), { maxItems: 5 })),
  roleId: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
  projectId: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
  onboardFrom: Type.Optional(DateString),
  onboardTo: Type.Optional(DateString),
  sortField: Type.Optional(Type.Enum(EMPLOYEE_SORT_FIELDS)),
  sortOrder: Type.Optional(Type.Enum(['asc', 'desc'])),
};

export const EmployeeListQuery = Type.Object(
  {
    ...ListFilters,
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type EmployeeListQuery = Static<typeof EmployeeListQuery>;
export type EmployeeFilters = Omit<EmployeeListQuery, 'page' | 'perPage'>;

export const EmployeeExportQuery = Type.Object(
  { ...ListFilters, format: Type.Optional(Type.Enum(EXPORT_FORMATS)) },
  { additionalProperties: false },
);
export type EmployeeExportQuery = Static<typeof EmployeeExportQuery>;

export const UserListQuery = Type.Object(
  {
    search: Type.Optional(SearchText(TEXT_DEFAULT)),
    status: Type.Optional(Type.Array(Type.Enum(USER_STATUSES), { maxItems: 3 })),
    type: Type.Optional(Type.Enum(USER_TYPES)),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;

export const PeopleLookupQuery = Type.Object(
  {
    search: Type.Optional(SearchText(TEXT_DEFAULT)),
    ids: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type PeopleLookupQuery = Static<typeof PeopleLookupQuery>;

const Ref = Type.Object({ id: Type.String(), name: Type.String() });

export const UserAbilities = Type.Object({
  edit: Type.Boolean(),
  viewPrivate: Type.Boolean(),
  changeStatus: Type.Boolean(),
  delete: Type.Boolean(),
  resendInvitation: Type.Boolean(),
  uploadFiles: Type.Boolean(),
  /** The sign-in email: only for those within the person's reach (who hold every permission they hold). */
  changeEmail: Type.Boolean(),
});
export type UserAbilities = Static<typeof UserAbilities>;

/** A person as lists show them. */
export const EmployeeSummary = Type.Object({
  id: Type.String(),
  type: Type.Enum(USER_TYPES),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  avatarUrl: Nullable(Type.String()),
  status: Type.Enum(USER_STATUSES),
  contractType: Nullable(Type.Enum(CONTRACT_TYPES)),
  employeeRole: Nullable(Ref),
  department: Nullable(Ref),
  onboardDate: Nullable(Type.String()),
  offboardDate: Nullable(Type.String()),
  phoneNumber: Nullable(Type.String()),
  discordAccount: Nullable(Type.Object({ id: Type.String() })),
  organization: Nullable(Type.String()),
  employeeCode: Nullable(Type.String()),
  /** The line manager, by name (last name first). */
  lineManager: Nullable(Ref),
  createdAt: Type.String(),
  abilities: UserAbilities,
});
export type EmployeeSummary = Static<typeof EmployeeSummary>;

export const EmployeeFile = Type.Object({
  id: Type.String(),
  kind: Type.Enum(EMPLOYEE_FILE_KINDS),
  fileName: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  uploadedAt: Type.String(),
  /** The authenticated download path (GET with the bearer token). */
  url: Type.String(),
});
export type EmployeeFile = Static<typeof EmployeeFile>;

/** Every field of an employee: private fields only for those who manage employees, and the person. */
export const Employee = Type.Object({
  ...EmployeeSummary.properties,
  gender: Nullable(Type.Enum(GENDERS)),
  birthday: Nullable(Type.String()),
  address: Nullable(Type.String()),
  bank: Nullable(Ref),
  bankAccountNumber: Nullable(Type.String()),
  idCardNumber: Nullable(Type.String()),
  idCardIssueDate: Nullable(Type.String()),
  idCardIssueAuthority: Nullable(Type.String()),
  socialInsuranceNumber: Nullable(Type.String()),
  note: Nullable(Type.String()),
  language: Type.Enum(LANGUAGES),
  files: Type.Object({ NDA_FILE: Nullable(EmployeeFile), CONTRACT_FILE: Nullable(EmployeeFile) }),
  updatedAt: Type.String(),
});
export type Employee = Static<typeof Employee>;

export const EmployeePage = Paged(EmployeeSummary);
export type EmployeePage = Static<typeof EmployeePage>;

/** What anyone signed in may know about a person (names on screens, pickers). */
export const PublicPerson = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  avatarUrl: Nullable(Type.String()),
  status: Type.Enum(USER_STATUSES),
  discordAccountId: Nullable(Type.String()),
});
export type PublicPerson = Static<typeof PublicPerson>;
export const PublicPersonList = Type.Object({ items: Type.Array(PublicPerson) });

export const Aggregations = Type.Object({
  total: Type.Integer(),
  byStatus: Type.Record(Type.String(), Type.Integer()),
  byContractType: Type.Record(Type.String(), Type.Integer()),
  byDepartment: Type.Array(
    Type.Object({ id: Nullable(Type.String()), name: Nullable(Type.String()), count: Type.Integer() }),
  ),
});
export type Aggregations = Static<typeof Aggregations>;

export const Bank = Type.Object({
  id: Type.String(),
  code: Type.String(),
  shortName: Type.String(),
  name: Type.String(),
  bin: Nullable(Type.String()),
});
export type Bank = Static<typeof Bank>;
export const BankList = Type.Object({ items: Type.Array(Bank) });

/** Choices for the employee-role field and filter (roles of type EMPLOYEE_ROLE). */
export const EmployeeRoleOptionList = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      status: Type.String(),
      /** Whether the caller may give it: they hold every permission it grants. */
      assignable: Type.Boolean(),
    }),
  ),
});
export type EmployeeRoleOptionList = Static<typeof EmployeeRoleOptionList>;

/** An access role HR may give a person they create; `isDefault` marks the one given when none is chosen. */
export const AccessRoleChoice = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  permissionCount: Type.Integer(),
  isDefault: Type.Boolean(),
});
export type AccessRoleChoice = Static<typeof AccessRoleChoice>;
export const AccessRoleChoiceList = Type.Object({ items: Type.Array(AccessRoleChoice) });
