import { sql, type Kysely } from 'kysely';

/**
 * Recruitment (spec sections 1-2; the entities are designed here, see README "Recruitment"):
 * hiring campaigns with their hiring team, pipeline stages and scorecard criteria; candidates (one
 * row per person, by email) and their PDF resumes with the extracted text; applications (a
 * candidate in a campaign, at one stage: unique per campaign, which makes a candidate's email
 * unique per campaign); the stage moves with their reasons; interview feedback scored per criterion.
 *
 * Resume search is full text, accent-insensitive: `search_vector` is the `simple` configuration
 * over the text lower-cased and without accents (`bo_unaccent`, as the employee list), so "nguyen"
 * finds "Nguyễn"; a GIN index serves it.
 */

const NEW_NOTIFICATION_TYPES = ['HIRING_NEW_CANDIDATE', 'HIRING_FEEDBACK_DUE'];

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
    .createTable('hiring_campaigns')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('department_id', 'uuid', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('openings', 'integer', (c) => c.notNull().check(sql`openings between 1 and 1000`))
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('DRAFT')
        .check(sql`status in ('DRAFT','OPEN','ON_HOLD','CLOSED')`),
    )
    .addColumn('opens_on', 'date')
    .addColumn('closes_on', 'date')
    .addColumn('feedback_due_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(3)
        .check(sql`feedback_due_days between 1 and 30`),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint(
      'hiring_campaigns_dates_check',
      sql`closes_on is null or opens_on is null or closes_on >= opens_on`,
    )
    .execute();
  await sql`create index hiring_campaigns_status_idx on hiring_campaigns (status, created_at desc, id)
    where deleted_at is null`.execute(db);
  await sql`create index hiring_campaigns_position_trgm_idx on hiring_campaigns
    using gin (bo_unaccent(lower(position)) gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('hiring_team_members')
    .addColumn('campaign_id', 'uuid', (c) =>
      c.notNull().references('hiring_campaigns.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('hiring_team_members_pkey', ['campaign_id', 'user_id'])
    .execute();
  // "Which campaigns is this person on?" (the list a hiring-team member sees).
  await sql`create index hiring_team_members_user_idx on hiring_team_members (user_id)`.execute(db);

  await db.schema
    .createTable('hiring_stages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('campaign_id', 'uuid', (c) =>
      c.notNull().references('hiring_campaigns.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('APPLIED','SCREENING','INTERVIEW','OFFER','HIRED','REJECTED')`),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await sql`create index hiring_stages_campaign_idx on hiring_stages (campaign_id, position)`.execute(db);

  await db.schema
    .createTable('hiring_criteria')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('campaign_id', 'uuid', (c) =>
      c.notNull().references('hiring_campaigns.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scale_max', 'integer', (c) => c.notNull().check(sql`scale_max between 2 and 10`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await sql`create index hiring_criteria_campaign_idx on hiring_criteria (campaign_id, position)`.execute(db);

  await db.schema
    .createTable('candidates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', sql`citext`, (c) => c.notNull().unique())
    .addColumn('phone', 'text')
    .addColumn('source', 'text', (c) =>
      c
        .notNull()
        .check(sql`source in ('REFERRAL','JOB_BOARD','LINKEDIN','COMPANY_WEBSITE','AGENCY','OTHER')`),
    )
    .addColumn('links', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table candidates add column search_text text generated always as
    (bo_unaccent(lower(first_name || ' ' || last_name || ' ' || last_name || ' ' || first_name || ' ' || email::text))) stored`.execute(
    db,
  );
  await sql`create index candidates_search_trgm_idx on candidates using gin (search_text gin_trgm_ops)`.execute(
    db,
  );

  await db.schema
    .createTable('candidate_resumes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('candidate_id', 'uuid', (c) => c.notNull().references('candidates.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table candidate_resumes add column search_vector tsvector generated always as
    (to_tsvector('simple'::regconfig, bo_unaccent(lower(text)))) stored`.execute(db);
  await sql`create index candidate_resumes_search_idx on candidate_resumes using gin (search_vector)`.execute(
    db,
  );
  await sql`create index candidate_resumes_candidate_idx on candidate_resumes (candidate_id, created_at desc)`.execute(
    db,
  );
  await sql`create index candidate_resumes_recent_idx on candidate_resumes (created_at desc, id)`.execute(db);

  await db.schema
    .createTable('hiring_applications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('campaign_id', 'uuid', (c) =>
      c.notNull().references('hiring_campaigns.id').onDelete('cascade'),
    )
    .addColumn('candidate_id', 'uuid', (c) => c.notNull().references('candidates.id').onDelete('cascade'))
    .addColumn('stage_id', 'uuid', (c) => c.notNull().references('hiring_stages.id').onDelete('restrict'))
    .addColumn('resume_id', 'uuid', (c) => c.references('candidate_resumes.id').onDelete('set null'))
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('moved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('hired_employee_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('hiring_applications_campaign_candidate_key', ['campaign_id', 'candidate_id'])
    .execute();
  await sql`create index hiring_applications_board_idx on hiring_applications (campaign_id, stage_id, moved_at, id)`.execute(
    db,
  );
  await sql`create index hiring_applications_candidate_idx on hiring_applications (candidate_id)`.execute(db);

  await db.schema
    .createTable('hiring_stage_moves')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('application_id', 'uuid', (c) =>
      c.notNull().references('hiring_applications.id').onDelete('cascade'),
    )
    .addColumn('from_stage_id', 'uuid', (c) => c.references('hiring_stages.id').onDelete('set null'))
    .addColumn('to_stage_id', 'uuid', (c) => c.references('hiring_stages.id').onDelete('set null'))
    .addColumn('from_name', 'text')
    .addColumn('to_name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('moved_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('moved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index hiring_stage_moves_application_idx on hiring_stage_moves (application_id, moved_at)`.execute(
    db,
  );

  await db.schema
    .createTable('hiring_feedback')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('application_id', 'uuid', (c) =>
      c.notNull().references('hiring_applications.id').onDelete('cascade'),
    )
    .addColumn('stage_id', 'uuid', (c) => c.notNull().references('hiring_stages.id').onDelete('restrict'))
    .addColumn('interviewer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recommendation', 'text', (c) =>
      c.notNull().check(sql`recommendation in ('STRONG_YES','YES','NO','STRONG_NO')`),
    )
    .addColumn('comment', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('hiring_feedback_one_per_round_key', [
      'application_id',
      'stage_id',
      'interviewer_id',
    ])
    .execute();

  await db.schema
    .createTable('hiring_feedback_scores')
    .addColumn('feedback_id', 'uuid', (c) => c.notNull().references('hiring_feedback.id').onDelete('cascade'))
    .addColumn('criterion_id', 'uuid', (c) =>
      c.notNull().references('hiring_criteria.id').onDelete('restrict'),
    )
    .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 1 and 10`))
    .addPrimaryKeyConstraint('hiring_feedback_scores_pkey', ['feedback_id', 'criterion_id'])
    .execute();
  await sql`create index hiring_feedback_scores_criterion_idx on hiring_feedback_scores (criterion_id)`.execute(
    db,
  );

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
  for (const table of [
    'hiring_feedback_scores',
    'hiring_feedback',
    'hiring_stage_moves',
    'hiring_applications',
    'candidate_resumes',
    'candidates',
    'hiring_criteria',
    'hiring_stages',
    'hiring_team_members',
    'hiring_campaigns',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
