import type { Document, DocumentVersion } from '../../../shared/documents.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { isPerson } from '../../core/policy.ts';
import {
  documentAbilities,
  documentPolicy,
  managesDocuments,
  type DocumentRecord,
} from './documents.policy.ts';
import * as repo from './documents.repository.ts';

/** What the documents' use cases share: the record the policy reads, the API shapes, the audience checks. */

export async function recordOf(ctx: ServiceContext, row: repo.DocumentRow): Promise<DocumentRecord> {
  return {
    inAudience: isPerson(ctx.actor) ? await repo.isInAudience(ctx.db, row.id, ctx.actor.id) : false,
    requiresAcknowledgement: row.requires_acknowledgement,
  };
}

/** The document, when the actor may see it; NOT_FOUND otherwise (a hidden document does not exist). */
export async function requireVisibleDocument(
  ctx: ServiceContext,
  id: string,
  options: { lock?: boolean } = {},
) {
  const row = await repo.findDocument(ctx.db, id, options);
  if (!row) throw new AppError('NOT_FOUND');
  const record = await recordOf(ctx, row);
  if (!documentPolicy.can(ctx.actor, 'view', record)) throw new AppError('NOT_FOUND');
  return { row, record };
}

export function toVersion(row: {
  id: string;
  number: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  note: string | null;
  created_at: Date;
  created_by: string | null;
}): DocumentVersion {
  return {
    id: row.id,
    number: row.number,
    fileName: row.file_name,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    note: row.note,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  };
}

/** The API shape of documents, with the caller's acknowledgement and (for managers) the counts. */
export async function toDocuments(
  ctx: ServiceContext,
  rows: readonly repo.DocumentRow[],
): Promise<Document[]> {
  const ids = rows.map((row) => row.id);
  const [names, acknowledged, counts, audiences] = await Promise.all([
    repo.audienceNames(ctx.db, ids),
    isPerson(ctx.actor)
      ? repo.acknowledgementsOf(
          ctx.db,
          ctx.actor.id,
          rows.map((row) => row.version_id),
        )
      : new Map<string, Date>(),
    managesDocuments(ctx.actor) ? repo.acknowledgementCounts(ctx.db, ids) : null,
    Promise.all(rows.map((row) => recordOf(ctx, row))),
  ]);
  return rows.map((row, index) => {
    const count = counts?.get(row.id) ?? { audience: 0, acknowledged: 0 };
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      category: row.category,
      visibility: row.visibility,
      roles: names.roles.filter((r) => r.document_id === row.id).map((r) => ({ id: r.id, name: r.name })),
      departments: names.departments
        .filter((d) => d.document_id === row.id)
        .map((d) => ({ id: d.id, name: d.name })),
      requiresAcknowledgement: row.requires_acknowledgement,
      currentVersion: toVersion({
        id: row.version_id,
        number: row.version_number,
        file_name: row.file_name,
        content_type: row.content_type,
        size_bytes: row.size_bytes,
        note: row.version_note,
        created_at: row.version_created_at,
        created_by: row.version_created_by,
      }),
      acknowledgedAt: acknowledged.get(row.version_id)?.toISOString() ?? null,
      acknowledgedCount: counts && row.requires_acknowledgement ? count.acknowledged : null,
      audienceCount: counts ? count.audience : null,
      version: row.version,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      abilities: documentAbilities(ctx.actor, audiences[index]!),
    };
  });
}

export interface AudienceInput {
  category: string;
  visibility: string;
  roleIds: readonly string[];
  departmentIds: readonly string[];
  requiresAcknowledgement: boolean;
}

/**
 * Every problem with a document's audience and acknowledgement at once: ROLES needs a role and
 * DEPARTMENTS a department (each one existing), and a regulation always requires acknowledgement.
 */
export async function audienceProblems(ctx: ServiceContext, input: AudienceInput): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  if (input.category === 'REGULATION' && !input.requiresAcknowledgement)
    problems.push({ field: 'requiresAcknowledgement', code: 'regulationNeedsAcknowledgement' });
  if (input.visibility === 'ROLES' && input.roleIds.length === 0)
    problems.push({ field: 'roleIds', code: 'audienceRequired' });
  if (input.visibility === 'DEPARTMENTS' && input.departmentIds.length === 0)
    problems.push({ field: 'departmentIds', code: 'audienceRequired' });
  const existing = await repo.existingAudience(ctx.db, input.roleIds, input.departmentIds);
  if (input.roleIds.some((id) => !existing.roleIds.has(id)))
    problems.push({ field: 'roleIds', code: 'unknownRole' });
  if (input.departmentIds.some((id) => !existing.departmentIds.has(id)))
    problems.push({ field: 'departmentIds', code: 'unknownDepartment' });
  return problems;
}

export function throwIfProblems(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw validationError(problems);
}

/** A duplicate title among live documents: 409 on `title`. */
export function duplicateTitle(error: unknown): unknown {
  return isUniqueViolation(error, 'documents_title_key')
    ? new AppError('ALREADY_EXISTS', {
        params: { field: 'title' },
        details: [{ field: 'title', code: 'alreadyExists', message: '' }],
      })
    : error;
}
