import type {
  BackupConfiguration,
  BackupConfigurationBody,
  BackupConfigurationList,
  BackupLog,
} from '../../../shared/backups.schemas.ts';
import type { Page } from '../../../shared/paging.schemas.ts';
import { api, download, toQuery } from '../../api/http.ts';

/** The backups area's calls: thin functions over `api()` (docs/client-conventions.md). */
export const backupsApi = {
  list: () => api<BackupConfigurationList>('/backups'),
  create: (body: BackupConfigurationBody) => api<BackupConfiguration>('/backups', { method: 'POST', body }),
  update: (id: string, body: BackupConfigurationBody) =>
    api<BackupConfiguration>(`/backups/${id}`, { method: 'PUT', body }),
  setActive: (id: string, active: boolean) =>
    api<BackupConfiguration>(`/backups/${id}/status`, { method: 'PUT', body: { active } }),
  remove: (id: string) => api<void>(`/backups/${id}`, { method: 'DELETE' }),
  runNow: (id: string) => api<{ logId: string }>(`/backups/${id}/run`, { method: 'POST' }),
  logs: (id: string, page: number) =>
    api<Page<BackupLog>>(`/backups/${id}/logs${toQuery({ page, perPage: 10 })}`),
  download: (log: BackupLog) =>
    download(`/backup-logs/${log.id}/download`, log.archiveName ?? 'backup.tar.gz'),
};
