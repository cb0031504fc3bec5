import { sql, type Kysely } from 'kysely';

/**
 * Invoices and vendors (spec sections 3-9): vendors the company pays, invoices and expenses people
 * submit with their attachments (the files live in the file storage; rows keep their keys), and the
 * PAYMENT_REJECTED notification beside the spec's PAYMENT_REQUEST and PAYMENT_MADE. Amounts are whole
 * VND in `bigint`.
 */

/** The notification types the check constraint allows now, read from the database itself. */
async function allowedTypes(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_constraintdef(oid) as definition from pg_constraint
    where conname = 'notifications_type_check' and conrelid = 'notifications'::regclass`.execute(db);
  return [...(rows[0]?.definition ?? '').matchAll(/'([A-Z_]+)'/g)].map((match) => match[1]!);
}

/** Replaces the constraint with one allowing `types`: branches that add their own types compose. */
async function allowTypes(db: Kysely<unknown>, types: readonly string[]): Promise<void> {
  const list = sql.join(types.map((type) => sql.lit(type)));
  await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
  await sql`alter table notifications add constraint notifications_type_check check (type in (${list}))`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vendors')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('tax_code', 'text', (c) => c.check(sql`tax_code ~ '^[0-9]{10}(-[0-9]{3})?$'`))
    .addColumn('website', 'text')
    .addColumn('address', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ACTIVE')
        .check(sql`status in ('ACTIVE','INACTIVE')`),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // One live vendor per tax code: the duplicate check, and what two saves at once cannot both pass.
  await sql`create unique index vendors_tax_code_key on vendors (tax_code)
    where deleted_at is null and tax_code is not null`.execute(db);
  await sql`create index vendors_name_idx on vendors (lower(name), id) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('invoice_date', 'date', (c) => c.notNull())
    .addColumn('reference_id', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('category', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`category in ('OFFICE_SUPPLIES','TEAM_BUILDING','SOFTWARE_TOOL','TRAVEL_EXPENSE','DEVICES','OTHER')`,
        ),
    )
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('COMPANY','PERSONAL')`))
    .addColumn('vendor_id', 'uuid', (c) => c.references('vendors.id'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING','PAID','REJECTED')`),
    )
    .addColumn('payment_date', 'date')
    .addColumn('rejection_reason', 'text')
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('search_text', 'text', (c) =>
      c.generatedAlwaysAs(sql`bo_unaccent(lower(name || ' ' || coalesce(reference_id, '')))`).stored(),
    )
    // The service checks these with clear messages; the database holds them whatever writes.
    .addCheckConstraint('invoices_paid_has_date', sql`(status = 'PAID') = (payment_date is not null)`)
    .addCheckConstraint(
      'invoices_payment_after_invoice',
      sql`payment_date is null or payment_date >= invoice_date`,
    )
    .addCheckConstraint(
      'invoices_rejected_has_reason',
      sql`status <> 'REJECTED' or rejection_reason is not null`,
    )
    .execute();
  await sql`create index invoices_user_idx on invoices (user_id, created_at desc, id)`.execute(db);
  await sql`create index invoices_status_idx on invoices (status, created_at, id)`.execute(db);
  await sql`create index invoices_vendor_idx on invoices (vendor_id) where vendor_id is not null`.execute(db);
  await sql`create index invoices_search_trgm_idx on invoices using gin (search_text gin_trgm_ops)`.execute(
    db,
  );
  // The report reads a range of invoice dates and sums amounts per category, kind, vendor or person.
  await sql`create index invoices_report_idx on invoices (invoice_date)
    include (status, category, kind, vendor_id, user_id, amount)`.execute(db);

  await db.schema
    .createTable('invoice_attachments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('invoice_id', 'uuid', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) =>
      c.notNull().check(sql`content_type in ('application/pdf','image/png','image/jpeg')`),
    )
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes > 0`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    // The order the files were sent in (several arrive in one statement, with one created_at).
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index invoice_attachments_invoice_idx on invoice_attachments (invoice_id, created_at, position, id)`.execute(
    db,
  );

  const types = await allowedTypes(db);
  if (!types.includes('PAYMENT_REJECTED')) await allowTypes(db, [...types, 'PAYMENT_REJECTED']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where type = 'PAYMENT_REJECTED'`.execute(db);
  await allowTypes(
    db,
    (await allowedTypes(db)).filter((type) => type !== 'PAYMENT_REJECTED'),
  );
  for (const table of ['invoice_attachments', 'invoices', 'vendors'])
    await db.schema.dropTable(table).ifExists().execute();
}
