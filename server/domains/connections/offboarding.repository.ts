import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** The offboarding checklist of a deactivated person: one item per account they were assigned. */

/**
 * Opens an item for every live account assigned to the person that has none yet (a second
 * deactivation adds only what is new). Providers whose module can remove a member get
 * REMOVE_VIA_API; the others (Jira, Outline, Figma) REMOVE_MANUALLY.
 */
export async function openItems(db: Db, userId: string, apiProviders: readonly string[]): Promise<number> {
  const accounts = await sql`
    insert into offboarding_items (user_id, provider_account_id, connection_id, provider, account_label, action)
    select s.user_id, a.id, c.id, c.provider, a.display_name || ' (' || a.username || ')',
      case when c.provider = any(${[...apiProviders]}::text[]) then 'REMOVE_VIA_API' else 'REMOVE_MANUALLY' end
    from provider_account_assignees s
    join provider_accounts a on a.id = s.provider_account_id and a.removed_at is null
    join connections c on c.id = a.connection_id and c.deleted_at is null
    where s.user_id = ${userId}::uuid
    on conflict do nothing`.execute(db);
  const jira = await sql`
    insert into offboarding_items (user_id, jira_account_id, connection_id, provider, account_label, action)
    select s.user_id, a.id, c.id, 'JIRA', a.display_name, 'REMOVE_MANUALLY'
    from jira_account_assignees s
    join jira_accounts a on a.id = s.jira_account_id and a.removed_at is null
    join connections c on c.id = a.connection_id and c.deleted_at is null
    where s.user_id = ${userId}::uuid
    on conflict do nothing`.execute(db);
  return Number(accounts.numAffectedRows ?? 0) + Number(jira.numAffectedRows ?? 0);
}

const itemQuery = (db: Db) =>
  db
    .selectFrom('offboarding_items as i')
    .leftJoin('provider_accounts as a', 'a.id', 'i.provider_account_id')
    .leftJoin('connections as c', 'c.id', 'i.connection_id')
    .select([
      'i.id',
      'i.user_id',
      'i.provider',
      'i.account_label',
      'i.action',
      'i.state',
      'i.result_code',
      'i.result_detail',
      'i.attempted_at',
      'i.closed_at',
      'i.created_at',
      'a.external_id',
      'a.username',
      'c.id as connection_id',
      'c.name as connection_name',
      'c.status as connection_status',
    ]);
export type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['execute']>>[number];

export const listItems = (db: Db, userId: string) =>
  itemQuery(db)
    .where('i.user_id', '=', userId)
    .orderBy('i.provider')
    .orderBy('i.account_label')
    .orderBy('i.id')
    .execute();

export const findItem = (db: Db, id: string) => itemQuery(db).where('i.id', '=', id).executeTakeFirst();

export const lockItem = (db: Db, id: string) =>
  db
    .selectFrom('offboarding_items')
    .select(['id', 'state'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export async function recordResult(
  db: Db,
  id: string,
  values: {
    state: 'DONE' | 'MANUAL' | 'FAILED';
    resultCode: string | null;
    resultDetail: string | null;
    closedBy?: string | null;
  },
): Promise<void> {
  await db
    .updateTable('offboarding_items')
    .set({
      state: values.state,
      result_code: values.resultCode,
      result_detail: values.resultDetail,
      attempted_at: new Date(),
      ...(values.state === 'DONE' && { closed_at: new Date(), closed_by: values.closedBy ?? null }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function closeItem(db: Db, id: string, closedBy: string | null): Promise<void> {
  await db
    .updateTable('offboarding_items')
    .set({
      state: 'DONE',
      closed_at: new Date(),
      closed_by: closedBy,
      result_code: 'CLOSED_BY_HAND',
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}
