import type { Generated } from 'kysely';
import type { DeviceBrowser, DeviceOs, RequirementKind } from '../../../shared/devices.schemas.ts';
import type { EnforcementKind } from '../../domains/devices/enforcement-types.ts';
import type { CreatedAt, Defaulted, Json, OptionalColumn, UpdatedAt } from './columns.ts';

/** The work-devices area's tables (migrations/20261129_0100_devices.ts). */

export interface WorkDevicesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  os: OptionalColumn<DeviceOs>;
  os_version: OptionalColumn<string>;
  browser: OptionalColumn<DeviceBrowser>;
  browser_version: OptionalColumn<string>;
  user_agent: OptionalColumn<string>;
  antivirus: OptionalColumn<string>;
  firewall: boolean;
  disk_encryption: boolean;
  auto_lock_minutes: number;
  versions_read_at: Defaulted<Date>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DeviceVersionRequirementsTable {
  kind: RequirementKind;
  name: string;
  latest_version: string;
  /** A date column, read as YYYY-MM-DD text (the pg type parser is set for dates). */
  release_date: string;
  updated_at: UpdatedAt;
}

export interface DeviceUpdateSettingsTable {
  id: Defaulted<boolean>;
  grace_period_days: Defaulted<number>;
  require_declaration: Defaulted<boolean>;
  discord_check: Defaulted<boolean>;
  updated_at: OptionalColumn<Date>;
}

export interface SecurityEnforcementsTable {
  user_id: string;
  type: EnforcementKind;
  blocks_at: Date;
  data: Json;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SecurityExemptionsTable {
  user_id: string;
  reason: OptionalColumn<string>;
  created_at: CreatedAt;
}

export interface DevicesTables {
  work_devices: WorkDevicesTable;
  device_version_requirements: DeviceVersionRequirementsTable;
  device_update_settings: DeviceUpdateSettingsTable;
  security_enforcements: SecurityEnforcementsTable;
  security_exemptions: SecurityExemptionsTable;
}
