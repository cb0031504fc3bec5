import { sql } from 'kysely';
import { poolOf, type Db } from '../../db/connect.ts';

/**
 * SQL of the provider's storage: `oidc_payloads` (every oidc-provider model, keyed by model and id)
 * and `oidc_signing_keys`. Only the adapter (oidc-adapter.ts), the key store and the clean-up job use it.
 */

export interface StoredPayload {
  payload: Record<string, unknown>;
  consumed_at: Date | null;
}

export interface PayloadWrite {
  model: string;
  id: string;
  payload: Record<string, unknown>;
  expiresAt: Date | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/*
 * The provider's hot path (every token, userinfo and revocation call) is sent as **named**
 * statements through the pool (as `request-actor.repository.ts` does): each pooled connection parses
 * and plans them once, and no query builder runs per call.
 */

const UUID_PATTERN = `'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`;

/**
 * The person as an app sees them: active or not, allowed to use the app (a member, or in one of its
 * groups), and the names of the app's groups they are in (the `groups` claim).
 */
const accountForClient = (userId: string, clientId: string) => `
  select u.id, u.email, u.first_name, u.last_name, u.avatar_url,
    (u.status = 'ACTIVE' and u.deleted_at is null) as active,
    coalesce(exists (select 1 from sso_connection_members m where m.connection_id = c.id and m.user_id = u.id)
      or exists (select 1 from sso_group_members gm join sso_groups g on g.id = gm.group_id
                 where g.connection_id = c.id and gm.user_id = u.id), false) as allowed,
    coalesce((select array_agg(g.name order by g.name) from sso_groups g
              join sso_group_members gm on gm.group_id = g.id
              where g.connection_id = c.id and gm.user_id = u.id), '{}') as groups
  from users u
  left join sso_connections c on c.client_id = ${clientId} and c.deleted_at is null
  where u.id = ${userId}`;

export const FIND_ACCOUNT_FOR_CLIENT = accountForClient('$1::uuid', '$2::text');

/**
 * A token (code, access or refresh token), its grant and its person in one round trip instead of
 * three: the provider asks for the grant and the account right after the token. Expired grants are
 * not found, as in `findPayload`.
 */
export const FIND_TOKEN_WITH_GRANT_AND_ACCOUNT = `
select t.payload, t.consumed_at, t.grant_id, t.account_id, t.client_id,
  g.payload as grant_payload,
  a.id as a_id, a.email as a_email, a.first_name as a_first_name, a.last_name as a_last_name,
  a.avatar_url as a_avatar_url, a.active as a_active, a.allowed as a_allowed, a.groups as a_groups
from oidc_payloads t
left join oidc_payloads g on g.model = 'Grant' and g.id = t.grant_id
  and (g.expires_at is null or g.expires_at > now())
left join lateral (${accountForClient(
  `case when t.account_id ~* ${UUID_PATTERN} then t.account_id::uuid end`,
  't.client_id',
)}) a on true
where t.model = $1 and t.id = $2 and (t.expires_at is null or t.expires_at > now())`;

const FIND_BY = (column: string) => `
select payload, consumed_at from oidc_payloads
where model = $1 and ${column} = $2 and (expires_at is null or expires_at > now())
limit 1`;

const UPSERT = `
insert into oidc_payloads (model, id, payload, grant_id, uid, user_code, account_id, client_id, expires_at)
values ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9)
on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
  uid = excluded.uid, user_code = excluded.user_code, account_id = excluded.account_id,
  client_id = excluded.client_id, expires_at = excluded.expires_at`;

/** Atomic: of two callers at once only one gets a row back (the other waits for its lock, then finds it used). */
const CONSUME = `
update oidc_payloads set consumed_at = now()
where model = $1 and id = $2 and consumed_at is null
returning grant_id`;

const GRANT_OF = `select grant_id from oidc_payloads where model = $1 and id = $2`;

/** Rows to write, one array per column (one statement whatever their number). */
const WRITE_ROWS = `
  select r.model, r.id, r.payload::jsonb, r.grant_id, r.uid, r.user_code, r.account_id, r.client_id, r.expires_at
  from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
              $11::timestamptz[])
    as r(model, id, payload, grant_id, uid, user_code, account_id, client_id, expires_at)`;

const ON_CONFLICT = `
on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
  uid = excluded.uid, user_code = excluded.user_code, account_id = excluded.account_id,
  client_id = excluded.client_id, expires_at = excluded.expires_at`;

/**
 * A code exchange's writes in one statement (one round trip, one commit): the code is consumed
 * (atomically, as in CONSUME) and the tokens are written **only if this statement consumed it** — a
 * concurrent exchange of the same code that lost writes nothing. Data-modifying CTEs always run to
 * completion; `consumed` tells the caller whether it won.
 */
const CONSUME_AND_WRITE = `
with consumed as (
  update oidc_payloads set consumed_at = now()
  where model = $1 and id = $2 and consumed_at is null
  returning 1
), written as (
  insert into oidc_payloads (model, id, payload, grant_id, uid, user_code, account_id, client_id, expires_at)
  ${WRITE_ROWS}
  where exists (select 1 from consumed)
  ${ON_CONFLICT}
  returning 1
)
select exists (select 1 from consumed) as consumed, (select count(*) from written)::int as written`;

/** Tokens written without a code to consume (a refresh): the same rows, $1 and $2 unused but typed. */
const WRITE_ONLY = `
with written as (
  insert into oidc_payloads (model, id, payload, grant_id, uid, user_code, account_id, client_id, expires_at)
  ${WRITE_ROWS}
  where $1::text is null and $2::text is null
  ${ON_CONFLICT}
  returning 1
)
select true as consumed, (select count(*) from written)::int as written`;

export async function upsertPayload(db: Db, write: PayloadWrite): Promise<void> {
  const { payload } = write;
  await poolOf(db).query({
    name: 'oidc.upsert-payload',
    text: UPSERT,
    values: [
      write.model,
      write.id,
      JSON.stringify(payload),
      text(payload.grantId),
      text(payload.uid),
      text(payload.userCode),
      text(payload.accountId),
      text(payload.clientId),
      write.expiresAt,
    ],
  });
}

/** A live (unexpired) payload by one of its keys. */
export async function findPayload(
  db: Db,
  model: string,
  by: { id: string } | { uid: string } | { userCode: string },
): Promise<StoredPayload | undefined> {
  const [name, column, value] =
    'id' in by
      ? ['oidc.find-by-id', 'id', by.id]
      : 'uid' in by
        ? ['oidc.find-by-uid', 'uid', by.uid]
        : ['oidc.find-by-user-code', 'user_code', by.userCode];
  const result = await poolOf(db).query<StoredPayload>({
    name,
    text: FIND_BY(column),
    values: [model, value],
  });
  return result.rows[0];
}

export interface AccountForClientRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  active: boolean;
  allowed: boolean;
  groups: string[];
}

export async function findAccountForClient(
  db: Db,
  userId: string,
  clientId: string | null,
): Promise<AccountForClientRow | undefined> {
  const result = await poolOf(db).query<AccountForClientRow>({
    name: 'oidc.account-for-client',
    text: FIND_ACCOUNT_FOR_CLIENT,
    values: [userId, clientId],
  });
  return result.rows[0];
}

export interface TokenWithGrantAndAccount extends StoredPayload {
  grant_id: string | null;
  account_id: string | null;
  client_id: string | null;
  grant: Record<string, unknown> | null;
  account: AccountForClientRow | null;
}

export async function findTokenWithGrantAndAccount(
  db: Db,
  model: string,
  id: string,
): Promise<TokenWithGrantAndAccount | undefined> {
  const result = await poolOf(db).query({
    name: 'oidc.find-token-with-grant-and-account',
    text: FIND_TOKEN_WITH_GRANT_AND_ACCOUNT,
    values: [model, id],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    payload: row.payload,
    consumed_at: row.consumed_at,
    grant_id: row.grant_id,
    account_id: row.account_id,
    client_id: row.client_id,
    grant: row.grant_payload,
    account: row.a_id
      ? {
          id: row.a_id,
          email: row.a_email,
          first_name: row.a_first_name,
          last_name: row.a_last_name,
          avatar_url: row.a_avatar_url,
          active: row.a_active,
          allowed: row.a_allowed,
          groups: row.a_groups,
        }
      : null,
  };
}

/**
 * Marks a code or token used (a reused code is then refused). Answers whether this call did: false
 * when it was already used, expired or gone — with the grant it belonged to, to revoke.
 */
export async function consumePayload(
  db: Db,
  model: string,
  id: string,
): Promise<{ consumed: boolean; grantId: string | null }> {
  const pool = poolOf(db);
  const result = await pool.query<{ grant_id: string | null }>({
    name: 'oidc.consume-payload',
    text: CONSUME,
    values: [model, id],
  });
  if (result.rows[0]) return { consumed: true, grantId: result.rows[0].grant_id };
  const lost = await pool.query<{ grant_id: string | null }>({
    name: 'oidc.grant-of-payload',
    text: GRANT_OF,
    values: [model, id],
  });
  return { consumed: false, grantId: lost.rows[0]?.grant_id ?? null };
}

/**
 * Writes a token request's tokens in one statement; with `consume`, consumes that code in the same
 * statement and writes the tokens only if this call consumed it. Answers whether it did (always
 * true without `consume`).
 */
export async function writeTokens(
  db: Db,
  consume: { model: string; id: string } | undefined,
  writes: readonly PayloadWrite[],
): Promise<boolean> {
  const columns = (pick: (write: PayloadWrite) => unknown) => writes.map(pick);
  const result = await poolOf(db).query<{ consumed: boolean; written: number }>({
    name: consume ? 'oidc.consume-and-write-tokens' : 'oidc.write-tokens',
    text: consume ? CONSUME_AND_WRITE : WRITE_ONLY,
    values: [
      consume?.model ?? null,
      consume?.id ?? null,
      columns((write) => write.model),
      columns((write) => write.id),
      columns((write) => JSON.stringify(write.payload)),
      columns((write) => text(write.payload.grantId)),
      columns((write) => text(write.payload.uid)),
      columns((write) => text(write.payload.userCode)),
      columns((write) => text(write.payload.accountId)),
      columns((write) => text(write.payload.clientId)),
      columns((write) => write.expiresAt),
    ],
  });
  return result.rows[0]!.consumed;
}

export async function deletePayload(db: Db, model: string, id: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('model', '=', model).where('id', '=', id).execute();
}

/** Everything issued under a grant: its codes, tokens and the grant itself. */
export async function deleteByGrantId(db: Db, grantId: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
}

/** A grant revoked whole (a code used twice): the grant and everything issued under it. */
export async function revokeGrant(db: Db, grantId: string): Promise<void> {
  await db
    .deleteFrom('oidc_payloads')
    .where((eb) =>
      eb.or([eb('grant_id', '=', grantId), eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)])]),
    )
    .execute();
}

/**
 * Everything a person holds with the apps (all of them, or the listed clients): grants, codes,
 * access and refresh tokens. Sessions stay (they are the person's Backoffice sign-in for apps).
 */
export async function deleteAccountGrants(
  db: Db,
  accountId: string,
  clientIds?: readonly string[],
): Promise<number> {
  if (clientIds && clientIds.length === 0) return 0;
  // Grants, codes and tokens all carry the account and the client; sessions and interactions do not count.
  let query = db
    .deleteFrom('oidc_payloads')
    .where('account_id', '=', accountId)
    .where('model', 'not in', ['Session', 'Interaction']);
  if (clientIds) query = query.where('client_id', 'in', clientIds);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes what has expired, a batch at a time (the clean-up job). */
export async function deleteExpiredPayloads(db: Db, limit: number): Promise<number> {
  const result = await sql<{ count: number }>`
    with doomed as (
      select model, id from oidc_payloads where expires_at < now() limit ${limit}
    )
    delete from oidc_payloads p using doomed d where p.model = d.model and p.id = d.id`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export function listSigningKeys(db: Db) {
  return db
    .selectFrom('oidc_signing_keys')
    .selectAll()
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('kid')
    .execute();
}

export async function insertSigningKey(db: Db, kid: string, keyCiphertext: string): Promise<void> {
  await db.insertInto('oidc_signing_keys').values({ kid, key_ciphertext: keyCiphertext }).execute();
}

/** Retires every key but the newest `keep` (they stay readable for tokens signed before). */
export async function retireOldSigningKeys(db: Db, keep: number): Promise<string[]> {
  const rows = await sql<{ kid: string }>`
    update oidc_signing_keys set retired_at = now()
    where retired_at is null and kid not in (
      select kid from oidc_signing_keys where retired_at is null order by created_at desc, kid limit ${keep}
    )
    returning kid`.execute(db);
  return rows.rows.map((row) => row.kid);
}

/** A lock so two processes starting at once on an empty table make one key, not two. */
export async function lockSigningKeys(db: Db): Promise<void> {
  await sql`lock table oidc_signing_keys in share row exclusive mode`.execute(db);
}
