import { randomBytes } from 'node:crypto';
import type { FieldProblem } from '../../../shared/errors.ts';
import type { SsoConnection, SsoConnectionBody, SsoConnectionQuery } from '../../../shared/sso.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { connectionsKey } from '../connections/connection-secrets.ts';
import { encryptToken } from '../connections/token-crypto.ts';
import { forgetClient } from './oidc-client-cache.ts';
import { revokeRemovedPeople } from './sso-grants.ts';
import { ssoPolicy } from './sso.policy.ts';
import * as repo from './sso.repository.ts';
import { endpointsOf, toPerson } from './sso-views.ts';

const newClientId = () => `bo_${randomBytes(12).toString('base64url')}`;
const newClientSecret = () => randomBytes(32).toString('base64url');

/** An app's address: http(s), no credentials, no fragment (OpenID forbids one in a redirect uri). */
function badAddress(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return !['http:', 'https:'].includes(url.protocol) || !!url.username || !!url.password || !!url.hash;
  } catch {
    return true;
  }
}

async function checkBody(ctx: ServiceContext, input: SsoConnectionBody): Promise<void> {
  const problems: FieldProblem[] = [];
  if (badAddress(input.url)) problems.push({ field: 'url', code: 'url' });
  if (badAddress(input.callbackUrl)) problems.push({ field: 'callbackUrl', code: 'url' });
  input.redirectUris.forEach((uri, i) => {
    if (badAddress(uri)) problems.push({ field: `redirectUris.${i}`, code: 'url' });
  });
  input.postLogoutRedirectUris.forEach((uri, i) => {
    if (badAddress(uri)) problems.push({ field: `postLogoutRedirectUris.${i}`, code: 'url' });
  });
  const seen = new Set<string>();
  input.groups.forEach((group, i) => {
    const key = group.name.trim().toLowerCase();
    if (seen.has(key)) problems.push({ field: `groups.${i}.name`, code: 'ssoGroupExists' });
    seen.add(key);
  });
  const people = [...input.memberIds, ...input.groups.flatMap((group) => group.memberIds)];
  const found = new Set(
    (await repo.findPeople(ctx.db, people)).filter((row) => row.status === 'ACTIVE').map((row) => row.id),
  );
  input.memberIds.forEach((id, i) => {
    if (!found.has(id)) problems.push({ field: `memberIds.${i}`, code: 'unknownPerson' });
  });
  input.groups.forEach((group, g) =>
    group.memberIds.forEach((id, i) => {
      if (!found.has(id)) problems.push({ field: `groups.${g}.memberIds.${i}`, code: 'unknownPerson' });
    }),
  );
  if (problems.length) throw validationError(problems);
}

function duplicateName(error: unknown): unknown {
  return isUniqueViolation(error, 'sso_connections_name_key')
    ? new AppError('ALREADY_EXISTS', {
        params: { field: 'name' },
        details: [{ field: 'name', code: 'alreadyExists', message: '' }],
      })
    : error;
}

const columnsOf = (input: SsoConnectionBody) => ({
  name: input.name.trim(),
  url: input.url.trim(),
  callback_url: input.callbackUrl.trim(),
  redirect_uris: [...new Set(input.redirectUris.map((uri) => uri.trim()))],
  post_logout_redirect_uris: [...new Set(input.postLogoutRedirectUris.map((uri) => uri.trim()))],
  client_type: input.clientType,
  response_types: [...input.responseTypes],
  grant_types: [...input.grantTypes],
});

async function requireConnection(ctx: ServiceContext, id: string, options: { lock?: boolean } = {}) {
  const row = await repo.findConnection(ctx.db, id, options);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function toConnection(ctx: ServiceContext, row: repo.SsoConnectionRecord, clientSecret?: string) {
  const [groups, members] = await Promise.all([
    repo.listGroups(ctx.db, row.id),
    repo.listMembers(ctx.db, row.id),
  ]);
  const connection: SsoConnection = {
    id: row.id,
    name: row.name,
    url: row.url,
    callbackUrl: row.callback_url,
    redirectUris: row.redirect_uris,
    postLogoutRedirectUris: row.post_logout_redirect_uris,
    clientType: row.client_type,
    responseTypes: row.response_types,
    grantTypes: row.grant_types,
    groups: groups.map((group) => ({ id: group.id, name: group.name, members: group.members.map(toPerson) })),
    members: members.map(toPerson),
    clientId: row.client_id,
    secretRotatedAt: row.secret_rotated_at?.toISOString() ?? null,
    endpoints: endpointsOf(ctx.config),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
  return clientSecret ? { ...connection, clientSecret } : connection;
}

/** What the audit trail keeps of a connection (never its secret). */
async function snapshot(ctx: ServiceContext, id: string) {
  const row = await requireConnection(ctx, id);
  const { client_secret_ciphertext: _secret, ...rest } = row;
  return { ...rest, groups: await repo.listGroups(ctx.db, id), members: await repo.listMembers(ctx.db, id) };
}

/** Lists the OpenID connections by name. */
export async function listSsoConnections(ctx: ServiceContext, query: SsoConnectionQuery) {
  ssoPolicy.authorize(ctx.actor, 'manage', undefined);
  return paginate(
    query,
    (window) => repo.listConnections(ctx.db, { search: query.search }, window),
    (row) => ({
      id: row.id,
      name: row.name,
      url: row.url,
      clientId: row.client_id,
      clientType: row.client_type,
      memberCount: row.member_count ?? 0,
      pendingRequestCount: row.pending_request_count ?? 0,
      createdAt: row.created_at.toISOString(),
    }),
  );
}

/** One OpenID connection with its groups, people and endpoint addresses (never its secret). */
export async function getSsoConnection(ctx: ServiceContext, id: string): Promise<SsoConnection> {
  ssoPolicy.authorize(ctx.actor, 'manage', undefined);
  return toConnection(ctx, await requireConnection(ctx, id));
}

/** Registers an app: issues its client id and, for a confidential app, a secret shown this once. */
export async function createSsoConnection(
  ctx: ServiceContext,
  input: SsoConnectionBody,
): Promise<SsoConnection> {
  ssoPolicy.authorize(ctx.actor, 'manage', undefined);
  await checkBody(ctx, input);
  const key = input.clientType === 'CONFIDENTIAL' ? await connectionsKey(ctx) : null;
  return inTransaction(ctx, async (tx) => {
    const clientId = newClientId();
    const secret = key ? newClientSecret() : undefined;
    const id = await repo
      .insertConnection(tx.db, {
        ...columnsOf(input),
        client_id: clientId,
        client_secret_ciphertext: key && secret ? encryptToken(key, clientId, secret) : null,
        created_by: tx.actor.id,
      })
      .catch((error) => Promise.reject(duplicateName(error)));
    await repo.replaceGroups(
      tx.db,
      id,
      input.groups.map((g) => ({ name: g.name.trim(), memberIds: g.memberIds })),
    );
    await repo.replaceMembers(tx.db, id, input.memberIds);
    await recordAudit(tx, {
      action: 'sso_connection.created',
      entityType: 'sso_connection',
      entityId: id,
      after: await snapshot(tx, id),
    });
    return toConnection(tx, await requireConnection(tx, id), secret);
  });
}

/**
 * Changes an app. People who lose access (off its list and out of its groups) lose their grants and
 * tokens for it in the same transaction.
 */
export async function updateSsoConnection(
  ctx: ServiceContext,
  id: string,
  input: SsoConnectionBody,
): Promise<SsoConnection> {
  ssoPolicy.authorize(ctx.actor, 'manage', undefined);
  await checkBody(ctx, input);
  const key = input.clientType === 'CONFIDENTIAL' ? await connectionsKey(ctx) : null;
  return inTransaction(ctx, async (tx) => {
    const row = await requireConnection(tx, id, { lock: true });
    tx.afterCommit.push(() => forgetClient(row.client_id));
    const before = await snapshot(tx, id);
    const allowedBefore = await repo.allowedUserIds(tx.db, id);
    // Becoming confidential needs a secret; becoming public drops it.
    const secret = key && !row.client_secret_ciphertext ? newClientSecret() : undefined;
    await repo
      .updateConnection(tx.db, id, {
        ...columnsOf(input),
        ...(secret && key ? { client_secret_ciphertext: encryptToken(key, row.client_id, secret) } : {}),
        ...(input.clientType === 'PUBLIC' ? { client_secret_ciphertext: null } : {}),
      })
      .catch((error) => Promise.reject(duplicateName(error)));
    await repo.replaceGroups(
      tx.db,
      id,
      input.groups.map((g) => ({ name: g.name.trim(), memberIds: g.memberIds })),
    );
    await repo.replaceMembers(tx.db, id, input.memberIds);
    const revoked = await revokeRemovedPeople(tx, row, allowedBefore);
    await recordAudit(tx, {
      action: 'sso_connection.updated',
      entityType: 'sso_connection',
      entityId: id,
      before,
      after: { ...(await snapshot(tx, id)), revokedPeople: revoked },
    });
    return toConnection(tx, await requireConnection(tx, id), secret);
  });
}

/** Removes an app: its client stops working at once, and every grant and token for it goes. */
export async function deleteSsoConnection(ctx: ServiceContext, id: string): Promise<void> {
  ssoPolicy.authorize(ctx.actor, 'manage', undefined);
  await inTransaction(ctx, async (tx) => {
    const row = await requireConnection(tx, id, { lock: true });
    tx.afterCommit.push(() => forgetClient(row.client_id));
    const before = await snapshot(tx, id);
    await repo.softDeleteConnection(tx.db, id);
    await revokeRemovedPeople(tx, row, await repo.allowedUserIds(tx.db, id), { everyone: true });
    await recordAudit(tx, {
      action: 'sso_connection.deleted',
      entityType: 'sso_connection',
      entityId: id,
      before,
    });
  });
}

/** Issues a new client secret (shown once); the old one stops working at once. */
export async function rotateSsoClientSecret(ctx: ServiceContext, id: string): Promise<SsoConnection> {
  ssoPolicy.authorize(ctx.actor, 'manage', undefined);
  const key = await connectionsKey(ctx);
  return inTransaction(ctx, async (tx) => {
    const row = await requireConnection(tx, id, { lock: true });
    tx.afterCommit.push(() => forgetClient(row.client_id));
    if (row.client_type === 'PUBLIC')
      throw validationError([{ field: 'clientType', code: 'ssoPublicClientHasNoSecret' }]);
    const secret = newClientSecret();
    await repo.updateConnection(tx.db, id, {
      client_secret_ciphertext: encryptToken(key, row.client_id, secret),
      secret_rotated_at: new Date(),
    });
    await recordAudit(tx, {
      action: 'sso_connection.secret_rotated',
      entityType: 'sso_connection',
      entityId: id,
      after: { clientId: row.client_id },
    });
    return toConnection(tx, await requireConnection(tx, id), secret);
  });
}
