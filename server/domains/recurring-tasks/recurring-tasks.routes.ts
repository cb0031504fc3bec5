import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import type { Permission } from '../../../shared/permissions.ts';
import {
  AssigneeCandidateList,
  AssigneeCandidateQuery,
  ChildNoteBody,
  ManualChildBody,
  RecurringTask,
  RecurringTaskBody,
  RecurringTaskChild,
  RecurringTaskChildPage,
  RecurringTaskChildQuery,
  RecurringTaskPage,
  RecurringTaskQuery,
  RecurringTaskStatusBody,
  RecurringTaskUpdateBody,
  TaskChildrenQuery,
} from '../../../shared/recurring-tasks.schemas.ts';
import {
  addRecurringTaskChild,
  cancelRecurringTaskChild,
  completeRecurringTaskChild,
  listRecurringTaskChildren,
  listTaskChildren,
  reopenRecurringTaskChild,
  setRecurringTaskChildNote,
  uncancelRecurringTaskChild,
} from './recurring-task-children.service.ts';
import {
  createRecurringTask,
  deleteRecurringTask,
  getRecurringTask,
  listAssigneeCandidates,
  listRecurringTasks,
  setRecurringTaskStatus,
  updateRecurringTask,
} from './recurring-tasks.service.ts';

const tags = ['Recurring tasks'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  412: ErrorResponse,
  422: ErrorResponse,
};
const READERS: Permission[] = ['recurring-tasks.view', 'recurring-tasks.manage'];

/** Recurring tasks and their child tasks (spec section 2-9; the calls are designed here). */
export const recurringTaskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/recurring-tasks',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Recurring tasks: every one for managers, those assigned to the caller for anyone else',
        querystring: RecurringTaskQuery,
        response: { 200: RecurringTaskPage, ...errors },
      },
    },
    async (request) => listRecurringTasks(request.ctx(), request.query),
  );

  app.post(
    '/recurring-tasks',
    {
      config: { access: 'recurring-tasks.manage' },
      schema: {
        tags,
        summary: 'Create a recurring task',
        description:
          'The next scheduled date is the start date, or the first occurrence from today when the start is past (no back-fill). The deadline is a number of days after each occurrence starts, shorter than the cycle. Assignees must be active and may see recurring tasks.',
        body: RecurringTaskBody,
        response: { 201: RecurringTask, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createRecurringTask(request.ctx(), request.body)),
  );

  app.get(
    '/recurring-tasks/assignee-candidates',
    {
      config: { access: 'recurring-tasks.manage' },
      schema: {
        tags,
        summary: 'People who may be assigned: active, and allowed to see recurring tasks',
        querystring: AssigneeCandidateQuery,
        response: { 200: AssigneeCandidateList, ...errors },
      },
    },
    async (request) => listAssigneeCandidates(request.ctx(), request.query),
  );

  app.get(
    '/recurring-tasks/:id',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'One recurring task, with its assignees, children counted by status and coming occurrences',
        params: IdParams,
        response: { 200: RecurringTask, ...errors },
      },
    },
    async (request) => getRecurringTask(request.ctx(), request.params.id),
  );

  app.put(
    '/recurring-tasks/:id',
    {
      config: { access: 'recurring-tasks.manage' },
      schema: {
        tags,
        summary: 'Change a recurring task (send the version you read)',
        description:
          'A new cycle or start date moves the next scheduled date to the first occurrence from today; a new deadline applies to the children generated from then on; new assignees take over the open children.',
        params: IdParams,
        body: RecurringTaskUpdateBody,
        response: { 200: RecurringTask, ...errors },
      },
    },
    async (request) => updateRecurringTask(request.ctx(), request.params.id, request.body),
  );

  app.put(
    '/recurring-tasks/:id/status',
    {
      config: { access: 'recurring-tasks.manage' },
      schema: {
        tags,
        summary: 'Activate or deactivate a recurring task',
        description:
          'Deactivated, it generates nothing. Reactivated, it resumes from the first occurrence on or after today: the occurrences missed meanwhile are not generated.',
        params: IdParams,
        body: RecurringTaskStatusBody,
        response: { 200: RecurringTask, ...errors },
      },
    },
    async (request) => setRecurringTaskStatus(request.ctx(), request.params.id, request.body),
  );

  app.delete(
    '/recurring-tasks/:id',
    {
      config: { access: 'recurring-tasks.manage' },
      schema: {
        tags,
        summary: 'Delete a recurring task that has no children yet (409 otherwise: deactivate it)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRecurringTask(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/recurring-tasks/:id/children',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: "A recurring task's children, latest first (open ones: most urgent first)",
        params: IdParams,
        querystring: TaskChildrenQuery,
        response: { 200: RecurringTaskChildPage, ...errors },
      },
    },
    async (request) => listTaskChildren(request.ctx(), request.params.id, request.query),
  );

  app.post(
    '/recurring-tasks/:id/children',
    {
      config: { access: 'recurring-tasks.manage' },
      schema: {
        tags,
        summary: 'Add a child task by hand (due after the task’s deadline unless a due date is given)',
        params: IdParams,
        body: ManualChildBody,
        response: { 201: RecurringTaskChild, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addRecurringTaskChild(request.ctx(), request.params.id, request.body)),
  );

  app.get(
    '/recurring-task-children',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: "Child tasks across every task: the caller's (scope=mine, “My tasks”) or all (managers)",
        querystring: RecurringTaskChildQuery,
        response: { 200: RecurringTaskChildPage, ...errors },
      },
    },
    async (request) => listRecurringTaskChildren(request.ctx(), request.query),
  );

  const actions = [
    ['complete', 'Mark a child task completed', READERS, completeRecurringTaskChild],
    ['incomplete', 'Mark a completed child task incomplete again', READERS, reopenRecurringTaskChild],
    ['cancel', 'Cancel an open child task (managers)', 'recurring-tasks.manage', cancelRecurringTaskChild],
    [
      'uncancel',
      'Restore a cancelled child task (managers)',
      'recurring-tasks.manage',
      uncancelRecurringTaskChild,
    ],
  ] as const;
  for (const [action, summary, access, run] of actions) {
    app.post(
      `/recurring-task-children/:id/${action}`,
      {
        config: { access: [access].flat() },
        schema: { tags, summary, params: IdParams, response: { 200: RecurringTaskChild, ...errors } },
      },
      async (request) => run(request.ctx(), request.params.id),
    );
  }

  app.put(
    '/recurring-task-children/:id/note',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: "Write or clear a child task's note (its assignees, managers)",
        params: IdParams,
        body: ChildNoteBody,
        response: { 200: RecurringTaskChild, ...errors },
      },
    },
    async (request) => setRecurringTaskChildNote(request.ctx(), request.params.id, request.body),
  );
};
