import type { Language } from '../../../shared/i18n/index.ts';
import type { UpdatedAt } from './columns.ts';

/** The legal area's table: the terms of service and the privacy policy, per language. */

/** Stored in capitals; the API names them 'terms' and 'privacy' (shared/legal.schemas.ts). */
export type LegalPageKind = 'TERMS' | 'PRIVACY';

/** The text of the terms of service and the privacy policy, per language, edited in platform settings. */
export interface LegalPagesTable {
  kind: LegalPageKind;
  language: Language;
  content: string;
  updated_at: UpdatedAt;
  updated_by: string | null;
}

export interface LegalTables {
  legal_pages: LegalPagesTable;
}
