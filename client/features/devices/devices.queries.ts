import { useQuery } from '@tanstack/react-query';
import { devicesApi } from './devices.api.ts';

export const deviceKeys = {
  all: ['devices'] as const,
  mine: ['devices', 'mine'] as const,
  status: ['devices', 'status'] as const,
  updateSettings: ['devices', 'update-settings'] as const,
  compliance: ['devices', 'compliance'] as const,
};

export function useMyDevices() {
  return useQuery({ queryKey: deviceKeys.mine, queryFn: devicesApi.mine });
}

export function useDeviceUpdateSettings() {
  return useQuery({ queryKey: deviceKeys.updateSettings, queryFn: devicesApi.updateSettings });
}

export function useDeviceCompliance() {
  return useQuery({ queryKey: deviceKeys.compliance, queryFn: devicesApi.compliance });
}
