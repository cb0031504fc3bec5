import { LANGUAGES, i18nFor, type Language } from '../../../shared/i18n/index.ts';
import {
  LEGAL_KINDS,
  type LegalKind,
  type LegalPage,
  type LegalPageBody,
} from '../../../shared/legal.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { LegalPageKind } from '../../db/database.ts';
import * as repo from './legal-pages.repository.ts';

const COLUMN_KIND: Record<LegalKind, LegalPageKind> = { terms: 'TERMS', privacy: 'PRIVACY' };

type Row = Awaited<ReturnType<typeof repo.findLegalPages>>[number];

/** The stored text, or the built-in one (translated) while nobody has edited it. */
function toPage(kind: LegalKind, language: Language, row: Row | undefined): LegalPage {
  if (row) {
    return { kind, language, content: row.content, custom: true, updatedAt: row.updated_at.toISOString() };
  }
  const content = i18nFor(language).t(`legal:defaults.${kind}`) as string;
  return { kind, language, content, custom: false, updatedAt: null };
}

/** A legal page for anyone, signed in or not (the sign-up page links to it). */
export async function getLegalPage(
  ctx: ServiceContext,
  kind: LegalKind,
  language: Language,
): Promise<LegalPage> {
  const [row] = await repo.findLegalPages(ctx.db, { kind: COLUMN_KIND[kind], language });
  return toPage(kind, language, row);
}

/** Both pages in both languages, for the platform settings screen. */
export async function listLegalPages(ctx: ServiceContext): Promise<LegalPage[]> {
  authorize(ctx.actor, 'platform-settings.manage');
  const rows = await repo.findLegalPages(ctx.db);
  return LEGAL_KINDS.flatMap((kind) =>
    LANGUAGES.map((language) =>
      toPage(
        kind,
        language,
        rows.find((r) => r.kind === COLUMN_KIND[kind] && r.language === language),
      ),
    ),
  );
}

/** Replaces the text of a legal page in one language; the previous text stays in the audit trail. */
export async function updateLegalPage(
  ctx: ServiceContext,
  kind: LegalKind,
  language: Language,
  input: LegalPageBody,
): Promise<LegalPage> {
  authorize(ctx.actor, 'platform-settings.manage');
  return inTransaction(ctx, async (tx) => {
    const before = await repo.lockLegalPage(tx.db, COLUMN_KIND[kind], language);
    const saved = await repo.saveLegalPage(tx.db, {
      kind: COLUMN_KIND[kind],
      language,
      content: input.content.trim(),
      updated_by: tx.actor.id,
    });
    await recordAudit(tx, {
      action: 'legal_page.updated',
      entityType: 'legal_page',
      entityId: `${kind}:${language}`,
      before: before ? { content: before.content } : null,
      after: { content: saved.content },
    });
    return toPage(kind, language, saved);
  });
}
