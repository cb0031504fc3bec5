import { canTransition, type ChildAction, type ChildStatus } from '../../../shared/rules/recurrence.ts';
import type { Actor } from '../../core/context.ts';
import { can, definePolicy, isPerson } from '../../core/policy.ts';

/**
 * Who may do what with recurring tasks.
 *
 * - `recurring-tasks.manage` (admins): every task and child; create, edit, activate, deactivate and
 *   delete tasks, add children by hand, cancel and uncancel children, and everything an assignee may.
 * - `recurring-tasks.view` (everyone: the User and HR roles): the tasks they are assigned to and those
 *   tasks' children; they mark those children completed or incomplete and write their note.
 * - The worker's runs (generate, mark overdue) are the system's alone.
 *
 * A child belongs to its task's assignees as they are now: changing a task's assignees hands its open
 * children over as well. A task one may not see answers 404, like one that does not exist.
 */

/** What the rules look at: who a task is assigned to. */
export interface RecurringTaskFacts {
  assigneeIds: readonly string[];
}

const manages = (actor: Actor) => can(actor, 'recurring-tasks.manage');
const isAssignee = (actor: Actor, task: RecurringTaskFacts) =>
  isPerson(actor) &&
  (can(actor, 'recurring-tasks.view') || manages(actor)) &&
  task.assigneeIds.includes(actor.id);

export const recurringTaskPolicy = definePolicy<
  RecurringTaskFacts,
  'view' | 'edit' | 'delete' | 'changeStatus' | 'addChild'
>('recurringTask', {
  view: (actor, task) => manages(actor) || isAssignee(actor, task),
  edit: (actor) => manages(actor),
  delete: (actor) => manages(actor),
  changeStatus: (actor) => manages(actor),
  addChild: (actor) => manages(actor),
});

/** A child task: its task's assignees mark it and write its note; managers also cancel it. */
export const recurringTaskChildPolicy = definePolicy<RecurringTaskFacts, 'view' | 'mark' | 'cancel'>(
  'recurringTaskChild',
  {
    view: (actor, task) => manages(actor) || isAssignee(actor, task),
    mark: (actor, task) => manages(actor) || isAssignee(actor, task),
    cancel: (actor) => manages(actor),
  },
);

export const recurringTasksPolicy = definePolicy<undefined, 'view' | 'manage' | 'runJobs'>('recurringTasks', {
  view: (actor) => can(actor, 'recurring-tasks.view') || manages(actor),
  manage: (actor) => manages(actor),
  runJobs: (actor) => actor.kind === 'system',
});

/** Which policy ability an action needs. */
export const ABILITY_OF: Record<ChildAction, 'mark' | 'cancel'> = {
  complete: 'mark',
  incomplete: 'mark',
  cancel: 'cancel',
  uncancel: 'cancel',
};

/** What the client may offer for one child: who may act, and what its status allows. */
export function childAbilities(actor: Actor, task: RecurringTaskFacts, status: ChildStatus) {
  const may = recurringTaskChildPolicy.abilities(actor, task);
  const offer = (action: ChildAction) => may[ABILITY_OF[action]] && canTransition(status, action);
  return {
    complete: offer('complete'),
    incomplete: offer('incomplete'),
    cancel: offer('cancel'),
    uncancel: offer('uncancel'),
    editNote: may.mark,
  };
}
