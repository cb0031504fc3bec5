import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Database, UserFileKind, UserType } from '../../db/database.ts';
import type { EmployeeFilters, EmployeeSortField } from '../../../shared/employees.schemas.ts';

/** A person with the names of what they point at: the raw material of every employee response. */
export interface EmployeeRecord {
  id: string;
  user_type: UserType;
  email: string;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  status: 'ACTIVE' | 'INACTIVE' | 'PENDING';
  language: 'en' | 'vi';
  gender: 'MALE' | 'FEMALE' | null;
  birthday: string | null;
  phone_number: string | null;
  address: string | null;
  contract_type: 'FULLTIME' | 'PART_TIME' | 'PROBATION' | 'INTERNSHIP' | 'FREELANCER' | null;
  department_id: string | null;
  department_name: string | null;
  onboard_date: string | null;
  offboard_date: string | null;
  discord_account_id: string | null;
  bank_id: string | null;
  bank_name: string | null;
  bank_account_number: string | null;
  id_card_number: string | null;
  id_card_issue_date: string | null;
  id_card_issue_authority: string | null;
  social_insurance_number: string | null;
  organization: string | null;
  note: string | null;
  employee_role_id: string | null;
  employee_role_name: string | null;
  employee_code: string | null;
  line_manager_id: string | null;
  /** Last name then first name, or null when there is no (live) manager. */
  line_manager_name: string | null;
  password_set: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface PeopleFilter extends EmployeeFilters {
  userType?: UserType;
  /** Only these people (an export of the list's selection). */
  ids?: readonly string[];
}

type UsersQuery = SelectQueryBuilder<
  Database & { u: Database['users']; d: Database['departments'] },
  'u' | 'd',
  object
>;

/** `like` patterns for each word of a search, accents and case removed like `users.search_text`. */
export function searchPatterns(search: string | undefined): string[] {
  return (search ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `%${word.replace(/[\\%_]/g, '\\$&')}%`);
}

function applyFilters(query: UsersQuery, filter: PeopleFilter): UsersQuery {
  let q = query.where('u.deleted_at', 'is', null);
  if (filter.userType) q = q.where('u.user_type', '=', filter.userType);
  if (filter.ids) q = q.where('u.id', 'in', filter.ids.length ? [...filter.ids] : [null as never]);
  for (const pattern of searchPatterns(filter.search)) {
    q = q.where(sql<boolean>`u.search_text like bo_unaccent(lower(${pattern}))`);
  }
  if (filter.status?.length) q = q.where('u.status', 'in', filter.status);
  if (filter.departmentId?.length) q = q.where('u.department_id', 'in', filter.departmentId);
  if (filter.contractType?.length) q = q.where('u.contract_type', 'in', filter.contractType);
  if (filter.roleId?.length) {
    const roleIds = filter.roleId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles as fr')
          .select(sql`1`.as('one'))
          .whereRef('fr.user_id', '=', 'u.id')
          .where('fr.role_id', 'in', roleIds),
      ),
    );
  }
  if (filter.projectId?.length) {
    const projectIds = filter.projectId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles as fp')
          .select(sql`1`.as('one'))
          .whereRef('fp.user_id', '=', 'u.id')
          .where('fp.project_id', 'in', projectIds),
      ),
    );
  }
  if (filter.onboardFrom) q = q.where('u.onboard_date', '>=', filter.onboardFrom);
  if (filter.onboardTo) q = q.where('u.onboard_date', '<=', filter.onboardTo);
  return q;
}

function baseQuery(db: Db): UsersQuery {
  return db.selectFrom('users as u').leftJoin('departments as d', 'd.id', 'u.department_id') as UsersQuery;
}

/** The columns of an EmployeeRecord, with the employee role (a role of type EMPLOYEE_ROLE). */
function withEmployeeColumns(query: UsersQuery) {
  return query
    .leftJoin('banks as b', 'b.id', 'u.bank_id')
    .leftJoin('users as lm', (join) =>
      join.onRef('lm.id', '=', 'u.line_manager_id').on('lm.deleted_at', 'is', null),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('user_roles as ur')
          .innerJoin('roles as r', 'r.id', 'ur.role_id')
          .select(['r.id as role_id', 'r.name as role_name'])
          .whereRef('ur.user_id', '=', 'u.id')
          .where('ur.project_id', 'is', null)
          .where('r.type', '=', 'EMPLOYEE_ROLE')
          .where('r.deleted_at', 'is', null)
          .orderBy('ur.created_at')
          .limit(1)
          .as('er'),
      (join) => join.onTrue(),
    )
    .select([
      'u.id',
      'u.user_type',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.avatar_url',
      'u.status',
      'u.language',
      'u.gender',
      'u.birthday',
      'u.phone_number',
      'u.address',
      'u.contract_type',
      'u.department_id',
      'd.name as department_name',
      'u.onboard_date',
      'u.offboard_date',
      'u.discord_account_id',
      'u.bank_id',
      'b.short_name as bank_name',
      'u.bank_account_number',
      'u.id_card_number',
      'u.id_card_issue_date',
      'u.id_card_issue_authority',
      'u.social_insurance_number',
      'u.organization',
      'u.note',
      'er.role_id as employee_role_id',
      'er.role_name as employee_role_name',
      'u.employee_code',
      'lm.id as line_manager_id',
      sql<string | null>`lm.last_name || ' ' || lm.first_name`.as('line_manager_name'),
      sql<boolean>`u.password_hash is not null`.as('password_set'),
      'u.created_at',
      'u.updated_at',
    ]);
}

const SORTS: Record<EmployeeSortField, string[]> = {
  name: ['u.last_name', 'u.first_name', 'u.id'],
  firstName: ['u.first_name', 'u.last_name', 'u.id'],
  email: ['u.email', 'u.id'],
  status: ['u.status', 'u.last_name', 'u.first_name', 'u.id'],
  contractType: ['u.contract_type', 'u.last_name', 'u.first_name', 'u.id'],
  department: ['d.name', 'u.last_name', 'u.first_name', 'u.id'],
  onboardDate: ['u.onboard_date', 'u.id'],
  createdAt: ['u.created_at', 'u.id'],
  employeeRole: ['er.role_name', 'u.last_name', 'u.first_name', 'u.id'],
  employeeCode: ['u.employee_code', 'u.id'],
};

/** A stable order: the chosen column first, then names, then the id so that pages never overlap. */
function sorted<Q extends { orderBy: UsersQuery['orderBy'] }>(
  query: Q,
  field: EmployeeSortField,
  order: 'asc' | 'desc',
): Q {
  let q = query;
  for (const column of SORTS[field]) {
    q = q.orderBy(sql.raw(`${column} ${order} nulls last`)) as unknown as Q;
  }
  return q;
}

export interface ListOptions {
  sortField: EmployeeSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** One page of people in a stable order. */
export async function listPeopleRows(db: Db, filter: PeopleFilter, options: ListOptions) {
  const rows = await sorted(
    withEmployeeColumns(applyFilters(baseQuery(db), filter)),
    options.sortField,
    options.sortOrder,
  )
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  return rows as EmployeeRecord[];
}

/** One page of people and how many match in all. */
export async function listPeople(
  db: Db,
  filter: PeopleFilter,
  options: ListOptions,
): Promise<{ rows: EmployeeRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    listPeopleRows(db, filter, options),
    applyFilters(baseQuery(db), filter)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: (count as { total: number }).total };
}

/** The SQL of one list call (its page and its count), for the benchmark's direct baseline. */
export function compileListQuery(db: Db, filter: PeopleFilter, options: ListOptions) {
  return {
    page: sorted(
      withEmployeeColumns(applyFilters(baseQuery(db), filter)),
      options.sortField,
      options.sortOrder,
    )
      .offset(options.offset)
      .limit(options.limit)
      .compile(),
    count: applyFilters(baseQuery(db), filter)
      .select(sql<number>`count(*)::int`.as('total'))
      .compile(),
  };
}

export async function findPerson(
  db: Db,
  id: string,
  options: { lock?: boolean } = {},
): Promise<EmployeeRecord | undefined> {
  if (options.lock) {
    await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .execute();
  }
  const row = await withEmployeeColumns(applyFilters(baseQuery(db), {}))
    .where('u.id', '=', id)
    .executeTakeFirst();
  return row as EmployeeRecord | undefined;
}

/** Full records of the live people with these emails (the import compares against them). */
export async function findPeopleByEmails(db: Db, emails: readonly string[]): Promise<EmployeeRecord[]> {
  const found: EmployeeRecord[] = [];
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const rows = await withEmployeeColumns(applyFilters(baseQuery(db), {}))
      .where('u.email', 'in', chunk)
      .execute();
    found.push(...(rows as EmployeeRecord[]));
  }
  return found;
}

/** Live accounts among these emails (case-insensitive), by lower-cased email. */
export async function findLiveByEmails(
  db: Db,
  emails: readonly string[],
): Promise<Map<string, { id: string; email: string; status: string; user_type: UserType }>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'status', 'user_type'])
    .where('deleted_at', 'is', null)
    .where('email', 'in', [...emails])
    .execute();
  return new Map(rows.map((row) => [row.email.toLowerCase(), row]));
}

/** Replaces the person's employee role (one role of type EMPLOYEE_ROLE, company-wide). */
export async function setEmployeeRole(
  db: Db,
  userId: string,
  roleId: string | null,
  createdBy: string | null,
): Promise<void> {
  await db
    .deleteFrom('user_roles')
    .where('user_id', '=', userId)
    .where('project_id', 'is', null)
    .where('role_id', 'in', (eb) => eb.selectFrom('roles').select('id').where('type', '=', 'EMPLOYEE_ROLE'))
    .execute();
  if (roleId) {
    await db
      .insertInto('user_roles')
      .values({ user_id: userId, role_id: roleId, project_id: null, created_by: createdBy })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Gives each new person their employee role (an import's new rows), in one statement. */
export async function insertEmployeeRoles(
  db: Db,
  grants: ReadonlyArray<{ userId: string; roleId: string }>,
  createdBy: string | null,
): Promise<void> {
  if (grants.length === 0) return;
  await db
    .insertInto('user_roles')
    .values(
      grants.map((g) => ({ user_id: g.userId, role_id: g.roleId, project_id: null, created_by: createdBy })),
    )
    .execute();
}

export async function findEmployeeRoles(db: Db, by: { ids?: readonly string[]; names?: readonly string[] }) {
  if (by.ids?.length === 0 || by.names?.length === 0) return [];
  let query = db
    .selectFrom('roles')
    .select(['id', 'name', 'status'])
    // An employee role grants its permissions company-wide: the editor's reach is checked against them.
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('role_permissions')
            .select(sql<string[]>`array_agg(permission_key)`.as('keys'))
            .whereRef('role_permissions.role_id', '=', 'roles.id'),
          sql<string[]>`'{}'::text[]`,
        )
        .as('permissions'),
    )
    .where('type', '=', 'EMPLOYEE_ROLE')
    .where('deleted_at', 'is', null);
  if (by.ids) query = query.where('id', 'in', [...by.ids]);
  if (by.names) {
    query = query.where(
      sql<string>`lower(name)`,
      'in',
      by.names.map((n) => n.toLowerCase()),
    );
  }
  return query.execute();
}

export function listBanks(db: Db) {
  return db.selectFrom('banks').selectAll().orderBy('short_name').orderBy('id').execute();
}

export function findBanksByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('banks')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

// ---- Documents ----

export interface FileRecord {
  id: string;
  user_id: string;
  kind: UserFileKind;
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Date;
}

const FILE_COLUMNS = [
  'id',
  'user_id',
  'kind',
  'storage_key',
  'file_name',
  'content_type',
  'size_bytes',
  'created_at',
] as const;

export function listCurrentFiles(db: Db, userId: string): Promise<FileRecord[]> {
  return db
    .selectFrom('user_files')
    .select(FILE_COLUMNS)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

export function findCurrentFile(db: Db, userId: string, kind: UserFileKind): Promise<FileRecord | undefined> {
  return db
    .selectFrom('user_files')
    .select(FILE_COLUMNS)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Makes this file the person's current document of its kind; the previous one is kept, soft-deleted. */
export async function replaceCurrentFile(
  db: Db,
  values: {
    user_id: string;
    kind: UserFileKind;
    storage_key: string;
    file_name: string;
    content_type: string;
    size_bytes: number;
    sha256: string;
    created_by: string | null;
  },
): Promise<FileRecord> {
  await db
    .updateTable('user_files')
    .set({ deleted_at: new Date() })
    .where('user_id', '=', values.user_id)
    .where('kind', '=', values.kind)
    .where('deleted_at', 'is', null)
    .execute();
  return db.insertInto('user_files').values(values).returning(FILE_COLUMNS).executeTakeFirstOrThrow();
}

// ---- Lookups for other screens ----

export function lookupPeople(
  db: Db,
  options: { search?: string; ids?: readonly string[]; limit: number; pickable: boolean },
) {
  let query = db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.avatar_url',
      'u.status',
      'u.discord_account_id',
    ])
    .where('u.deleted_at', 'is', null);
  if (options.pickable) {
    // The employee picker (spec section 6): never inactive people, never people without a chat account.
    query = query
      .where('u.user_type', '=', 'EMPLOYEE')
      .where('u.status', '<>', 'INACTIVE')
      .where('u.discord_account_id', 'is not', null);
  }
  if (options.ids?.length) query = query.where('u.id', 'in', [...options.ids]);
  for (const pattern of searchPatterns(options.search)) {
    query = query.where(sql<boolean>`u.search_text like bo_unaccent(lower(${pattern}))`);
  }
  return query.orderBy('u.last_name').orderBy('u.first_name').orderBy('u.id').limit(options.limit).execute();
}

// ---- Counts for the list header ----

export async function aggregate(db: Db, filter: PeopleFilter) {
  const filtered = () => applyFilters(baseQuery(db), filter);
  const [byStatus, byContract, byDepartment] = await Promise.all([
    filtered()
      .select(['u.status as key', sql<number>`count(*)::int`.as('count')])
      .groupBy('u.status')
      .execute(),
    filtered()
      .select(['u.contract_type as key', sql<number>`count(*)::int`.as('count')])
      .groupBy('u.contract_type')
      .execute(),
    filtered()
      .select(['u.department_id as id', 'd.name as name', sql<number>`count(*)::int`.as('count')])
      .groupBy(['u.department_id', 'd.name'])
      .orderBy('d.name')
      .execute(),
  ]);
  return {
    byStatus: byStatus as Array<{ key: string; count: number }>,
    byContract: byContract as Array<{ key: string | null; count: number }>,
    byDepartment: byDepartment as Array<{ id: string | null; name: string | null; count: number }>,
  };
}

// Employee codes and line managers (employee-links.ts holds the rules).

/** Whether another live person already has this code (codes compare without regard to case). */
export async function employeeCodeHeld(db: Db, code: string, selfId: string | null): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('deleted_at', 'is', null)
    .where(sql<string>`lower(employee_code)`, '=', code.trim().toLowerCase());
  if (selfId) query = query.where('id', '<>', selfId);
  return Boolean(await query.executeTakeFirst());
}

/** The live people holding any of the (lower-cased) codes. */
export function findEmployeeCodeHolders(db: Db, codes: readonly string[]) {
  return db
    .selectFrom('users')
    .select(['id', sql<string>`lower(employee_code)`.as('code')])
    .where('deleted_at', 'is', null)
    .where(sql<string>`lower(employee_code)`, 'in', [...codes])
    .execute();
}

/** A live person's status and kind (a line manager must be an active employee). */
export function findLivePersonKind(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'status', 'user_type'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Line-manager changes take turns within their transactions (a transaction-scoped advisory lock). */
export async function lockLineManagerChanges(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('users.line_manager_id'))`.execute(db);
}

/**
 * Whether walking up from `managerId` through each person's line manager reaches `personId`. The
 * walk stops at 100 levels: no real company is that deep, and bad data must not hang the request.
 */
export async function managerChainReaches(db: Db, managerId: string, personId: string): Promise<boolean> {
  const result = await sql<{ found: boolean }>`
    with recursive chain(id, depth) as (
      select ${managerId}::uuid, 0
      union all
      select u.line_manager_id, chain.depth + 1
      from users u join chain on u.id = chain.id
      where u.line_manager_id is not null and chain.depth < 100
    )
    select exists(select 1 from chain where id = ${personId}::uuid) as found`.execute(db);
  return Boolean(result.rows[0]?.found);
}
