import { sql, type Kysely } from 'kysely';

/**
 * The built-in HR role also holds every permission of the built-in User role. HR staff are employees
 * too, and under "nobody acts on someone above them" an HR person who lacked the everyday
 * permissions every new employee starts with (User) could not edit, deactivate or re-invite them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into role_permissions (role_id, permission_key)
    select hr.id, up.permission_key
    from roles hr
    join roles u on u.built_in_key = 'user'
    join role_permissions up on up.role_id = u.id
    where hr.built_in_key = 'hr'
    on conflict do nothing`.execute(db);
}

export async function down(): Promise<void> {
  // The added grants cannot be told apart from ones an administrator gave HR later: kept.
}
