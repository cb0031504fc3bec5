import type {
  Client,
  ClientBody,
  ClientDetail,
  ClientListQuery,
  ClientPage,
  ClientUpdateBody,
  StatusBody,
} from '../../../shared/projects.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import * as clients from './clients.repository.ts';
import { cleanText, clientProblems, type Problem } from './project-rules.ts';
import { toClient, toProjectSummary } from './project-views.ts';
import { clientPolicy, visibleProjects } from './projects.policy.ts';
import * as projects from './projects.repository.ts';

function nameTaken(name: string): AppError {
  return new AppError('CLIENT_NAME_TAKEN', {
    params: { name: name.trim() },
    details: [{ field: 'name', code: 'clientNameTaken' as const, message: '' }],
  });
}

/** 422 with every problem; a taken name alone answers 409, as a duplicate always does. */
function throwProblems(problems: Problem[], name: string | undefined): void {
  if (problems.length === 0) return;
  if (problems.length === 1 && problems[0]!.code === 'clientNameTaken') throw nameTaken(name ?? '');
  throw validationError(problems);
}

async function nameProblems(ctx: ServiceContext, name: unknown, exceptId?: string): Promise<Problem[]> {
  if (typeof name !== 'string' || !name.trim()) return [];
  return (await clients.findClientByName(ctx.db, name, exceptId))
    ? [{ field: 'name', code: 'clientNameTaken' as const }]
    : [];
}

/** A race lost to another request with the same name still answers 409, not 500. */
function onUniqueName(name: string) {
  return (error: unknown) =>
    Promise.reject(isUniqueViolation(error, 'clients_name_live_key') ? nameTaken(name) : error);
}

async function requireClient(ctx: ServiceContext, id: string, lock = false): Promise<clients.ClientRow> {
  const client = await clients.findClient(ctx.db, id, { lock });
  if (!client) throw new AppError('NOT_FOUND');
  return client;
}

/** The client list: search (name and email, accents optional), type and status, sort, pages. */
export async function listClients(ctx: ServiceContext, query: ClientListQuery): Promise<ClientPage> {
  clientPolicy.authorize(ctx.actor, 'view', undefined);
  return paginate(
    query,
    (window) =>
      clients.listClients(ctx.db, query, {
        sortField: query.sortField ?? 'name',
        sortOrder: query.sortOrder ?? 'asc',
        offset: window.offset,
        limit: window.limit,
      }),
    (row) => toClient(ctx.actor, row),
  );
}

/** One client with the projects of it the caller may see, by name. */
export async function getClient(ctx: ServiceContext, id: string): Promise<ClientDetail> {
  clientPolicy.authorize(ctx.actor, 'view', undefined);
  const client = await requireClient(ctx, id);
  const rows = await projects.listProjectRows(
    ctx.db,
    { clientId: [id], visible: visibleProjects(ctx.actor) },
    { sortField: 'name', sortOrder: 'asc', offset: 0, limit: 10_000 },
  );
  return { ...toClient(ctx.actor, client), projects: rows.map((row) => toProjectSummary(ctx.actor, row)) };
}

/** Creates a client (active). Names are unique, whatever their case. */
export async function createClient(ctx: ServiceContext, input: ClientBody): Promise<Client> {
  clientPolicy.authorize(ctx.actor, 'create', undefined);
  throwProblems([...clientProblems(input, true), ...(await nameProblems(ctx, input.name))], input.name);
  return inTransaction(ctx, async (tx) => {
    const id = await clients
      .insertClient(tx.db, {
        name: input.name.trim(),
        description: cleanText(input.description),
        type: input.type ?? 'EXTERNAL',
        email: cleanText(input.email),
        created_by: tx.actor.id,
      })
      .catch(onUniqueName(input.name));
    const created = await requireClient(tx, id);
    await recordAudit(tx, { action: 'client.created', entityType: 'client', entityId: id, after: created });
    return toClient(tx.actor, created);
  });
}

/** Changes a client's fields: those left out stay, `null` clears the description or the email. */
export async function updateClient(
  ctx: ServiceContext,
  id: string,
  input: ClientUpdateBody,
): Promise<Client> {
  clientPolicy.authorize(ctx.actor, 'edit', undefined);
  return inTransaction(ctx, async (tx) => {
    const before = await requireClient(tx, id, true);
    throwProblems([...clientProblems(input, false), ...(await nameProblems(tx, input.name, id))], input.name);
    await clients
      .updateClient(tx.db, id, {
        ...(input.name !== undefined && { name: input.name.trim() }),
        ...(input.description !== undefined && { description: cleanText(input.description) }),
        ...(input.type !== undefined && { type: input.type }),
        ...(input.email !== undefined && { email: cleanText(input.email) }),
      })
      .catch(onUniqueName(input.name ?? ''));
    const after = await requireClient(tx, id);
    await recordAudit(tx, { action: 'client.updated', entityType: 'client', entityId: id, before, after });
    return toClient(tx.actor, after);
  });
}

/**
 * Activates or deactivates a client. An inactive client gets no new projects; its projects and
 * their members are left as they are (each project has its own status).
 */
export async function setClientStatus(ctx: ServiceContext, id: string, input: StatusBody): Promise<Client> {
  clientPolicy.authorize(ctx.actor, 'changeStatus', undefined);
  return inTransaction(ctx, async (tx) => {
    const before = await requireClient(tx, id, true);
    const status = input.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE';
    if (status !== before.status) {
      await clients.updateClient(tx.db, id, { status });
      await recordAudit(tx, {
        action: status === 'ACTIVE' ? 'client.activated' : 'client.deactivated',
        entityType: 'client',
        entityId: id,
        before: { status: before.status },
        after: { status },
      });
    }
    return toClient(tx.actor, await requireClient(tx, id));
  });
}

/**
 * Deletes a client (soft). A client with live projects is refused (CLIENT_HAS_PROJECTS): deleting
 * a project is a decision of its own, so a client's projects are deleted first, one by one.
 */
export async function deleteClient(ctx: ServiceContext, id: string): Promise<void> {
  clientPolicy.authorize(ctx.actor, 'delete', undefined);
  await inTransaction(ctx, async (tx) => {
    const before = await requireClient(tx, id, true);
    // Counted under the client's lock: a project created meanwhile waits for it (see createProject).
    const count = await projects.countClientProjects(tx.db, id);
    if (count > 0) throw new AppError('CLIENT_HAS_PROJECTS', { params: { count } });
    await clients.updateClient(tx.db, id, { deleted_at: new Date() });
    await recordAudit(tx, { action: 'client.deleted', entityType: 'client', entityId: id, before });
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Clients given by name or id (the CLI's --client) as ids; an unknown name is a field error. Only for
 * someone who may see clients or some project: the answer tells whether a client name exists.
 */
export async function resolveClients(ctx: ServiceContext, values: readonly string[]): Promise<string[]> {
  const projectsSeen = visibleProjects(ctx.actor);
  if (!clientPolicy.can(ctx.actor, 'view', undefined) && projectsSeen !== 'all' && projectsSeen.length === 0)
    clientPolicy.authorize(ctx.actor, 'view', undefined);
  const found = await clients.findClientsByNames(
    ctx.db,
    values.filter((value) => !UUID.test(value)),
  );
  const byName = new Map(found.map((c) => [c.name.toLowerCase(), c.id]));
  const problems: Problem[] = [];
  const ids = values.map((value, index) => {
    if (UUID.test(value)) return value;
    const id = byName.get(value.trim().toLowerCase());
    if (!id) problems.push({ field: `client.${index}`, code: 'unknownClient' as const });
    return id ?? '';
  });
  if (problems.length > 0) throw validationError(problems);
  return ids;
}
