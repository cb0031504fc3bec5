import type { Actor } from '../../core/context.ts';
import { can, definePolicy, isPerson } from '../../core/policy.ts';

/**
 * Who may do what with company documents.
 *
 * Managers (`documents.manage`: HR) publish documents, upload versions, change who sees them, track
 * and remind. Readers (`documents.view`) see the documents whose audience they are in (everyone,
 * one of its roles, one of its departments) and acknowledge those that require it; a document they
 * are not in the audience of is NOT_FOUND to them, as if it did not exist.
 */
export interface DocumentRecord {
  /** Whether the actor is in the document's audience (computed by the service). */
  inAudience: boolean;
  requiresAcknowledgement: boolean;
}

const manage = (actor: Actor) => can(actor, 'documents.manage');
const read = (actor: Actor) => can(actor, 'documents.view') || manage(actor);

export const documentPolicy = definePolicy<
  DocumentRecord,
  'view' | 'edit' | 'delete' | 'upload' | 'track' | 'acknowledge'
>('document', {
  view: (actor, record) => manage(actor) || (can(actor, 'documents.view') && record.inAudience),
  edit: (actor) => manage(actor),
  delete: (actor) => manage(actor),
  upload: (actor) => manage(actor),
  track: (actor) => manage(actor),
  acknowledge: (actor, record) =>
    isPerson(actor) && read(actor) && record.inAudience && record.requiresAcknowledgement,
});

export const documentsPolicy = definePolicy<undefined, 'list' | 'create' | 'readList'>('documents', {
  list: (actor) => read(actor),
  create: (actor) => manage(actor),
  /** One's own to-read list. */
  readList: (actor) => isPerson(actor) && read(actor),
});

/** What the client may offer for one document. */
export function documentAbilities(actor: Actor, record: DocumentRecord) {
  return documentPolicy.abilities(actor, record);
}

export const managesDocuments = manage;
