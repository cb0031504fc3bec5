import type {
  Acknowledgement,
  AcknowledgementPage,
  AudienceOptions,
  DocumentCategory,
  DocumentDetail,
  DocumentPage,
  DocumentVisibility,
  ReminderResult,
  ToAcknowledgeCount,
} from '../../../shared/documents.schemas.ts';
import { formBlob } from '../../api/form-blob.ts';
import { api, apiBlob, download, toQuery } from '../../api/http.ts';

/** The documents' calls: thin functions over `api()` (docs/client-conventions.md). */

export interface DocumentListParams {
  page: number;
  perPage: number;
  search?: string;
  category?: DocumentCategory;
  toAcknowledge?: boolean;
}

export interface DocumentInput {
  title: string;
  description: string | null;
  category: DocumentCategory;
  visibility: DocumentVisibility;
  roleIds: string[];
  departmentIds: string[];
  requiresAcknowledgement: boolean;
}

export const documentsApi = {
  list: (params: DocumentListParams) => api<DocumentPage>(`/documents${toQuery({ ...params })}`),
  get: (id: string) => api<DocumentDetail>(`/documents/${id}`),
  toAcknowledgeCount: () => api<ToAcknowledgeCount>('/documents/to-acknowledge/count'),
  audienceOptions: () => api<AudienceOptions>('/documents/audience-options'),
  create: (input: DocumentInput, file: File | null) =>
    api<DocumentDetail>('/documents', {
      method: 'POST',
      file: formBlob(
        {
          ...input,
          description: input.description,
          requiresAcknowledgement: String(input.requiresAcknowledgement),
        },
        file ? { file } : {},
      ),
    }),
  update: (id: string, input: DocumentInput & { version: number }) =>
    api<DocumentDetail>(`/documents/${id}`, { method: 'PUT', body: input }),
  remove: (id: string) => api<void>(`/documents/${id}`, { method: 'DELETE' }),
  uploadVersion: (id: string, note: string, file: File) =>
    api<DocumentDetail>(`/documents/${id}/versions`, {
      method: 'POST',
      file: formBlob({ note: note.trim() || null }, { file }),
    }),
  file: (id: string, versionId: string) => apiBlob(`/documents/${id}/versions/${versionId}/file`),
  downloadFile: (id: string, version: { id: string; fileName: string }) =>
    download(`/documents/${id}/versions/${version.id}/file?download=true`, version.fileName),
  acknowledge: (id: string) => api<Acknowledgement>(`/documents/${id}/acknowledgement`, { method: 'POST' }),
  acknowledgements: (
    id: string,
    params: { page: number; perPage: number; status?: 'ACKNOWLEDGED' | 'PENDING'; versionId?: string },
  ) => api<AcknowledgementPage>(`/documents/${id}/acknowledgements${toQuery({ ...params })}`),
  remind: (id: string) => api<ReminderResult>(`/documents/${id}/reminders`, { method: 'POST' }),
};
