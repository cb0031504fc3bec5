import type {
  ProjectBody,
  ProjectDetail,
  ProjectListQuery,
  ProjectPage,
  ProjectUpdateBody,
  StageCounts,
  StatusBody,
} from '../../../shared/projects.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { ProjectStage } from '../../db/database.ts';
import * as clients from './clients.repository.ts';
import * as members from './members.repository.ts';
import { cleanText, projectProblems, type Problem } from './project-rules.ts';
import { toMember, toProjectSummary, toStageChange } from './project-views.ts';
import { clientPolicy, projectPolicy, visibleProjects } from './projects.policy.ts';
import * as projects from './projects.repository.ts';

function nameTaken(name: string): AppError {
  return new AppError('PROJECT_NAME_TAKEN', {
    params: { name: name.trim() },
    details: [{ field: 'name', code: 'projectNameTaken' as const, message: '' }],
  });
}

/** 422 with every problem; a taken name alone answers 409, as a duplicate always does. */
function throwProblems(problems: Problem[], name: string): void {
  if (problems.length === 0) return;
  if (problems.length === 1 && problems[0]!.code === 'projectNameTaken') throw nameTaken(name);
  throw validationError(problems);
}

async function nameProblems(
  ctx: ServiceContext,
  clientId: string,
  name: unknown,
  exceptId?: string,
): Promise<Problem[]> {
  if (typeof name !== 'string' || !name.trim()) return [];
  return (await projects.findProjectByName(ctx.db, clientId, name, exceptId))
    ? [{ field: 'name', code: 'projectNameTaken' as const }]
    : [];
}

function onUniqueName(name: string) {
  return (error: unknown) =>
    Promise.reject(isUniqueViolation(error, 'projects_client_name_live_key') ? nameTaken(name) : error);
}

/**
 * The project, if the caller may see it. Not-found and forbidden look alike to someone who may not
 * see the project: a manager of project A learns nothing about project B.
 */
export async function requireVisibleProject(
  ctx: ServiceContext,
  id: string,
  lock = false,
): Promise<projects.ProjectRow> {
  const project = await projects.findProject(ctx.db, id, { lock });
  if (!project || !projectPolicy.can(ctx.actor, 'view', { projectId: id })) throw new AppError('NOT_FOUND');
  return project;
}

/** Records a stage the project entered, for its timeline. */
export async function recordStage(
  ctx: ServiceContext,
  projectId: string,
  from: ProjectStage | null,
  to: ProjectStage,
): Promise<void> {
  await projects.insertStageChange(ctx.db, {
    project_id: projectId,
    from_stage: from,
    to_stage: to,
    changed_by: ctx.actor.id,
    changed_by_label: ctx.actor.label,
  });
}

/**
 * The project list: search by name (accents optional), filters by client, stage, status and member,
 * sort, pages, and the number of projects per stage (the other filters applied). Each caller sees
 * the projects they may see: all of them with a company-wide permission, otherwise their projects.
 */
export async function listProjects(ctx: ServiceContext, query: ProjectListQuery): Promise<ProjectPage> {
  const visible = visibleProjects(ctx.actor);
  if (visible !== 'all' && visible.length === 0) throw new AppError('FORBIDDEN');
  let stageCounts: StageCounts | undefined;
  const page = await paginate(
    query,
    async (window) => {
      const result = await projects.listProjects(
        ctx.db,
        { ...query, visible },
        {
          sortField: query.sortField ?? 'name',
          sortOrder: query.sortOrder ?? 'asc',
          offset: window.offset,
          limit: window.limit,
        },
      );
      stageCounts = result.stageCounts;
      return result;
    },
    (row) => toProjectSummary(ctx.actor, row),
  );
  return { ...page, stageCounts: stageCounts! };
}

async function detailOf(ctx: ServiceContext, project: projects.ProjectRow): Promise<ProjectDetail> {
  const [memberRows, history] = await Promise.all([
    members.listMembers(ctx.db, project.id),
    projects.listStageChanges(ctx.db, project.id),
  ]);
  return {
    ...toProjectSummary(ctx.actor, project),
    members: memberRows.map((row) => toMember(ctx.actor, row)),
    stageHistory: history.map(toStageChange),
  };
}

/** One project with its client, every member and its stage history. */
export async function getProject(ctx: ServiceContext, id: string): Promise<ProjectDetail> {
  return detailOf(ctx, await requireVisibleProject(ctx, id));
}

/** Creates a project under a client (active, in the stage given or Negotiation). Names are unique per client. */
export async function createProject(
  ctx: ServiceContext,
  clientId: string,
  input: ProjectBody,
): Promise<ProjectDetail> {
  // Without the permission nothing about the client is looked at; an inactive client is a field error.
  clientPolicy.authorize(ctx.actor, 'createProject', undefined);
  return inTransaction(ctx, async (tx) => {
    // The client's lock makes a concurrent deletion of the client wait for this project.
    const client = await clients.findClient(tx.db, clientId, { lock: true });
    if (!client) throw new AppError('NOT_FOUND');
    const stage = input.stage ?? 'NEGOTIATION';
    throwProblems(
      [
        ...projectProblems({ ...input, stage }),
        ...(client.status === 'INACTIVE' ? [{ field: 'clientId', code: 'inactiveClient' as const }] : []),
        ...(await nameProblems(tx, clientId, input.name)),
      ],
      input.name,
    );
    const id = await projects
      .insertProject(tx.db, {
        client_id: clientId,
        name: input.name.trim(),
        description: cleanText(input.description),
        start_date: input.startDate ?? null,
        end_date: input.endDate ?? null,
        stage,
        created_by: tx.actor.id,
      })
      .catch(onUniqueName(input.name));
    await recordStage(tx, id, null, stage);
    const created = (await projects.findProject(tx.db, id))!;
    await recordAudit(tx, { action: 'project.created', entityType: 'project', entityId: id, after: created });
    return detailOf(tx, created);
  });
}

/**
 * Changes a project: fields left out stay, `null` clears a date or the description. A new stage is
 * kept in the project's history (its timeline).
 */
export async function updateProject(
  ctx: ServiceContext,
  id: string,
  input: ProjectUpdateBody,
): Promise<ProjectDetail> {
  return inTransaction(ctx, async (tx) => {
    const before = await requireVisibleProject(tx, id, true);
    projectPolicy.authorize(tx.actor, 'edit', { projectId: id });
    const next = {
      name: input.name ?? before.name,
      description: input.description === undefined ? before.description : input.description,
      startDate: input.startDate === undefined ? before.start_date : input.startDate,
      endDate: input.endDate === undefined ? before.end_date : input.endDate,
      stage: input.stage ?? before.stage,
    };
    throwProblems(
      [...projectProblems(next), ...(await nameProblems(tx, before.client_id, input.name, id))],
      next.name,
    );
    await projects
      .updateProject(tx.db, id, {
        ...(input.name !== undefined && { name: input.name.trim() }),
        ...(input.description !== undefined && { description: cleanText(input.description) }),
        ...(input.startDate !== undefined && { start_date: input.startDate }),
        ...(input.endDate !== undefined && { end_date: input.endDate }),
        ...(input.stage !== undefined && { stage: input.stage }),
      })
      .catch(onUniqueName(next.name));
    if (next.stage !== before.stage) await recordStage(tx, id, before.stage, next.stage);
    const after = (await projects.findProject(tx.db, id))!;
    await recordAudit(tx, { action: 'project.updated', entityType: 'project', entityId: id, before, after });
    return detailOf(tx, after);
  });
}

/**
 * Activates or deactivates a project. Deactivating it deactivates every active member in the same
 * transaction, and their project-role grants go with it: the role stops applying on their next
 * call. Activating it again brings nobody back: members are activated one by one (some may have
 * left meanwhile).
 */
export async function setProjectStatus(
  ctx: ServiceContext,
  id: string,
  input: StatusBody,
): Promise<ProjectDetail> {
  return inTransaction(ctx, async (tx) => {
    const before = await requireVisibleProject(tx, id, true);
    projectPolicy.authorize(tx.actor, 'changeStatus', { projectId: id });
    const status = input.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE';
    if (status !== before.status) {
      await projects.updateProject(tx.db, id, { status });
      const deactivated = status === 'INACTIVE' ? await members.deactivateAllMembers(tx.db, id) : [];
      await members.syncProjectGrants(tx.db, id);
      await recordAudit(tx, {
        action: status === 'ACTIVE' ? 'project.activated' : 'project.deactivated',
        entityType: 'project',
        entityId: id,
        before: { status: before.status },
        after: { status, deactivatedMembers: deactivated },
      });
    }
    return detailOf(tx, (await projects.findProject(tx.db, id))!);
  });
}

/**
 * Deletes a project (soft). Its active members are deactivated first, so their project roles stop
 * applying and their history shows when the membership ended.
 */
export async function deleteProject(ctx: ServiceContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await requireVisibleProject(tx, id, true);
    projectPolicy.authorize(tx.actor, 'delete', { projectId: id });
    const deactivated = await members.deactivateAllMembers(tx.db, id);
    await projects.updateProject(tx.db, id, { deleted_at: new Date() });
    await members.syncProjectGrants(tx.db, id);
    await recordAudit(tx, {
      action: 'project.deleted',
      entityType: 'project',
      entityId: id,
      before,
      after: { deactivatedMembers: deactivated },
    });
  });
}
