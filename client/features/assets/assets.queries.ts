import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assetsApi, type AssetListParams } from './assets.api.ts';

/** Assets as React Query hooks; every key starts with 'assets'. */

export { assetsApi } from './assets.api.ts';
export type { AssetListParams } from './assets.api.ts';

export const assetKeys = {
  all: ['assets'] as const,
  list: (params: AssetListParams) => ['assets', 'list', params] as const,
  one: (id: string) => ['assets', 'one', id] as const,
  people: (search: string) => ['assets', 'people', search] as const,
  qr: (ids: string[]) => ['assets', 'qr', ids] as const,
  audits: ['assets', 'audits'] as const,
  audit: (id: string) => ['assets', 'audits', id] as const,
};

export const useAssets = (params: AssetListParams, enabled = true) =>
  useQuery({
    queryKey: assetKeys.list(params),
    queryFn: () => assetsApi.list(params),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useAsset = (id: string) =>
  useQuery({ queryKey: assetKeys.one(id), queryFn: () => assetsApi.get(id), retry: false });
/** Active people by name (a picker's choices; `enabled` while it is open). */
export const useAssetPeople = (search: string, enabled = true) =>
  useQuery({
    queryKey: assetKeys.people(search),
    queryFn: () => assetsApi.people(search),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
export const useQrCodes = (ids: string[]) =>
  useQuery({ queryKey: assetKeys.qr(ids), queryFn: () => assetsApi.qrCodes(ids), enabled: ids.length > 0 });
export const useAssetAudits = (enabled = true) =>
  useQuery({ queryKey: assetKeys.audits, queryFn: () => assetsApi.audits(), enabled });
export const useAssetAudit = (id: string | null) =>
  useQuery({
    queryKey: assetKeys.audit(id ?? ''),
    queryFn: () => assetsApi.audit(id!),
    enabled: Boolean(id),
  });
