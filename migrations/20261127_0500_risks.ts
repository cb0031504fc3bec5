import { sql, type Kysely } from 'kysely';

/**
 * The ISO 27001 risk register (spec section 2-9): risks on assets, their three steps as one state
 * (shared/rules/risk-workflow.ts), and residual risks (a risk with `parent_risk_id`, going through
 * the same steps). The level (impact × likelihood × the asset value's band) is stored so the
 * register filters and sorts on it; changing the asset's labels recomputes it.
 *
 * `overdue_flagged_for` and `review_flagged_for` remember the date the worker last flagged, so each
 * treatment plan's due date and each acceptance's review date is flagged once.
 */

const NEW_NOTIFICATION_TYPES = ['RISK_TREATMENT_OVERDUE', 'RISK_REVIEW_DUE'];

async function allowedNotificationTypes(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_constraintdef(oid) as definition from pg_constraint
    where conname = 'notifications_type_check' and conrelid = 'notifications'::regclass`.execute(db);
  return [...(rows[0]?.definition ?? '').matchAll(/'([A-Z_]+)'/g)].map((match) => match[1]!);
}

async function setNotificationTypes(db: Kysely<unknown>, types: readonly string[]): Promise<void> {
  await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
  await sql`alter table notifications add constraint notifications_type_check
    check (type in (${sql.join(types.map((type) => sql.lit(type)))}))`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('risks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('parent_risk_id', 'uuid', (c) => c.references('risks.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('threats', 'text')
    .addColumn('vulnerabilities', 'text')
    .addColumn('current_controls', 'text')
    .addColumn('reference_clause', 'text')
    .addColumn('impact', 'smallint', (c) => c.notNull().check(sql`impact between 1 and 4`))
    .addColumn('likelihood', 'smallint', (c) => c.notNull().check(sql`likelihood between 1 and 4`))
    .addColumn('asset_id', 'uuid', (c) => c.notNull().references('assets.id').onDelete('restrict'))
    .addColumn('asset_band', 'text', (c) => c.notNull().check(sql`asset_band in ('LOW','MEDIUM','HIGH')`))
    .addColumn('risk_level', 'smallint', (c) => c.notNull().check(sql`risk_level between 1 and 48`))
    .addColumn('risk_owner_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('implementing_team', 'text')
    .addColumn('iso_team', 'text')
    .addColumn('treatment_method', 'text', (c) => c.check(sql`treatment_method in ('ACCEPT','MITIGATE')`))
    .addColumn('control_measures', 'text')
    .addColumn('action_plan', 'text')
    .addColumn('expected_completion_date', 'date')
    .addColumn('actual_progress', 'text')
    .addColumn('rejection_reason', 'text')
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('IDENTIFICATION_IN_PROGRESS')
        .check(
          sql`state in ('IDENTIFICATION_IN_PROGRESS','IDENTIFICATION_REVIEW','TREATMENT_IN_PROGRESS',
            'TREATMENT_REVIEW','MONITORING_IN_PROGRESS','MONITORING_REVIEW','CLOSED')`,
        ),
    )
    .addColumn('submitted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('review_due_date', 'date')
    .addColumn('overdue_flagged_for', 'date')
    .addColumn('review_flagged_for', 'date')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // The register's default order (highest level first) and its filters.
  await sql`create index risks_level_idx on risks (risk_level desc, id) where deleted_at is null`.execute(db);
  await sql`create index risks_state_idx on risks (state, risk_level desc, id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index risks_asset_idx on risks (asset_id) where deleted_at is null`.execute(db);
  await sql`create index risks_parent_idx on risks (parent_risk_id) where parent_risk_id is not null`.execute(
    db,
  );
  // The worker's two questions: open mitigation plans past their date, acceptances due for review.
  await sql`create index risks_plan_due_idx on risks (expected_completion_date)
    where deleted_at is null and treatment_method = 'MITIGATE' and state <> 'CLOSED'`.execute(db);
  await sql`create index risks_review_due_idx on risks (review_due_date)
    where deleted_at is null and review_due_date is not null`.execute(db);

  const types = await allowedNotificationTypes(db);
  await setNotificationTypes(db, [...types, ...NEW_NOTIFICATION_TYPES.filter((t) => !types.includes(t))]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where type in (${sql.join(NEW_NOTIFICATION_TYPES)})`.execute(db);
  const types = await allowedNotificationTypes(db);
  await setNotificationTypes(
    db,
    types.filter((type) => !NEW_NOTIFICATION_TYPES.includes(type)),
  );
  await db.schema.dropTable('risks').ifExists().execute();
}
