import type { ReactNode } from 'react';
import type { Permission } from '../../../shared/permissions.ts';
import type { SettingsCategory } from '../../../shared/platform-settings.schemas.ts';
import { BackupsCard } from '../backups/BackupsCard.tsx';
import { DeviceUpdatesSection } from '../devices/DeviceUpdatesSection.tsx';
import { AuditScheduleSection } from './AuditScheduleSection.tsx';
import { LegalPagesCard } from './LegalPagesCard.tsx';
import { SecuritySection } from './SecuritySection.tsx';
import { UtilitiesSection } from './UtilitiesSection.tsx';

/**
 * The sections of /platform-settings, in the order of their tabs: the spec's categories, each its own
 * component, shown to whoever holds its permission (the page itself needs platform-settings.manage).
 * WORK_DEVICE_UPDATE_MANAGEMENT's section belongs to the work-devices area. LEGAL (the terms and
 * privacy texts) is Backoffice's own addition.
 */
export type SectionKey = SettingsCategory | 'LEGAL';
export interface SettingsSection {
  key: SectionKey;
  permission: Permission;
  render: (props: { onSaved: (message: string) => void }) => ReactNode;
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { key: 'SECURITY', permission: 'password-policy.manage', render: () => <SecuritySection /> },
  {
    key: 'BACKUP',
    permission: 'backups.manage',
    render: () => (
      <div className="settings-page__column" style={{ gridColumn: '1 / -1' }}>
        <BackupsCard />
      </div>
    ),
  },
  { key: 'UTILITIES', permission: 'platform-settings.manage', render: () => <UtilitiesSection /> },
  { key: 'AUDIT_SCHEDULE', permission: 'platform-settings.manage', render: () => <AuditScheduleSection /> },
  {
    key: 'WORK_DEVICE_UPDATE_MANAGEMENT',
    permission: 'platform-settings.manage',
    render: () => (
      <div className="settings-page__column" style={{ gridColumn: '1 / -1' }}>
        <DeviceUpdatesSection />
      </div>
    ),
  },
  {
    key: 'LEGAL',
    permission: 'platform-settings.manage',
    render: ({ onSaved }) => (
      <div className="settings-page__column" style={{ gridColumn: '1 / -1' }}>
        <LegalPagesCard onSaved={onSaved} />
      </div>
    ),
  },
];
