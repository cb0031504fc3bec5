import type { Actor } from '../../core/context.ts';
import { can, canAnywhere, definePolicy, isPerson, isSelf } from '../../core/policy.ts';

/**
 * Who may do what with work logs.
 *
 * A person logs their own hours on projects where they hold `worklogs.log` (a company-wide role, or
 * the project's role) and changes their own logs while no lock covers them. Managers
 * (`worklogs.manage`, company-wide or per project) see their projects' logs and lock periods of them;
 * a lock over every project, and lifting any lock, is for a company-wide manager (an admin).
 * Reports need `worklogs.report`: per project for a project's reporter, company-wide for the hours
 * beside overtime and leave (which are about the whole person, not one project).
 */

export interface WorkLogRecord {
  userId: string;
  projectId: string;
}

const mayLog = (actor: Actor, projectId: string) => can(actor, 'worklogs.log', { projectId });

export const workLogPolicy = definePolicy<WorkLogRecord, 'view' | 'edit' | 'delete'>('workLog', {
  view: (actor, log) => isSelf(actor, log.userId) || can(actor, 'worklogs.manage', log),
  edit: (actor, log) => isSelf(actor, log.userId) && mayLog(actor, log.projectId),
  delete: (actor, log) => isSelf(actor, log.userId) && mayLog(actor, log.projectId),
});

export const workLogsPolicy = definePolicy<
  undefined,
  'log' | 'manage' | 'report' | 'reconcile' | 'liftLocks'
>('workLogs', {
  log: (actor) => isPerson(actor) && canAnywhere(actor, 'worklogs.log'),
  manage: (actor) => canAnywhere(actor, 'worklogs.manage'),
  report: (actor) => canAnywhere(actor, 'worklogs.report'),
  reconcile: (actor) => can(actor, 'worklogs.report'),
  liftLocks: (actor) => can(actor, 'worklogs.manage'),
});

/** May the actor log on this project (for themselves)? */
export const mayLogOn = (actor: Actor, projectId: string) => isPerson(actor) && mayLog(actor, projectId);

/** A lock names one project (its manager may set it) or none (every project: company-wide only). */
export const mayLock = (actor: Actor, projectId: string | null) =>
  projectId ? can(actor, 'worklogs.manage', { projectId }) : can(actor, 'worklogs.manage');
