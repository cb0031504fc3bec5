import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  FEEDBACK_STAGE_KINDS,
  type Application,
  type ApplicationBody,
  type ApplicationDetail,
  type ApplicationPage,
  type ApplicationQuery,
  type MoveBody,
} from '../../../shared/recruitment.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { pageOf, pageWindow } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { findUserById } from '../accounts/accounts.service.ts';
import { fileStorage } from '../../core/files/file-storage.ts';
import { unsupportedFileType } from '../../core/files/file-type.ts';
import { deleteStoredFiles, type StoredUpload } from '../../core/files/streamed-uploads.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as repo from './applications.repository.ts';
import { campaignPolicy } from './recruitment.policy.ts';
import { extractResumeText } from './resume-text.ts';
import {
  requireStatusAllows,
  requireVisibleApplication,
  requireVisibleCampaign,
  toApplications,
  toFeedback,
  type LoadedCampaign,
} from './recruitment-views.ts';

/** Candidates in a campaign: the board, one application, applying with a resume, moving between stages. */

/** A campaign's candidates for its board, by stage then by when they reached it. */
export async function listApplications(
  ctx: ServiceContext,
  campaignId: string,
  query: ApplicationQuery,
): Promise<ApplicationPage> {
  const campaign = await requireVisibleCampaign(ctx, campaignId);
  const window = pageWindow(query);
  const { rows, total } = await repo.listApplications(
    ctx.db,
    { campaignId, stageId: query.stageId, search: query.search },
    window,
  );
  return { items: await toApplications(ctx, campaign, rows), ...pageOf(window, total) };
}

/** One candidate's application: the card, its moves with their reasons, the feedback, what the caller still owes. */
export async function getApplication(ctx: ServiceContext, id: string): Promise<ApplicationDetail> {
  const { row, campaign } = await requireVisibleApplication(ctx, id);
  const [application] = await toApplications(ctx, campaign, [row]);
  const [moves, feedback] = await Promise.all([repo.listMoves(ctx.db, id), repo.listFeedback(ctx.db, [id])]);
  const reached = new Set(moves.map((move) => move.to_name));
  const mine = new Set(feedback.filter((f) => f.interviewer_id === ctx.actor.id).map((f) => f.stage_id));
  const onTeam = campaign.access.teamIds.includes(ctx.actor.id ?? '');
  return {
    ...application!,
    moves: moves.map((move) => ({
      id: move.id,
      from: move.from_name,
      to: move.to_name,
      reason: move.reason,
      movedBy: move.user_id
        ? { id: move.user_id, firstName: move.first_name!, lastName: move.last_name!, email: move.email! }
        : null,
      movedAt: move.moved_at.toISOString(),
    })),
    feedback: feedback.map(toFeedback),
    feedbackDue: onTeam
      ? campaign.stages
          .filter(
            (s) => FEEDBACK_STAGE_KINDS.includes(s.kind) && (reached.has(s.name) || s.id === row.stage_id),
          )
          .filter((s) => !mine.has(s.id))
          .map((s) => ({ stageId: s.id, stageName: s.name }))
      : [],
  };
}

async function readUpload(ctx: ServiceContext, upload: StoredUpload): Promise<Buffer> {
  const stream = await fileStorage(ctx.config).get(upload.key);
  if (!stream) throw new Error(`uploaded resume vanished: ${upload.key}`);
  return buffer(stream as Readable);
}

/** The person acting, as notifications show them. */
async function notificationActor(ctx: ServiceContext) {
  const me = ctx.actor.id ? await findUserById(ctx, ctx.actor.id) : undefined;
  return me ? { id: me.id, firstName: me.first_name, lastName: me.last_name, avatarUrl: null } : null;
}

const candidateRef = (row: { candidate_id: string; first_name: string; last_name: string }) => ({
  id: row.candidate_id,
  firstName: row.first_name,
  lastName: row.last_name,
});

/**
 * Adds a candidate to an OPEN campaign with a PDF resume (the form's `resume` file, already
 * streamed to storage and checked by content). A candidate is one person by email: applying to a
 * second campaign updates their details and may reuse their latest resume. An email already in
 * this campaign is refused (409). The hiring team is notified. A refusal deletes the stored file.
 */
export async function addApplication(
  ctx: ServiceContext,
  campaignId: string,
  input: ApplicationBody,
  uploads: readonly StoredUpload[] = [],
): Promise<Application> {
  try {
    const campaign = await requireVisibleCampaign(ctx, campaignId);
    campaignPolicy.authorize(ctx.actor, 'addCandidate', campaign.access);
    requireStatusAllows(campaign, 'addCandidate');
    const upload = uploads[0];
    // The text is read before the transaction, on another thread: the slow part holds no lock.
    const extracted = upload ? await extractResumeText(await readUpload(ctx, upload)) : null;
    if (extracted && 'unreadable' in extracted) throw unsupportedFileType('resume');
    return await inTransaction(ctx, async (tx) => {
      const email = input.email.trim().toLowerCase();
      const details = {
        first_name: input.firstName.trim(),
        last_name: input.lastName.trim(),
        phone: input.phone?.trim() || null,
        source: input.source,
        links: [...new Set(input.links ?? [])],
      };
      const existing = await repo.findCandidateByEmail(tx.db, email);
      let candidateId: string;
      if (existing) {
        candidateId = existing.id;
        await repo.updateCandidate(tx.db, candidateId, details);
      } else {
        candidateId = await repo
          .insertCandidate(tx.db, { ...details, email, created_by: tx.actor.id })
          .catch((error) => Promise.reject(isUniqueViolation(error) ? emailTaken() : error));
      }
      let resumeId: string | null;
      if (upload && extracted && !('unreadable' in extracted)) {
        resumeId = await repo.insertResume(tx.db, {
          candidate_id: candidateId,
          storage_key: upload.key,
          file_name: upload.fileName,
          size_bytes: upload.sizeBytes,
          sha256: upload.sha256,
          page_count: extracted.pageCount,
          text: extracted.text,
          created_by: tx.actor.id,
        });
      } else resumeId = (await repo.findLatestResume(tx.db, candidateId))?.id ?? null;
      if (!resumeId) throw validationError([{ field: 'resume', code: 'required' }]);
      const applied = campaign.stages.find((stage) => stage.kind === 'APPLIED')!;
      const id = await repo
        .insertApplication(tx.db, {
          campaign_id: campaignId,
          candidate_id: candidateId,
          stage_id: applied.id,
          resume_id: resumeId,
          created_by: tx.actor.id,
        })
        .catch((error) => Promise.reject(isUniqueViolation(error) ? emailTaken() : error));
      const row = (await repo.findApplication(tx.db, id))!;
      const [created] = await toApplications(tx, campaign, [row]);
      await recordAudit(tx, {
        action: 'hiring_application.created',
        entityType: 'hiring_application',
        entityId: id,
        after: created,
      });
      await notify(
        tx,
        campaign.access.teamIds.filter((member) => member !== tx.actor.id),
        'HIRING_NEW_CANDIDATE',
        {
          actor: await notificationActor(tx),
          campaign: { id: campaignId, position: campaign.row.position },
          candidate: candidateRef(row),
        },
      );
      return created!;
    });
  } catch (error) {
    await deleteStoredFiles(
      ctx.config,
      uploads.map((upload) => upload.key),
    );
    throw error;
  }
}

/** 409: this email has applied to this campaign already (a candidate's email is unique per campaign). */
const emailTaken = () =>
  new AppError('ALREADY_EXISTS', {
    params: { field: 'email' },
    details: [{ field: 'email', code: 'candidateAlreadyApplied', message: '' }],
  });

/**
 * Moves a candidate to another stage of the campaign's pipeline, with a reason (kept in the
 * history). Hiring goes through `hireCandidate` (it creates the employee); a hired candidate stays.
 * Entering a screening or interview stage tells the hiring team their feedback is due.
 */
export async function moveApplication(
  ctx: ServiceContext,
  id: string,
  input: MoveBody,
): Promise<Application> {
  return inTransaction(ctx, async (tx) => {
    const { row, campaign } = await requireVisibleApplication(tx, id, { lock: true });
    campaignPolicy.authorize(tx.actor, 'move', campaign.access);
    requireStatusAllows(campaign, 'move');
    if (row.hired_employee_id) throw new AppError('HIRING_APPLICATION_HIRED');
    if (row.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    const target = campaign.stages.find((stage) => stage.id === input.stageId);
    if (!target) throw validationError([{ field: 'stageId', code: 'stageNotInPipeline' }]);
    if (target.kind === 'HIRED') throw validationError([{ field: 'stageId', code: 'hireThroughHire' }]);
    if (target.id === row.stage_id) throw validationError([{ field: 'stageId', code: 'sameStage' }]);
    const [before] = await toApplications(tx, campaign, [row]);
    await repo.moveApplication(tx.db, id, { stage_id: target.id });
    await repo.insertMove(tx.db, {
      application_id: id,
      from_stage_id: row.stage_id,
      to_stage_id: target.id,
      from_name: row.stage_name,
      to_name: target.name,
      reason: input.reason.trim(),
      moved_by: tx.actor.id,
    });
    const [after] = await toApplications(tx, campaign, [(await repo.findApplication(tx.db, id))!]);
    await recordAudit(tx, {
      action: 'hiring_application.moved',
      entityType: 'hiring_application',
      entityId: id,
      before,
      after: { ...after, reason: input.reason.trim() },
    });
    if (FEEDBACK_STAGE_KINDS.includes(target.kind)) await notifyFeedbackDue(tx, campaign, row, target.name);
    return after!;
  });
}

async function notifyFeedbackDue(
  tx: ServiceContext,
  campaign: LoadedCampaign,
  row: repo.ApplicationRow,
  stageName: string,
) {
  const due = new Date(`${companyToday(tx.config)}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + campaign.row.feedback_due_days);
  await notify(tx, campaign.access.teamIds, 'HIRING_FEEDBACK_DUE', {
    actor: await notificationActor(tx),
    campaign: { id: campaign.row.id, position: campaign.row.position },
    candidate: candidateRef(row),
    stage: stageName,
    dueDate: due.toISOString().slice(0, 10),
  });
}
