import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { documentsApi, type DocumentListParams } from './documents.api.ts';

/** Documents as React Query hooks; every key starts with 'documents'. */

export { documentsApi } from './documents.api.ts';
export type { DocumentInput, DocumentListParams } from './documents.api.ts';

export const documentKeys = {
  all: ['documents'] as const,
  list: (params: DocumentListParams) => ['documents', 'list', params] as const,
  one: (id: string) => ['documents', 'one', id] as const,
  toAcknowledge: ['documents', 'to-acknowledge'] as const,
  audience: ['documents', 'audience-options'] as const,
  acknowledgements: (id: string, params: object) => ['documents', 'acknowledgements', id, params] as const,
  file: (id: string, versionId: string) => ['documents', 'file', id, versionId] as const,
};

export const useDocumentList = (params: DocumentListParams) =>
  useQuery({
    queryKey: documentKeys.list(params),
    queryFn: () => documentsApi.list(params),
    placeholderData: keepPreviousData,
  });
export const useDocument = (id: string | null) =>
  useQuery({
    queryKey: documentKeys.one(id ?? ''),
    queryFn: () => documentsApi.get(id!),
    enabled: Boolean(id),
  });
/** How many documents the person must still acknowledge (the sidebar badge, the to-read tab). */
export const useToAcknowledgeCount = (enabled = true) =>
  useQuery({
    queryKey: documentKeys.toAcknowledge,
    queryFn: documentsApi.toAcknowledgeCount,
    enabled,
    staleTime: 60_000,
  });
export const useAudienceOptions = (enabled: boolean) =>
  useQuery({ queryKey: documentKeys.audience, queryFn: documentsApi.audienceOptions, enabled });
export const useAcknowledgements = (
  id: string,
  params: { page: number; perPage: number; status?: 'ACKNOWLEDGED' | 'PENDING'; versionId?: string },
  enabled: boolean,
) =>
  useQuery({
    queryKey: documentKeys.acknowledgements(id, params),
    queryFn: () => documentsApi.acknowledgements(id, params),
    placeholderData: keepPreviousData,
    enabled,
  });
/** A version's file, for the preview (a version never changes). */
export const useDocumentFile = (id: string, versionId: string | null) =>
  useQuery({
    queryKey: documentKeys.file(id, versionId ?? ''),
    queryFn: () => documentsApi.file(id, versionId!),
    enabled: Boolean(versionId),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
