import { sql, type Kysely } from 'kysely';

/**
 * Closing live connections when access ends. Whatever code revokes a session or deactivates a
 * person, these triggers announce it on the `bo_session_ended` channel; every server closes the
 * matching websockets. NOTIFY is transactional: a rolled-back revocation announces nothing.
 * Payloads: `s:<session id>` (one session revoked) or `u:<user id>` (the person lost access).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function realtime_session_revoked() returns trigger language plpgsql as $$
    begin
      perform pg_notify('bo_session_ended', 's:' || new.id::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger sessions_revoked_realtime
      after update of revoked_at on sessions
      for each row when (old.revoked_at is null and new.revoked_at is not null)
      execute function realtime_session_revoked()`.execute(db);

  await sql`
    create function realtime_user_deactivated() returns trigger language plpgsql as $$
    begin
      perform pg_notify('bo_session_ended', 'u:' || new.id::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_deactivated_realtime
      after update of status, deleted_at on users
      for each row when (
        old.status = 'ACTIVE' and old.deleted_at is null
        and (new.status <> 'ACTIVE' or new.deleted_at is not null))
      execute function realtime_user_deactivated()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists users_deactivated_realtime on users`.execute(db);
  await sql`drop function if exists realtime_user_deactivated()`.execute(db);
  await sql`drop trigger if exists sessions_revoked_realtime on sessions`.execute(db);
  await sql`drop function if exists realtime_session_revoked()`.execute(db);
}
