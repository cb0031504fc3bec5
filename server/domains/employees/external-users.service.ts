import type {
  Employee,
  EmployeePage,
  ExternalUserBody,
  UserListQuery,
} from '../../../shared/employees.schemas.ts';
import { withoutProblemFields } from '../../../shared/rules/problems.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { paginate } from '../../core/paging.ts';
import { insertUser } from '../accounts/accounts.service.ts';
import { issueInvitation } from '../accounts/invite.service.ts';
import { externalSchema, schemaProblems, toColumns } from './employee-input.ts';
import { toEmployee, toSummary } from './employee-views.ts';
import { peoplePolicy } from './employees.policy.ts';
import * as repo from './employees.repository.ts';
import { pageOfPeople, withPermissions } from './person-records.ts';

function emailTaken(): AppError {
  return new AppError('ALREADY_EXISTS', {
    params: { field: 'email' },
    details: [{ field: 'email', code: 'alreadyExists', message: '' }],
  });
}

/** External users: people outside the company (client staff, contractors) who get an account. */
export async function listExternalUsers(ctx: ServiceContext, query: UserListQuery): Promise<EmployeePage> {
  peoplePolicy.authorize(ctx.actor, 'listExternal', null);
  return paginate(
    query,
    ({ offset, limit }) =>
      pageOfPeople(
        ctx,
        repo.listPeople(
          ctx.db,
          { search: query.search, status: query.status, userType: 'EXTERNAL' },
          { sortField: 'name', sortOrder: 'asc', offset, limit },
        ),
      ),
    (row) => toSummary(ctx.actor, row),
  );
}

/** Creates an external user, PENDING until they accept the invitation queued in the same transaction. */
export async function createExternalUser(ctx: ServiceContext, input: ExternalUserBody): Promise<Employee> {
  peoplePolicy.authorize(ctx.actor, 'createExternal', null);
  // The shape and the email's owner are checked together: one answer names every problem.
  const problems = schemaProblems(externalSchema, input);
  const email = withoutProblemFields(input, problems).email?.trim();
  const taken = email ? (await repo.findLiveByEmails(ctx.db, [email])).size > 0 : false;
  if (taken && problems.length === 0) throw emailTaken();
  if (taken) problems.push({ field: 'email', code: 'alreadyExists' });
  if (problems.length > 0) throw validationError(problems);
  const values = toColumns(input);
  return inTransaction(ctx, async (tx) => {
    const { id } = await insertUser(tx, {
      email: input.email.trim(),
      first_name: input.firstName.trim(),
      last_name: input.lastName.trim(),
      ...values,
      user_type: 'EXTERNAL',
      status: 'PENDING',
      created_by: tx.actor.id,
    }).catch((error) =>
      Promise.reject(isUniqueViolation(error, 'users_email_live_key') ? emailTaken() : error),
    );
    const [created] = await withPermissions(tx, [(await repo.findPerson(tx.db, id))!]);
    await recordAudit(tx, {
      action: 'external_user.created',
      entityType: 'user',
      entityId: id,
      after: created,
    });
    await issueInvitation(tx, created!);
    return toEmployee(tx.actor, created!, []);
  });
}
