import type { Db } from '../../db/connect.ts';
import { poolOf } from '../../db/connect.ts';
import { ACCOUNT_SETTING_DEFAULTS } from '../accounts/account-settings.ts';
import type { EnforcementKind } from '../devices/enforcement-types.ts';

export interface RequestSessionRow {
  id: string;
  email: string;
  language: string;
  password_expired: boolean;
  /** Security enforcements in force (blocks_at passed): OUTDATED_DEVICE, DEVICE, DISCORD (issue 19). */
  blocks: EnforcementKind[];
  /** The roles as JSON text (GrantRow[]): equal texts mean equal permissions, so callers can memoise. */
  grants_json: string;
}

const DEFAULT_MAX_AGE_DAYS = Number(ACCOUNT_SETTING_DEFAULTS['password.max_age_days']);

/**
 * Every authenticated call runs this: the live session, its active user, whether their password
 * expired, and the roles they hold with their permissions — one statement instead of two, and
 * **named**, so each pooled connection parses and plans it once (planning was most of its cost).
 * It must match `findLiveSession` + `listUserGrants`; `tests/api/request-actor.test.ts` holds the
 * two to the same answers (and `bench/scenarios/foundation.ts` runs this text as its baseline). Only this path is prepared: a generic plan suits its fixed shape, but a
 * prepared list query (with its search and filters) measured twice as slow.
 */
export const LIVE_SESSION_WITH_GRANTS = `
select u.id, u.email, u.language,
  coalesce((
    select max_age > 0 and u.password_changed_at + make_interval(days => max_age) <= now()
    from (select coalesce((select case when jsonb_typeof(value) = 'number'
      then floor((value #>> '{}')::numeric)::int end
      from app_settings where key = 'password.max_age_days'), ${DEFAULT_MAX_AGE_DAYS}::int) as max_age) m
  ), false) as password_expired,
  coalesce((select array_agg(e.type order by e.type) from security_enforcements e
    where e.user_id = u.id and e.blocks_at <= now()), '{}') as blocks,
  coalesce((
    select json_agg(json_build_object(
      'role_id', r.id, 'role_name', r.name, 'role_type', r.type, 'project_id', ur.project_id,
      'permissions', coalesce((select array_agg(rp.permission_key order by rp.permission_key)
        from role_permissions rp where rp.role_id = r.id), '{}')
    ) order by r.name)
    from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = u.id and r.status = 'ACTIVE' and r.deleted_at is null
  ), '[]')::text as grants_json
from sessions s join users u on u.id = s.user_id
where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now()
  and u.status = 'ACTIVE' and u.deleted_at is null`;

export async function findLiveSessionWithGrants(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<RequestSessionRow | undefined> {
  const result = await poolOf(db).query<RequestSessionRow>({
    name: 'auth.live-session-with-grants',
    text: LIVE_SESSION_WITH_GRANTS,
    values: [sessionId, userId],
  });
  return result.rows[0];
}
