import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  LEAVE_ATTACHMENT_MAX_MB,
  type ApproverCandidateList,
  type LeavePreview,
  type LeavePreviewQuery,
  type LeaveRequest,
  type LeaveRequestBody,
  type LeaveRequestPage,
  type LeaveRequestQuery,
  type LeaveRequestUpdateBody,
  type MyLeaveQuery,
} from '../../../shared/leave.schemas.ts';
import { leaveDays } from '../../../shared/rules/leave-duration.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { isPerson } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { listPermissionHolders } from '../access/permission-holders.service.ts';
import { fileStorage } from '../../core/files/file-storage.ts';
import { checkUpload, extensionOf } from '../../core/files/file-type.ts';
import type { UploadedFile } from '../../core/files/multipart.ts';
import { leaveRequestPolicy, leaveSettingsPolicy, mayRequestFor } from './leave.policy.ts';
import { tellApprovers } from './leave-notify.ts';
import { checkRequest, type CheckedRequest } from './leave-rules.ts';
import { requestRecord, toLeaveRequest, toLeaveRequests } from './leave-views.ts';
import * as repo from './leave-requests.repository.ts';
import { routeToSubstitutes } from './substitute-routing.ts';
import { clashOf } from './clash.ts';
import { computeBalances } from './balance-math.ts';

/** Leave requests: filing, changing, deleting and cancelling them, and the lists (spec section 7, Leave). */

const WAITING = 'WAITING FOR APPROVAL';
const PREVIEW_REFUSES = new Set([
  'dateOrder',
  'leaveTooLong',
  'leaveCrossesYear',
  'leaveHalfDayOrder',
  'unknownAbsenceType',
]);

/** The request with its approvers, if the caller may see it (not-found and forbidden look alike). */
async function requireVisible(ctx: ServiceContext, id: string) {
  if (!isPerson(ctx.actor) && ctx.actor.kind !== 'system') throw new AppError('UNAUTHENTICATED');
  const row = await repo.findRequest(ctx.db, id);
  const approvers = row ? await repo.listApprovers(ctx.db, [id]) : [];
  if (!row || !leaveRequestPolicy.can(ctx.actor, 'view', requestRecord(ctx, row, approvers)))
    throw new AppError('NOT_FOUND');
  return { row, approvers };
}

async function requirePerson(ctx: ServiceContext, personId: string) {
  const [person] = await repo.listPeople(ctx.db, [personId]);
  if (!person || person.deleted_at) throw validationError([{ field: 'personId', code: 'unknownPerson' }]);
  return person;
}

/** The attachment, checked: PDF, PNG or JPG up to 10 MB, by content. */
function checkAttachment(uploads: readonly UploadedFile[] | undefined) {
  const file = uploads?.find((upload) => upload.field === 'attachment');
  if (!file) return null;
  const type = checkUpload(file, ['application/pdf', 'image/png', 'image/jpeg'], LEAVE_ATTACHMENT_MAX_MB);
  return { file, type };
}

async function storeAttachment(
  ctx: ServiceContext,
  requestId: string,
  attachment: NonNullable<ReturnType<typeof checkAttachment>>,
) {
  const key = `leave/${requestId}/${randomUUID()}.${extensionOf(attachment.type)}`;
  await fileStorage(ctx.config).put(key, attachment.file.data, attachment.type);
  await repo.setAttachment(ctx.db, requestId, {
    key,
    name: attachment.file.fileName.slice(0, 200),
    type: attachment.type,
    size: attachment.file.data.length,
  });
}

function values(checked: CheckedRequest, reason: string | null | undefined): repo.RequestValues {
  return {
    absence_type_id: checked.type.id,
    start_date: checked.span.startDate,
    start_part: checked.span.startPart,
    end_date: checked.span.endDate,
    end_part: checked.span.endPart,
    duration: checked.duration,
    year: checked.year,
    reason: reason?.trim() || null,
  };
}

async function view(ctx: ServiceContext, id: string): Promise<LeaveRequest> {
  const row = (await repo.findRequest(ctx.db, id))!;
  return toLeaveRequest(ctx, row, await repo.listApprovers(ctx.db, [id]));
}

/**
 * Files a leave request for the caller (or, with leave.manage, for `personId`) and tells its
 * approvers. Every rule is checked at once; the person's lock keeps two requests sent together
 * from both passing the balance and overlap checks.
 */
export async function createLeaveRequest(
  ctx: ServiceContext,
  input: LeaveRequestBody,
  uploads?: readonly UploadedFile[],
): Promise<LeaveRequest> {
  const personId = input.personId ?? (isPerson(ctx.actor) ? ctx.actor.id : null);
  if (!personId || !mayRequestFor(ctx.actor, personId)) throw new AppError('FORBIDDEN');
  const attachment = checkAttachment(uploads);
  return inTransaction(ctx, async (tx) => {
    await repo.lockPersonLeave(tx.db, personId);
    const person = await requirePerson(tx, personId);
    const { problems, checked } = await checkRequest(tx, person, input, {
      hasAttachment: Boolean(attachment),
      filedByHr: personId !== ctx.actor.id,
    });
    if (!checked) throw validationError(problems);
    const id = await repo.insertRequest(tx.db, { ...values(checked, input.reason), user_id: personId });
    await repo.insertDays(tx.db, id, personId, checked.days);
    await repo.insertApprovers(
      tx.db,
      id,
      checked.approverIds.map((approverId) => ({ approver_id: approverId, substitute_for: null })),
    );
    if (attachment) await storeAttachment(tx, id, attachment);
    const created = await view(tx, id);
    await recordAudit(tx, {
      action: 'leave_request.created',
      entityType: 'leave_request',
      entityId: id,
      after: created,
      ...(personId !== ctx.actor.id && { subject: { id: personId, label: person.email } }),
    });
    const facts = {
      request: {
        id,
        start_date: checked.span.startDate,
        end_date: checked.span.endDate,
        duration: checked.duration,
      },
      typeName: checked.type.name,
    };
    await tellApprovers(tx, facts, person, checked.approverIds);
    // An approver away today hands the request to their substitute at once.
    const routed = await routeToSubstitutes(tx, companyToday(ctx.config), id);
    return routed > 0 ? view(tx, id) : created;
  });
}

/** One request: its requester, approvers and HR see it. */
export async function getLeaveRequest(ctx: ServiceContext, id: string): Promise<LeaveRequest> {
  const { row, approvers } = await requireVisible(ctx, id);
  return toLeaveRequest(ctx, row, approvers);
}

/**
 * Changes a waiting request: dates, type, reason, approvers. `version` must be the one the person
 * loaded (412 otherwise: an approval or another edit came first). Approvers who had approved are
 * asked again, since what they approved changed.
 */
export async function updateLeaveRequest(
  ctx: ServiceContext,
  id: string,
  input: LeaveRequestUpdateBody,
  uploads?: readonly UploadedFile[],
): Promise<LeaveRequest> {
  const attachment = checkAttachment(uploads);
  return inTransaction(ctx, async (tx) => {
    const { row: before, approvers } = await requireVisible(tx, id);
    await repo.lockPersonLeave(tx.db, before.user_id);
    const locked = (await repo.lockRequest(tx.db, id))!;
    const record = requestRecord(tx, locked, approvers);
    if (locked.status !== WAITING)
      throw new AppError('LEAVE_REQUEST_CLOSED', { params: { status: locked.status } });
    leaveRequestPolicy.authorize(tx.actor, 'edit', record);
    if (locked.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    const person = await requirePerson(tx, before.user_id);
    const { problems, checked } = await checkRequest(tx, person, input, {
      excludeId: id,
      hasAttachment: Boolean(attachment ?? before.attachment_key),
      filedByHr: before.user_id !== ctx.actor.id,
    });
    if (!checked) throw validationError(problems);
    const beforeView = toLeaveRequest(tx, before, approvers);
    await repo.updateRequest(tx.db, id, values(checked, input.reason));
    await repo.replaceDays(tx.db, id, before.user_id, checked.days);
    await repo.deleteApprovers(tx.db, id);
    await repo.insertApprovers(
      tx.db,
      id,
      checked.approverIds.map((approverId) => ({ approver_id: approverId, substitute_for: null })),
    );
    if (attachment) await storeAttachment(tx, id, attachment);
    const after = await view(tx, id);
    await recordAudit(tx, {
      action: 'leave_request.updated',
      entityType: 'leave_request',
      entityId: id,
      before: beforeView,
      after,
    });
    // New approvers, and those who had already answered (what they answered changed), are asked.
    const stillWaiting = new Set(
      approvers.filter((a) => a.status === 'WAITING FOR APPROVAL').map((a) => a.approver_id),
    );
    const added = checked.approverIds.filter((approverId) => !stillWaiting.has(approverId));
    const facts = {
      request: {
        id,
        start_date: checked.span.startDate,
        end_date: checked.span.endDate,
        duration: checked.duration,
      },
      typeName: checked.type.name,
    };
    await tellApprovers(tx, facts, person, added);
    await routeToSubstitutes(tx, companyToday(ctx.config), id);
    return view(tx, id);
  });
}

/** Deletes a waiting request (its requester, or HR). */
export async function deleteLeaveRequest(ctx: ServiceContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const { row, approvers } = await requireVisible(tx, id);
    const locked = (await repo.lockRequest(tx.db, id))!;
    if (locked.status !== WAITING)
      throw new AppError('LEAVE_REQUEST_CLOSED', { params: { status: locked.status } });
    leaveRequestPolicy.authorize(tx.actor, 'delete', requestRecord(tx, locked, approvers));
    await repo.deleteRequest(tx.db, id);
    if (row.attachment_key) {
      const key = row.attachment_key;
      tx.afterCommit.push(() => fileStorage(ctx.config).delete(key));
    }
    await recordAudit(tx, {
      action: 'leave_request.deleted',
      entityType: 'leave_request',
      entityId: id,
      before: toLeaveRequest(tx, row, approvers),
    });
  });
}

/** Calls off approved leave that has not started: its days come back to the balance. */
export async function cancelLeaveRequest(ctx: ServiceContext, id: string): Promise<LeaveRequest> {
  return inTransaction(ctx, async (tx) => {
    const { row, approvers } = await requireVisible(tx, id);
    const locked = (await repo.lockRequest(tx.db, id))!;
    const record = requestRecord(tx, locked, approvers);
    if (!leaveRequestPolicy.can(tx.actor, 'cancel', record)) {
      // Someone who could cancel it were it approved and ahead is told why not; others, forbidden.
      const wouldMay = leaveRequestPolicy.can(tx.actor, 'cancel', {
        ...record,
        status: 'APPROVED',
        startDate: '9999-12-31',
      });
      throw new AppError(wouldMay ? 'LEAVE_NOT_CANCELLABLE' : 'FORBIDDEN');
    }
    await repo.setRequestStatus(tx.db, id, { status: 'CANCELLED', cancelled_at: new Date() });
    const after = await view(tx, id);
    await recordAudit(tx, {
      action: 'leave_request.cancelled',
      entityType: 'leave_request',
      entityId: id,
      before: toLeaveRequest(tx, row, approvers),
      after,
    });
    return after;
  });
}

/** The caller's own requests, newest first. */
export async function listMyLeaveRequests(
  ctx: ServiceContext,
  query: MyLeaveQuery,
): Promise<LeaveRequestPage> {
  if (!isPerson(ctx.actor) || !mayRequestFor(ctx.actor, ctx.actor.id)) throw new AppError('FORBIDDEN');
  const userId = ctx.actor.id;
  const page = await paginate(
    query,
    (window) => repo.listRequests(ctx.db, { userId, status: query.status, year: query.year }, window),
    (row) => row,
  );
  return { ...page, items: await toLeaveRequests(ctx, page.items) };
}

/** Every request (HR), filtered by person, department, type, status and dates. */
export async function listLeaveRequests(
  ctx: ServiceContext,
  query: LeaveRequestQuery,
): Promise<LeaveRequestPage> {
  leaveSettingsPolicy.authorize(ctx.actor, 'viewAll', undefined);
  if (query.from && query.to && query.to < query.from)
    throw validationError([{ field: 'to', code: 'dateOrder' }]);
  const page = await paginate(
    query,
    (window) => repo.listRequests(ctx.db, query, window),
    (row) => row,
  );
  return { ...page, items: await toLeaveRequests(ctx, page.items) };
}

/**
 * What a request would be, before it is sent: its duration, the holidays it hits, the balance left
 * and how many colleagues of the person's department are off then (the clash warning).
 */
export async function previewLeaveRequest(
  ctx: ServiceContext,
  query: LeavePreviewQuery,
): Promise<LeavePreview> {
  const personId = query.personId ?? (isPerson(ctx.actor) ? ctx.actor.id : null);
  if (!personId || !mayRequestFor(ctx.actor, personId)) throw new AppError('FORBIDDEN');
  const person = await requirePerson(ctx, personId);
  const { problems, checked } = await checkRequest(
    ctx,
    person,
    { ...query, approverIds: [] },
    { excludeId: query.excludeId, hasAttachment: true, filedByHr: personId !== ctx.actor.id },
  );
  const holidays = problems.find((p) => p.code === 'leaveIncludesHoliday')?.params?.holidays;
  // The preview answers while the person types: only a span that cannot be read is refused.
  const unreadable = problems.filter((p) => PREVIEW_REFUSES.has(p.code));
  if (unreadable.length > 0) throw validationError(unreadable);
  const days = checked?.days ?? leaveDays(query).days;
  const year = Number(query.startDate.slice(0, 4));
  const balance = (await computeBalances(ctx, person, year)).find(
    (b) => b.absenceType.id === query.absenceTypeId,
  );
  // Editing gives back what the request holds, when it holds days of the same type and year.
  const edited = query.excludeId ? await repo.findRequest(ctx.db, query.excludeId) : undefined;
  const held =
    edited &&
    edited.user_id === personId &&
    edited.absence_type_id === query.absenceTypeId &&
    edited.year === year
      ? Number(edited.duration)
      : 0;
  return {
    duration: days.reduce((sum, d) => sum + d.amount, 0),
    holidays: holidays ? String(holidays).split(', ') : [],
    remaining: balance ? balance.remaining + held : null,
    clash: await clashOf(
      ctx,
      person,
      days.map((d) => d.day),
    ),
  };
}

/** Who may be named as an approver: active people holding leave.approve, the caller left out. */
export async function listApproverCandidates(
  ctx: ServiceContext,
  query: { search?: string },
): Promise<ApproverCandidateList> {
  leaveSettingsPolicy.authorize(ctx.actor, 'view', undefined);
  const rows = await listPermissionHolders(ctx, 'leave.approve', {
    exceptId: ctx.actor.id,
    search: query.search,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      avatarUrl: row.avatar_url,
    })),
  };
}

/** The attachment of a request, for those who may see the request. */
export async function openLeaveAttachment(
  ctx: ServiceContext,
  id: string,
): Promise<{ stream: Readable; fileName: string; contentType: string }> {
  const { row } = await requireVisible(ctx, id);
  const stream = row.attachment_key ? await fileStorage(ctx.config).get(row.attachment_key) : null;
  if (!stream) throw new AppError('NOT_FOUND');
  return {
    stream,
    fileName: row.attachment_name ?? 'attachment',
    contentType: row.attachment_type ?? 'application/octet-stream',
  };
}
