import type {
  BrowserHints,
  DeviceCompliance,
  DeviceStatus,
  DeviceUpdateSettings,
  DeviceUpdateSettingsBody,
  DiscordCheckResult,
  WorkDevice,
  WorkDeviceBody,
  WorkDeviceList,
  WorkDeviceUpdateBody,
} from '../../../shared/devices.schemas.ts';
import { api } from '../../api/http.ts';

/** Work devices (one's own) and the work-device update rules (administrators). */
export const devicesApi = {
  status: () => api<DeviceStatus>('/me/device-status'),
  mine: () => api<WorkDeviceList>('/me/work-devices'),
  declare: (body: WorkDeviceBody) => api<WorkDevice>('/me/work-devices', { method: 'POST', body }),
  update: (id: string, body: WorkDeviceUpdateBody) =>
    api<WorkDevice>(`/me/work-devices/${id}`, { method: 'PUT', body }),
  remove: (id: string) => api<void>(`/me/work-devices/${id}`, { method: 'DELETE' }),
  recheck: (body: { deviceId?: string; hints?: BrowserHints }) =>
    api<DeviceStatus>('/me/work-devices/recheck', { method: 'POST', body }),
  updateSettings: () => api<DeviceUpdateSettings>('/platform-settings/work-device-updates'),
  saveUpdateSettings: (body: DeviceUpdateSettingsBody) =>
    api<DeviceUpdateSettings>('/platform-settings/work-device-updates', { method: 'PUT', body }),
  runDiscordCheck: () => api<DiscordCheckResult>('/platform-settings/discord-check', { method: 'POST' }),
  compliance: () => api<DeviceCompliance>('/platform-settings/work-device-compliance'),
};
