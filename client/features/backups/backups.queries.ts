import { useQuery } from '@tanstack/react-query';
import { backupsApi } from './backups.api.ts';

export const backupKeys = {
  all: ['backups'] as const,
  list: () => ['backups', 'list'] as const,
  logs: (id: string, page: number) => ['backups', 'logs', id, page] as const,
};

/** Every backup configuration; refreshed while a run is queued or under way, so its result shows up. */
export function useBackupConfigurations() {
  return useQuery({
    queryKey: backupKeys.list(),
    queryFn: backupsApi.list,
    refetchInterval: (query) =>
      query.state.data?.items.some(
        (item) => item.lastLog && ['QUEUED', 'RUNNING'].includes(item.lastLog.status),
      )
        ? 3000
        : false,
  });
}

/** A page of one configuration's runs. */
export function useBackupLogs(id: string, page: number) {
  return useQuery({ queryKey: backupKeys.logs(id, page), queryFn: () => backupsApi.logs(id, page) });
}
