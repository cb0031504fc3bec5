import type {
  Client,
  Member,
  ProjectSummary,
  StageChange,
  UserProject,
} from '../../../shared/projects.schemas.ts';
import type { Actor } from '../../core/context.ts';
import type { ClientRow } from './clients.repository.ts';
import type { MemberRow, MembershipRow } from './members.repository.ts';
import { clientPolicy, projectPolicy } from './projects.policy.ts';
import type { ProjectRow } from './projects.repository.ts';

/** Rows as the API sends them, with what the caller may do to each (from the area's policies). */

export function toClient(actor: Actor, row: ClientRow): Client {
  const abilities = clientPolicy.abilities(actor, { status: row.status });
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    email: row.email,
    status: row.status,
    projectCount: row.project_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: {
      edit: abilities.edit,
      delete: abilities.delete,
      changeStatus: abilities.changeStatus,
      createProject: abilities.createProject,
    },
  };
}

export function toProjectSummary(actor: Actor, row: ProjectRow): ProjectSummary {
  const abilities = projectPolicy.abilities(actor, { projectId: row.id });
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    client: { id: row.client_id, name: row.client_name },
    startDate: row.start_date,
    endDate: row.end_date,
    stage: row.stage,
    status: row.status,
    totalMembers: row.total_members,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: {
      edit: abilities.edit,
      changeStage: abilities.changeStage,
      changeStatus: abilities.changeStatus,
      delete: abilities.delete,
      manageMembers: abilities.manageMembers,
      export: abilities.export,
    },
  };
}

export function toMember(actor: Actor, row: MemberRow): Member {
  const manage = projectPolicy.can(actor, 'manageMembers', { projectId: row.project_id });
  return {
    id: row.id,
    projectId: row.project_id,
    person: {
      id: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      avatarUrl: row.avatar_url,
      status: row.user_status,
    },
    role: { id: row.role_id, name: row.role_name },
    note: row.note,
    joinedAt: row.joined_at,
    exitedAt: row.exited_at,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: { edit: manage, changeStatus: manage, delete: manage },
  };
}

export function toStageChange(row: {
  id: string;
  from_stage: StageChange['fromStage'];
  to_stage: StageChange['toStage'];
  changed_at: Date;
  changed_by: string | null;
  changed_by_label: string;
}): StageChange {
  return {
    id: row.id,
    fromStage: row.from_stage,
    toStage: row.to_stage,
    changedAt: row.changed_at.toISOString(),
    changedBy: { id: row.changed_by, label: row.changed_by_label },
  };
}

export function toUserProject(row: MembershipRow): UserProject {
  return {
    memberId: row.member_id,
    project: {
      id: row.project_id,
      name: row.project_name,
      stage: row.project_stage,
      status: row.project_status,
      client: { id: row.client_id, name: row.client_name },
    },
    role: { id: row.role_id, name: row.role_name },
    note: row.note,
    joinedAt: row.joined_at,
    exitedAt: row.exited_at,
    status: row.status,
  };
}
