import type {
  AccessRequest,
  AccessRequestBody,
  DenyAccessBody,
  GrantAccessBody,
} from '../../../shared/account.schemas.ts';
import { i18nFor, isLanguage } from '../../../shared/i18n/index.ts';
import { isPermission } from '../../../shared/permissions.ts';
import { screenName } from '../../../shared/rules/titles.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { AccessRequestStatus } from '../../db/database.ts';
import { assignRole } from '../access/role-assignments.service.ts';
import { composeAccountMail, mailName, mailTranslator } from '../accounts/account-mail.ts';
import { queueMail } from '../mail/mail.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { accessRequestAbilities, accessRequestPolicy } from './access-requests.policy.ts';
import * as repo from './access-requests.repository.ts';
import { requireAssignableRole } from './assignable-role.ts';
import { pushToUsers } from '../notifications/realtime.service.ts';

/** A page as mails name it: its screen's title in the reader's language. */
function screenIn(language: string, path: string): string {
  const i18n = i18nFor(isLanguage(language) ? language : 'en');
  return screenName((key) => i18n.t(key), path);
}

function toAccessRequest(ctx: ServiceContext, r: repo.AccessRequestRecord): AccessRequest {
  return {
    id: r.id,
    path: r.path,
    permission: r.permission,
    reason: r.reason,
    status: r.status,
    requester: {
      id: r.requester_id,
      email: r.requester_email,
      firstName: r.requester_first_name,
      lastName: r.requester_last_name,
    },
    grantedRole: r.granted_role_id ? { id: r.granted_role_id, name: r.granted_role_name ?? '' } : null,
    reviewNote: r.review_note,
    reviewedBy: r.reviewer_id
      ? {
          id: r.reviewer_id,
          email: r.reviewer_email ?? '',
          firstName: r.reviewer_first_name ?? '',
          lastName: r.reviewer_last_name ?? '',
        }
      : null,
    reviewedAt: r.reviewed_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    abilities: accessRequestAbilities(ctx.actor, r),
  };
}

async function requireRequest(ctx: ServiceContext, id: string, lock = false) {
  const found = lock ? await repo.lockAccessRequest(ctx.db, id) : await repo.findAccessRequest(ctx.db, id);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/**
 * A signed-in person asks for access to a page they may not open. The reviewers (holders of
 * access-requests.review) are told in the bell and by mail; asking again for the same page returns the open request.
 */
export async function requestAccess(
  ctx: ServiceContext,
  input: AccessRequestBody,
): Promise<{ request: AccessRequest; created: boolean }> {
  accessRequestPolicy.authorize(ctx.actor, 'request', null);
  const userId = ctx.actor.id!;
  const permission = input.permission?.trim() || null;
  if (permission && !isPermission(permission))
    throw validationError([{ field: 'permission', code: 'unknownPermission', params: { permission } }]);
  const path = input.path.trim().split(/[?#]/)[0]!.slice(0, 255);
  return inTransaction(ctx, async (tx) => {
    const { id, created } = await repo.insertAccessRequest(tx.db, {
      requester_id: userId,
      path,
      permission,
      reason: input.reason?.trim() || null,
    });
    const request = await requireRequest(tx, id);
    if (created) {
      const requesterName = mailName({
        first_name: request.requester_first_name,
        last_name: request.requester_last_name,
        email: request.requester_email,
      });
      const reviewers = (await repo.listReviewers(tx.db)).filter((reviewer) => reviewer.id !== userId);
      await notify(
        tx,
        reviewers.map((reviewer) => reviewer.id),
        'ACCESS_REQUEST',
        {
          actor: {
            id: userId,
            firstName: request.requester_first_name,
            lastName: request.requester_last_name,
            avatarUrl: null,
          },
          accessRequest: { id, path },
        },
      );
      for (const reviewer of reviewers) {
        const t = mailTranslator(reviewer.language);
        await queueMail(
          tx,
          composeAccountMail({
            to: reviewer.email,
            name: mailName(reviewer),
            language: reviewer.language,
            template: 'access-requested',
            subject: t('accessRequested.subject', { name: requesterName }),
            paragraphs: [
              t('accessRequested.intro', {
                name: requesterName,
                email: request.requester_email,
                path: screenIn(reviewer.language, path),
              }),
              ...(request.reason ? [t('accessRequested.reason', { reason: request.reason })] : []),
            ],
            action: {
              label: t('accessRequested.action'),
              url: `${tx.config.publicUrl}/access-control-management?tab=requests`,
            },
          }),
        );
      }
      await recordAudit(tx, {
        action: 'access_request.created',
        entityType: 'access_request',
        entityId: id,
        after: { path, permission },
      });
    } else {
      // Asking again changes nothing but is kept: reviewers can see a person kept waiting.
      await recordAudit(tx, {
        action: 'access_request.asked_again',
        entityType: 'access_request',
        entityId: id,
        after: { path, permission },
      });
    }
    return { request: toAccessRequest(tx, request), created };
  });
}

/** The caller's own access requests, newest first. */
export async function listMyAccessRequests(ctx: ServiceContext): Promise<AccessRequest[]> {
  accessRequestPolicy.authorize(ctx.actor, 'viewOwn', null);
  const rows = await repo.listAccessRequests(ctx.db, { requesterId: ctx.actor.id!, limit: 100 });
  return rows.map((r) => toAccessRequest(ctx, r));
}

/** Access requests for the reviewers: pending first, then newest. */
export async function listAccessRequests(
  ctx: ServiceContext,
  status?: AccessRequestStatus,
): Promise<AccessRequest[]> {
  accessRequestPolicy.authorize(ctx.actor, 'review', null);
  const rows = await repo.listAccessRequests(ctx.db, { status, limit: 500 });
  return rows.map((r) => toAccessRequest(ctx, r));
}

async function mailOutcome(
  tx: ServiceContext,
  request: repo.AccessRequestRecord,
  outcome: { granted: true; role: string } | { granted: false; note: string | null },
) {
  const t = mailTranslator(request.requester_language);
  await queueMail(
    tx,
    composeAccountMail({
      to: request.requester_email,
      name: mailName({
        first_name: request.requester_first_name,
        last_name: request.requester_last_name,
        email: request.requester_email,
      }),
      language: request.requester_language,
      template: outcome.granted ? 'access-granted' : 'access-denied',
      subject: t(outcome.granted ? 'accessGranted.subject' : 'accessDenied.subject'),
      paragraphs: outcome.granted
        ? [
            t('accessGranted.intro', {
              path: screenIn(request.requester_language, request.path),
              role: outcome.role,
            }),
          ]
        : [
            t('accessDenied.intro', { path: screenIn(request.requester_language, request.path) }),
            ...(outcome.note ? [t('accessDenied.note', { note: outcome.note })] : []),
          ],
      ...(outcome.granted && {
        action: { label: t('accessGranted.action'), url: `${tx.config.publicUrl}${request.path}` },
      }),
    }),
  );
}

/** Grants a pending request by giving the person a chosen, active ACCESS role. */
export async function grantAccessRequest(
  ctx: ServiceContext,
  id: string,
  input: GrantAccessBody,
): Promise<AccessRequest> {
  accessRequestPolicy.authorize(ctx.actor, 'review', null);
  return inTransaction(ctx, async (tx) => {
    const before = await requireRequest(tx, id, true);
    if (before.status !== 'PENDING')
      throw validationError([{ field: 'status', code: 'accessRequestClosed' }]);
    accessRequestPolicy.authorize(tx.actor, 'grant', before);
    // The role too must be within the reviewer's reach: granting is never a way to hand out more.
    const role = await requireAssignableRole(tx, input.roleId);
    await assignRole(tx, {
      user_id: before.requester_id,
      role_id: role.id,
      project_id: null,
      created_by: tx.actor.id,
    });
    await repo.closeAccessRequest(tx.db, id, {
      status: 'GRANTED',
      reviewed_by: tx.actor.id,
      review_note: input.note?.trim() || null,
      granted_role_id: role.id,
    });
    await mailOutcome(tx, before, { granted: true, role: role.name });
    // The person's open pages learn it at once (on commit) and reload their permissions.
    await pushToUsers(tx, [before.requester_id], 'access-changed', {
      reason: 'ACCESS_GRANTED',
      path: before.path,
      role: role.name,
    });
    const after = await requireRequest(tx, id);
    await recordAudit(tx, {
      action: 'access_request.granted',
      entityType: 'access_request',
      entityId: id,
      before: { status: before.status },
      after: { status: after.status, roleId: role.id, userId: before.requester_id },
    });
    return toAccessRequest(tx, after);
  });
}

/** Declines a pending request, with an optional note for the person. */
export async function denyAccessRequest(
  ctx: ServiceContext,
  id: string,
  input: DenyAccessBody,
): Promise<AccessRequest> {
  accessRequestPolicy.authorize(ctx.actor, 'review', null);
  return inTransaction(ctx, async (tx) => {
    const before = await requireRequest(tx, id, true);
    if (before.status !== 'PENDING')
      throw validationError([{ field: 'status', code: 'accessRequestClosed' }]);
    accessRequestPolicy.authorize(tx.actor, 'deny', before);
    const note = input.note?.trim() || null;
    await repo.closeAccessRequest(tx.db, id, {
      status: 'DENIED',
      reviewed_by: tx.actor.id,
      review_note: note,
    });
    await mailOutcome(tx, before, { granted: false, note });
    const after = await requireRequest(tx, id);
    await recordAudit(tx, {
      action: 'access_request.denied',
      entityType: 'access_request',
      entityId: id,
      before: { status: before.status },
      after: { status: after.status, note },
    });
    return toAccessRequest(tx, after);
  });
}
