import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/connect.ts';
import type { ActiveStatus, ClientType, ProjectStage } from '../../server/db/database.ts';

/** Factories of the clients-and-projects area: rows written directly, for tests and specs to start from. */

const unique = () => randomBytes(4).toString('hex');

export async function createClient(
  db: Db,
  options: { name?: string; type?: ClientType; email?: string | null; status?: ActiveStatus } = {},
) {
  return db
    .insertInto('clients')
    .values({
      name: options.name ?? `Client ${unique()}`,
      description: null,
      type: options.type ?? 'EXTERNAL',
      email: options.email ?? null,
      status: options.status ?? 'ACTIVE',
      created_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createProject(
  db: Db,
  clientId: string,
  options: {
    name?: string;
    stage?: ProjectStage;
    status?: ActiveStatus;
    startDate?: string | null;
    endDate?: string | null;
  } = {},
) {
  const project = await db
    .insertInto('projects')
    .values({
      client_id: clientId,
      name: options.name ?? `Project ${unique()}`,
      description: null,
      start_date: options.startDate ?? null,
      end_date: options.endDate ?? null,
      stage: options.stage ?? 'NEGOTIATION',
      status: options.status ?? 'ACTIVE',
      created_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('project_stage_changes')
    .values({ project_id: project.id, from_stage: null, to_stage: project.stage, changed_by_label: 'system' })
    .execute();
  return project;
}

/**
 * Makes a person an active member of a project with a role, and grants the role in the project as
 * the projects area does (a `user_roles` row tied to the membership).
 */
export async function addMember(db: Db, projectId: string, userId: string, roleId: string) {
  const member = await db
    .insertInto('project_members')
    .values({
      project_id: projectId,
      user_id: userId,
      role_id: roleId,
      note: null,
      joined_at: null,
      exited_at: null,
      created_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: roleId, project_id: projectId, project_member_id: member.id })
    .execute();
  return member;
}
