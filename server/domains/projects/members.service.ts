import type {
  Member,
  MemberBody,
  MemberList,
  MemberListQuery,
  MemberNoteBody,
  MemberUpdateBody,
  ProjectRoleOption,
  StatusBody,
  UserProjectList,
} from '../../../shared/projects.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { isSelf } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import * as members from './members.repository.ts';
import { cleanText, memberProblems, type Problem } from './project-rules.ts';
import { toMember, toUserProject } from './project-views.ts';
import { projectPolicy, visibleProjects } from './projects.policy.ts';
import type { ProjectRow } from './projects.repository.ts';
import { requireVisibleProject } from './projects.service.ts';

/**
 * Project members: who is on a project, in which project role, since when. An active member of an
 * active project holds the project role in that project (members.repository's syncProjectGrants),
 * so every change here ends by bringing the project's grants in line, in the same transaction.
 */

function alreadyActive(name: string): AppError {
  return new AppError('MEMBER_ALREADY_ACTIVE', {
    params: { name },
    details: [{ field: 'userId', code: 'memberAlreadyActive' as const, message: '' }],
  });
}

/** 422 with every problem; being an active member already, alone, answers 409 (a duplicate). */
function throwProblems(problems: Problem[], personName: string): void {
  if (problems.length === 0) return;
  if (problems.length === 1 && problems[0]!.code === 'memberAlreadyActive') throw alreadyActive(personName);
  throw validationError(problems);
}

function nameOf(person: { first_name: string; last_name: string; email: string }): string {
  return fullName({ firstName: person.first_name, lastName: person.last_name }) || person.email;
}

/** A person may be a member while they exist and are not deactivated (PENDING people may join). */
function personProblems(person: members.PersonRow | undefined): Problem[] {
  if (!person) return [{ field: 'userId', code: 'unknownPerson' as const }];
  return person.status === 'INACTIVE' ? [{ field: 'userId', code: 'inactivePerson' as const }] : [];
}

/** A member's role must be an active role of type PROJECT. */
export function roleProblems(role: members.RoleRow | undefined, field = 'roleId'): Problem[] {
  if (!role) return [{ field, code: 'unknownProjectRole' as const }];
  if (role.type !== 'PROJECT') return [{ field, code: 'notProjectRole' as const }];
  return role.status === 'ACTIVE' ? [] : [{ field, code: 'inactiveProjectRole' as const }];
}

function projectProblems(project: ProjectRow): Problem[] {
  return project.status === 'ACTIVE' ? [] : [{ field: 'projectId', code: 'inactiveProject' as const }];
}

/** Locks the project (membership changes of one project apply one after the other) and checks the caller. */
async function lockForMembers(ctx: ServiceContext, projectId: string): Promise<ProjectRow> {
  const project = await requireVisibleProject(ctx, projectId, true);
  projectPolicy.authorize(ctx.actor, 'manageMembers', { projectId });
  return project;
}

async function requireMember(
  ctx: ServiceContext,
  projectId: string,
  memberId: string,
): Promise<members.MemberRow> {
  const member = await members.findMember(ctx.db, projectId, memberId);
  if (!member) throw new AppError('NOT_FOUND');
  return member;
}

function onUniqueActive(name: string) {
  return (error: unknown) =>
    Promise.reject(isUniqueViolation(error, 'project_members_active_key') ? alreadyActive(name) : error);
}

/** The members of a project: active ones first, then by name. */
export async function listProjectMembers(
  ctx: ServiceContext,
  projectId: string,
  query: MemberListQuery = {},
): Promise<MemberList> {
  await requireVisibleProject(ctx, projectId);
  const rows = await members.listMembers(ctx.db, projectId, { status: query.status });
  return { items: rows.map((row) => toMember(ctx.actor, row)) };
}

/**
 * Adds a person to a project with a project role (active). The person must exist and not be
 * deactivated, the role must be an active PROJECT role, the project active, and the person not an
 * active member already (409); exited at, when given, comes after joined at.
 */
export async function addProjectMember(
  ctx: ServiceContext,
  projectId: string,
  input: MemberBody,
): Promise<Member> {
  return inTransaction(ctx, async (tx) => {
    const project = await lockForMembers(tx, projectId);
    const [people, roles, active] = await Promise.all([
      members.findPeople(tx.db, [input.userId]),
      members.findRoles(tx.db, [input.roleId]),
      members.findActiveMembership(tx.db, projectId, input.userId),
    ]);
    const person = people.get(input.userId);
    throwProblems(
      [
        ...personProblems(person),
        ...roleProblems(roles.get(input.roleId)),
        ...memberProblems(input),
        ...projectProblems(project),
        ...(active ? [{ field: 'userId', code: 'memberAlreadyActive' as const }] : []),
      ],
      person ? nameOf(person) : '',
    );
    const id = await members
      .insertMember(tx.db, {
        project_id: projectId,
        user_id: input.userId,
        role_id: input.roleId,
        note: cleanText(input.note),
        joined_at: input.joinedAt ?? null,
        exited_at: input.exitedAt ?? null,
        created_by: tx.actor.id,
      })
      .catch(onUniqueActive(nameOf(person!)));
    await members.syncProjectGrants(tx.db, projectId);
    const created = await requireMember(tx, projectId, id);
    await recordAudit(tx, {
      action: 'project-member.added',
      entityType: 'project-member',
      entityId: id,
      after: created,
      subject: { id: created.user_id, label: created.email },
    });
    return toMember(tx.actor, created);
  });
}

/** Changes a member's project role, note or dates: fields left out stay, `null` clears. */
export async function updateProjectMember(
  ctx: ServiceContext,
  projectId: string,
  memberId: string,
  input: MemberUpdateBody,
): Promise<Member> {
  return inTransaction(ctx, async (tx) => {
    await lockForMembers(tx, projectId);
    const before = await requireMember(tx, projectId, memberId);
    const roleChanges = input.roleId !== undefined && input.roleId !== before.role_id;
    const roles = roleChanges ? await members.findRoles(tx.db, [input.roleId!]) : new Map();
    throwProblems(
      [
        ...(roleChanges ? roleProblems(roles.get(input.roleId!)) : []),
        ...memberProblems({
          note: input.note === undefined ? before.note : input.note,
          joinedAt: input.joinedAt === undefined ? before.joined_at : input.joinedAt,
          exitedAt: input.exitedAt === undefined ? before.exited_at : input.exitedAt,
        }),
      ],
      nameOf(before),
    );
    await members.updateMember(tx.db, memberId, {
      ...(roleChanges && { role_id: input.roleId }),
      ...(input.note !== undefined && { note: cleanText(input.note) }),
      ...(input.joinedAt !== undefined && { joined_at: input.joinedAt }),
      ...(input.exitedAt !== undefined && { exited_at: input.exitedAt }),
    });
    // A new role applies at once to an active member.
    if (roleChanges) await members.syncProjectGrants(tx.db, projectId);
    const after = await requireMember(tx, projectId, memberId);
    await recordAudit(tx, {
      action: 'project-member.updated',
      entityType: 'project-member',
      entityId: memberId,
      before,
      after,
      subject: { id: after.user_id, label: after.email },
    });
    return toMember(tx.actor, after);
  });
}

/** Changes only a member's note (the spec's PUT …/note). */
export async function setProjectMemberNote(
  ctx: ServiceContext,
  projectId: string,
  memberId: string,
  input: MemberNoteBody,
): Promise<Member> {
  return inTransaction(ctx, async (tx) => {
    await lockForMembers(tx, projectId);
    const before = await requireMember(tx, projectId, memberId);
    throwProblems(memberProblems({ note: input.note }), nameOf(before));
    await members.updateMember(tx.db, memberId, { note: cleanText(input.note) });
    const after = await requireMember(tx, projectId, memberId);
    await recordAudit(tx, {
      action: 'project-member.note-updated',
      entityType: 'project-member',
      entityId: memberId,
      before: { note: before.note },
      after: { note: after.note },
      subject: { id: after.user_id, label: after.email },
    });
    return toMember(tx.actor, after);
  });
}

/**
 * Activates or deactivates a member. Deactivation ends their project role at once; activation
 * needs what adding does: an active project, a person not deactivated, an active project role, and
 * no other active membership of the person in the project.
 */
export async function setProjectMemberStatus(
  ctx: ServiceContext,
  projectId: string,
  memberId: string,
  input: StatusBody,
): Promise<Member> {
  return inTransaction(ctx, async (tx) => {
    const project = await lockForMembers(tx, projectId);
    const before = await requireMember(tx, projectId, memberId);
    const status = input.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE';
    if (status === before.status) return toMember(tx.actor, before);
    if (status === 'ACTIVE') {
      const [people, roles, other] = await Promise.all([
        members.findPeople(tx.db, [before.user_id]),
        members.findRoles(tx.db, [before.role_id]),
        members.findActiveMembership(tx.db, projectId, before.user_id, memberId),
      ]);
      throwProblems(
        [
          ...personProblems(people.get(before.user_id)),
          ...roleProblems(roles.get(before.role_id)),
          ...projectProblems(project),
          ...(other ? [{ field: 'userId', code: 'memberAlreadyActive' as const }] : []),
        ],
        nameOf(before),
      );
    }
    await members.updateMember(tx.db, memberId, { status }).catch(onUniqueActive(nameOf(before)));
    await members.syncProjectGrants(tx.db, projectId);
    await recordAudit(tx, {
      action: status === 'ACTIVE' ? 'project-member.activated' : 'project-member.deactivated',
      entityType: 'project-member',
      entityId: memberId,
      before: { status: before.status },
      after: { status },
      subject: { id: before.user_id, label: before.email },
    });
    return toMember(tx.actor, await requireMember(tx, projectId, memberId));
  });
}

/** Removes a membership (soft: the audit trail keeps it); the project role stops applying at once. */
export async function removeProjectMember(
  ctx: ServiceContext,
  projectId: string,
  memberId: string,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await lockForMembers(tx, projectId);
    const before = await requireMember(tx, projectId, memberId);
    await members.updateMember(tx.db, memberId, { deleted_at: new Date() });
    await members.syncProjectGrants(tx.db, projectId);
    await recordAudit(tx, {
      action: 'project-member.removed',
      entityType: 'project-member',
      entityId: memberId,
      before,
      subject: { id: before.user_id, label: before.email },
    });
  });
}

/**
 * A person's memberships (GET /users/{id}/projects): all of them for the person, otherwise those of
 * the projects the caller may see.
 */
export async function listUserProjects(ctx: ServiceContext, userId: string): Promise<UserProjectList> {
  const person = (await members.findPeople(ctx.db, [userId])).get(userId);
  if (!person) throw new AppError('NOT_FOUND');
  const visible = isSelf(ctx.actor, userId) ? 'all' : visibleProjects(ctx.actor);
  if (visible !== 'all' && visible.length === 0) throw new AppError('FORBIDDEN');
  const rows = await members.listMemberships(ctx.db, userId, visible);
  return { items: rows.map(toUserProject) };
}

/** The active project roles to give members, for anyone who may see some project. */
export async function listProjectRoleOptions(ctx: ServiceContext): Promise<ProjectRoleOption[]> {
  const visible = visibleProjects(ctx.actor);
  if (visible !== 'all' && visible.length === 0) throw new AppError('FORBIDDEN');
  return members.listProjectRoles(ctx.db);
}
