import { sql, type Kysely } from 'kysely';

/** Banks operating in Viet Nam, as of this migration; later changes come with their own migration. */
const VIETNAMESE_BANKS = [
  { code: 'VCB', shortName: 'Vietcombank', name: 'Ngân hàng TMCP Ngoại thương Việt Nam', bin: '970436' },
  { code: 'CTG', shortName: 'VietinBank', name: 'Ngân hàng TMCP Công thương Việt Nam', bin: '970415' },
  { code: 'BIDV', shortName: 'BIDV', name: 'Ngân hàng TMCP Đầu tư và Phát triển Việt Nam', bin: '970418' },
  {
    code: 'VBA',
    shortName: 'Agribank',
    name: 'Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam',
    bin: '970405',
  },
  { code: 'TCB', shortName: 'Techcombank', name: 'Ngân hàng TMCP Kỹ thương Việt Nam', bin: '970407' },
  { code: 'MB', shortName: 'MB Bank', name: 'Ngân hàng TMCP Quân đội', bin: '970422' },
  { code: 'ACB', shortName: 'ACB', name: 'Ngân hàng TMCP Á Châu', bin: '970416' },
  { code: 'VPB', shortName: 'VPBank', name: 'Ngân hàng TMCP Việt Nam Thịnh Vượng', bin: '970432' },
  { code: 'TPB', shortName: 'TPBank', name: 'Ngân hàng TMCP Tiên Phong', bin: '970423' },
  { code: 'STB', shortName: 'Sacombank', name: 'Ngân hàng TMCP Sài Gòn Thương Tín', bin: '970403' },
  {
    code: 'HDB',
    shortName: 'HDBank',
    name: 'Ngân hàng TMCP Phát triển Thành phố Hồ Chí Minh',
    bin: '970437',
  },
  { code: 'VIB', shortName: 'VIB', name: 'Ngân hàng TMCP Quốc tế Việt Nam', bin: '970441' },
  { code: 'SHB', shortName: 'SHB', name: 'Ngân hàng TMCP Sài Gòn – Hà Nội', bin: '970443' },
  { code: 'EIB', shortName: 'Eximbank', name: 'Ngân hàng TMCP Xuất Nhập khẩu Việt Nam', bin: '970431' },
  { code: 'MSB', shortName: 'MSB', name: 'Ngân hàng TMCP Hàng Hải Việt Nam', bin: '970426' },
  { code: 'OCB', shortName: 'OCB', name: 'Ngân hàng TMCP Phương Đông', bin: '970448' },
  { code: 'SEAB', shortName: 'SeABank', name: 'Ngân hàng TMCP Đông Nam Á', bin: '970440' },
  { code: 'LPB', shortName: 'LPBank', name: 'Ngân hàng TMCP Lộc Phát Việt Nam', bin: '970449' },
  { code: 'SCB', shortName: 'SCB', name: 'Ngân hàng TMCP Sài Gòn', bin: '970429' },
  { code: 'NAB', shortName: 'Nam A Bank', name: 'Ngân hàng TMCP Nam Á', bin: '970428' },
  { code: 'ABB', shortName: 'ABBANK', name: 'Ngân hàng TMCP An Bình', bin: '970425' },
  { code: 'BAB', shortName: 'Bac A Bank', name: 'Ngân hàng TMCP Bắc Á', bin: '970409' },
  { code: 'BVB', shortName: 'BaoViet Bank', name: 'Ngân hàng TMCP Bảo Việt', bin: '970438' },
  { code: 'PVCB', shortName: 'PVcomBank', name: 'Ngân hàng TMCP Đại Chúng Việt Nam', bin: '970412' },
  { code: 'KLB', shortName: 'Kienlongbank', name: 'Ngân hàng TMCP Kiên Long', bin: '970452' },
  { code: 'VAB', shortName: 'VietABank', name: 'Ngân hàng TMCP Việt Á', bin: '970427' },
  { code: 'NCB', shortName: 'NCB', name: 'Ngân hàng TMCP Quốc Dân', bin: '970419' },
  { code: 'PGB', shortName: 'PGBank', name: 'Ngân hàng TMCP Thịnh vượng và Phát triển', bin: '970430' },
  { code: 'SGICB', shortName: 'Saigonbank', name: 'Ngân hàng TMCP Sài Gòn Công Thương', bin: '970400' },
  { code: 'VBB', shortName: 'Vietbank', name: 'Ngân hàng TMCP Việt Nam Thương Tín', bin: '970433' },
  { code: 'DAB', shortName: 'DongA Bank', name: 'Ngân hàng TMCP Đông Á', bin: '970406' },
  { code: 'BVBANK', shortName: 'BVBank', name: 'Ngân hàng TMCP Bản Việt', bin: '970454' },
  { code: 'GPB', shortName: 'GPBank', name: 'Ngân hàng Thương mại TNHH MTV Dầu Khí Toàn Cầu', bin: '970408' },
  { code: 'OJB', shortName: 'OceanBank', name: 'Ngân hàng Thương mại TNHH MTV Đại Dương', bin: '970414' },
  {
    code: 'CBB',
    shortName: 'CBBank',
    name: 'Ngân hàng Thương mại TNHH MTV Xây dựng Việt Nam',
    bin: '970444',
  },
  { code: 'COOPBANK', shortName: 'Co-opBank', name: 'Ngân hàng Hợp tác xã Việt Nam', bin: '970446' },
  { code: 'VRB', shortName: 'VRB', name: 'Ngân hàng Liên doanh Việt - Nga', bin: '970421' },
  { code: 'IVB', shortName: 'Indovina Bank', name: 'Ngân hàng TNHH Indovina', bin: '970434' },
  { code: 'SHBVN', shortName: 'Shinhan Bank', name: 'Ngân hàng TNHH MTV Shinhan Việt Nam', bin: '970424' },
  { code: 'WVN', shortName: 'Woori Bank', name: 'Ngân hàng TNHH MTV Woori Việt Nam', bin: '970457' },
  {
    code: 'UOB',
    shortName: 'UOB',
    name: 'Ngân hàng TNHH MTV United Overseas Bank (Việt Nam)',
    bin: '970458',
  },
  { code: 'PBVN', shortName: 'Public Bank', name: 'Ngân hàng TNHH MTV Public Việt Nam', bin: '970439' },
  {
    code: 'HLBVN',
    shortName: 'Hong Leong Bank',
    name: 'Ngân hàng TNHH MTV Hong Leong Việt Nam',
    bin: '970442',
  },
  { code: 'HSBC', shortName: 'HSBC', name: 'Ngân hàng TNHH MTV HSBC (Việt Nam)', bin: '458761' },
  {
    code: 'SCVN',
    shortName: 'Standard Chartered',
    name: 'Ngân hàng TNHH MTV Standard Chartered Bank (Việt Nam)',
    bin: '970410',
  },
  { code: 'CIMB', shortName: 'CIMB', name: 'Ngân hàng TNHH MTV CIMB Việt Nam', bin: '422589' },
];

/**
 * People and organisation: departments, the bank catalog, the employee fields of a user (spec
 * section 3), external users and the employee documents (NDA, contract).
 *
 * Search: `users.search_text` holds names and email lower-cased and without Vietnamese accents,
 * so 'nguyen' finds 'Nguyễn'; a trigram index answers `like '%…%'` on thousands of rows at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  // unaccent() is only STABLE (its dictionary could change); naming the dictionary makes this wrapper
  // safe to declare IMMUTABLE, which generated columns and indexes require.
  await sql`create or replace function bo_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$`.execute(db);

  await db.schema
    .createTable('departments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ACTIVE')
        .check(sql`status in ('ACTIVE','INACTIVE')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index departments_name_live_key on departments (lower(name)) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('banks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // The State Bank's identifier (BIN) used by interbank transfers and VietQR.
    .addColumn('bin', 'text')
    .execute();
  await db
    .insertInto('banks' as never)
    .values(
      VIETNAMESE_BANKS.map((bank) => ({
        code: bank.code,
        short_name: bank.shortName,
        name: bank.name,
        bin: bank.bin,
      })) as never,
    )
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('user_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('EMPLOYEE')
        .check(sql`user_type in ('EMPLOYEE','EXTERNAL')`),
    )
    .addColumn('gender', 'text', (c) => c.check(sql`gender in ('MALE','FEMALE')`))
    .addColumn('birthday', 'date')
    .addColumn('phone_number', 'text')
    .addColumn('address', 'text')
    .addColumn('contract_type', 'text', (c) =>
      c.check(sql`contract_type in ('FULLTIME','PART_TIME','PROBATION','INTERNSHIP','FREELANCER')`),
    )
    .addColumn('department_id', 'uuid', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('onboard_date', 'date')
    .addColumn('offboard_date', 'date')
    .addColumn('discord_account_id', 'text')
    .addColumn('bank_id', 'uuid', (c) => c.references('banks.id').onDelete('set null'))
    .addColumn('bank_account_number', 'text')
    .addColumn('id_card_number', 'text')
    .addColumn('id_card_issue_date', 'date')
    .addColumn('id_card_issue_authority', 'text')
    .addColumn('social_insurance_number', 'text')
    // External users: the company or organisation they come from.
    .addColumn('organization', 'text')
    .addColumn('note', 'text')
    .execute();
  await sql`alter table users add constraint users_board_dates_order
    check (offboard_date is null or onboard_date is null or offboard_date >= onboard_date)`.execute(db);
  await sql`alter table users add column search_text text generated always as
    (bo_unaccent(lower(first_name || ' ' || last_name || ' ' || last_name || ' ' || first_name || ' ' || email::text)))
    stored`.execute(db);

  // Every filter and sort of the employee list has an index; all of them skip deleted people.
  const live = sql`where deleted_at is null`;
  await sql`create index users_search_trgm_idx on users using gin (search_text gin_trgm_ops) ${live}`.execute(
    db,
  );
  await sql`create index users_type_status_idx on users (user_type, status) ${live}`.execute(db);
  await sql`create index users_department_idx on users (department_id) ${live}`.execute(db);
  await sql`create index users_contract_type_idx on users (contract_type) ${live}`.execute(db);
  await sql`create index users_onboard_idx on users (onboard_date, id) ${live}`.execute(db);
  await sql`create index users_first_name_idx on users (first_name, last_name, id) ${live}`.execute(db);
  await sql`create index users_created_idx on users (created_at, id) ${live}`.execute(db);
  await sql`create index users_email_sort_idx on users (email, id) ${live}`.execute(db);
  await sql`create index users_picker_idx on users (last_name, first_name, id)
    where deleted_at is null and status <> 'INACTIVE' and discord_account_id is not null`.execute(db);
  // The project filter looks people up by the project of their project roles.
  await sql`create index user_roles_project_idx on user_roles (project_id, user_id) where project_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('user_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('NDA_FILE','CONTRACT_FILE')`))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // One current document of each kind per person; replaced ones stay (soft-deleted) for the record.
  await sql`create unique index user_files_current_key on user_files (user_id, kind) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_files').ifExists().execute();
  await sql`drop index if exists user_roles_project_idx`.execute(db);
  await sql`alter table users drop constraint if exists users_board_dates_order`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('search_text')
    .dropColumn('user_type')
    .dropColumn('gender')
    .dropColumn('birthday')
    .dropColumn('phone_number')
    .dropColumn('address')
    .dropColumn('contract_type')
    .dropColumn('department_id')
    .dropColumn('onboard_date')
    .dropColumn('offboard_date')
    .dropColumn('discord_account_id')
    .dropColumn('bank_id')
    .dropColumn('bank_account_number')
    .dropColumn('id_card_number')
    .dropColumn('id_card_issue_date')
    .dropColumn('id_card_issue_authority')
    .dropColumn('social_insurance_number')
    .dropColumn('organization')
    .dropColumn('note')
    .execute();
  await db.schema.dropTable('banks').ifExists().execute();
  await db.schema.dropTable('departments').ifExists().execute();
  await sql`drop function if exists bo_unaccent(text)`.execute(db);
}
