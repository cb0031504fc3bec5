import type { HireBody, HireResult } from '../../../shared/recruitment.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { createEmployee } from '../employees/employees.service.ts';
import * as repo from './applications.repository.ts';
import { campaignPolicy } from './recruitment.policy.ts';
import { requireStatusAllows, requireVisibleApplication, toApplications } from './recruitment-views.ts';

/**
 * Hires a candidate: creates a PENDING employee through the employees area's own use case (its
 * checks, its audit event, its invitation mail) with what recruitment already knows — names,
 * email, phone, the campaign's department — plus the start date, contract and job title chosen
 * now, and moves the candidate to the pipeline's HIRED stage. One transaction: an email already
 * used by an account (or any refusal of the employee form) leaves the candidate where they were.
 */
export async function hireCandidate(
  ctx: ServiceContext,
  applicationId: string,
  input: HireBody,
): Promise<HireResult> {
  return inTransaction(ctx, async (tx) => {
    const { row, campaign } = await requireVisibleApplication(tx, applicationId, { lock: true });
    campaignPolicy.authorize(tx.actor, 'hire', campaign.access);
    requireStatusAllows(campaign, 'hire');
    if (row.hired_employee_id) throw new AppError('HIRING_APPLICATION_HIRED');
    if (row.stage_kind === 'REJECTED') throw new AppError('HIRING_APPLICATION_REJECTED');
    const hired = campaign.stages.find((stage) => stage.kind === 'HIRED')!;
    const [before] = await toApplications(tx, campaign, [row]);
    const employee = await createEmployee(tx, {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phoneNumber: row.phone,
      departmentId: input.departmentId === undefined ? campaign.row.department_id : input.departmentId,
      onboardDate: input.onboardDate ?? null,
      contractType: input.contractType ?? null,
      employeeRoleId: input.employeeRoleId ?? null,
    });
    await repo.moveApplication(tx.db, applicationId, { stage_id: hired.id, hired_employee_id: employee.id });
    await repo.insertMove(tx.db, {
      application_id: applicationId,
      from_stage_id: row.stage_id,
      to_stage_id: hired.id,
      from_name: row.stage_name,
      to_name: hired.name,
      reason: input.reason?.trim() || employee.email,
      moved_by: tx.actor.id,
    });
    const [after] = await toApplications(tx, campaign, [(await repo.findApplication(tx.db, applicationId))!]);
    await recordAudit(tx, {
      action: 'hiring_application.hired',
      entityType: 'hiring_application',
      entityId: applicationId,
      before,
      after: { ...after, employeeId: employee.id },
    });
    return { application: after!, employeeId: employee.id };
  });
}
