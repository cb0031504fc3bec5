import type { Db } from '../../db/connect.ts';
import type { LegalPageKind } from '../../db/database.ts';

export function findLegalPages(db: Db, filter: { kind?: LegalPageKind; language?: 'en' | 'vi' } = {}) {
  let query = db.selectFrom('legal_pages').selectAll();
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.language) query = query.where('language', '=', filter.language);
  return query.execute();
}

/** Locks the page's row (when it exists) until the transaction ends, so two edits take turns. */
export function lockLegalPage(db: Db, kind: LegalPageKind, language: 'en' | 'vi') {
  return db
    .selectFrom('legal_pages')
    .selectAll()
    .where('kind', '=', kind)
    .where('language', '=', language)
    .forUpdate()
    .executeTakeFirst();
}

export function saveLegalPage(
  db: Db,
  values: { kind: LegalPageKind; language: 'en' | 'vi'; content: string; updated_by: string | null },
) {
  return db
    .insertInto('legal_pages')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['kind', 'language']).doUpdateSet({
        content: values.content,
        updated_by: values.updated_by,
        updated_at: new Date(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
