import type { Readable } from 'node:stream';
import type { ResumePage, ResumeQuery } from '../../../shared/recruitment.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { pageOf, pageWindow } from '../../core/paging.ts';
import { fileStorage } from '../../core/files/file-storage.ts';
import * as repo from './applications.repository.ts';
import * as resumeSearch from './resume-search.repository.ts';
import * as campaigns from './campaigns.repository.ts';
import { campaignPolicy, recruitmentPolicy } from './recruitment.policy.ts';
import { resumeTsQuery, snippetOf } from './recruitment-rules.ts';

/** Every resume, searched by its text (all-resume), and one resume's PDF. */

/**
 * Resumes whose text holds every word searched (accents and case ignored, words as prefixes), or
 * whose candidate's name or email does: the newest 200 matches best first, then newest first, at
 * most 1,000 (`totalCapped` when more match); the newest first without a search. For those with
 * recruitment permissions: every candidate of every campaign is in it.
 */
export async function searchResumes(ctx: ServiceContext, query: ResumeQuery): Promise<ResumePage> {
  recruitmentPolicy.authorize(ctx.actor, 'searchResumes', undefined);
  const window = pageWindow(query);
  const { rows, total, totalCapped } = await resumeSearch.searchResumes(
    ctx.db,
    resumeTsQuery(query.search),
    query.search,
    window,
  );
  const applications = await repo.listResumeApplications(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      resume: {
        id: row.id,
        fileName: row.file_name,
        sizeBytes: row.size_bytes,
        pageCount: row.page_count,
        hasText: row.text !== '',
        uploadedAt: row.created_at.toISOString(),
      },
      candidate: {
        id: row.candidate_id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        phone: row.phone,
        source: row.source,
        links: row.links,
      },
      snippet: snippetOf(row.text, query.search),
      applications: applications
        .filter((a) => a.resume_id === row.id)
        .map((a) => ({ id: a.id, campaignId: a.campaign_id, position: a.position, stageName: a.stage_name })),
    })),
    ...pageOf(window, total),
    totalCapped,
  };
}

/**
 * A resume's PDF, for those who may see a campaign it was sent to (recruitment permissions, or
 * that campaign's hiring team); NOT_FOUND for anyone else.
 */
export async function openResume(
  ctx: ServiceContext,
  id: string,
): Promise<{ stream: Readable; fileName: string; sizeBytes: number }> {
  if (!ctx.actor.id && ctx.actor.kind !== 'system') throw new AppError('UNAUTHENTICATED');
  const resume = await repo.findResume(ctx.db, id);
  if (!resume) throw new AppError('NOT_FOUND');
  const campaignIds = await repo.resumeCampaigns(ctx.db, id);
  const teams = await campaigns.listTeams(ctx.db, campaignIds);
  const visible =
    recruitmentPolicy.can(ctx.actor, 'searchResumes', undefined) ||
    campaignIds.some((campaignId) =>
      campaignPolicy.can(ctx.actor, 'view', {
        teamIds: teams.filter((m) => m.campaign_id === campaignId).map((m) => m.id),
      }),
    );
  if (!visible) throw new AppError('NOT_FOUND');
  const stream = await fileStorage(ctx.config).get(resume.storage_key);
  if (!stream) throw new AppError('NOT_FOUND');
  return { stream, fileName: resume.file_name, sizeBytes: resume.size_bytes };
}
