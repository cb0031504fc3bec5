import { Toast } from 'primereact/toast';
import { useRef } from 'react';
import { ProfileStyles } from '../employees/ProfileStyles.tsx';
import { usePermission } from '../../api/session.ts';
import { BackupsCard } from '../backups/BackupsCard.tsx';
import { DeviceUpdatesSection } from '../devices/DeviceUpdatesSection.tsx';
import { LegalPagesCard } from './LegalPagesCard.tsx';

/** /platform-settings: company-wide settings for administrators: the legal pages, and BACKUP for those who manage backups. */
export default function PlatformSettingsPage() {
  const toast = useRef<Toast>(null);
  const managesBackups = usePermission('backups.manage');
  const saved = (summary: string) => toast.current?.show({ severity: 'success', summary, life: 3000 });
  return (
    <div className="settings-page" data-testid="platform-settings-page">
      <ProfileStyles />
      <Toast ref={toast} position="bottom-right" />
      <div className="settings-page__column" style={{ gridColumn: '1 / -1' }}>
        <LegalPagesCard onSaved={saved} />
      </div>
      <div className="settings-page__column" style={{ gridColumn: '1 / -1' }}>
        <DeviceUpdatesSection />
      </div>
      {managesBackups && (
        <div className="settings-page__column" style={{ gridColumn: '1 / -1' }}>
          <BackupsCard />
        </div>
      )}
    </div>
  );
}
