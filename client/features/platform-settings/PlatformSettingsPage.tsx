import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/session.ts';
import { useToast } from '../../layout/toast.tsx';
import { holds } from '../../navigation.ts';
import { ProfileStyles } from '../employees/ProfileStyles.tsx';
import { SETTINGS_SECTIONS } from './settings-categories.tsx';

/**
 * /platform-settings: the settings categories of the spec (SECURITY, BACKUP, UTILITIES,
 * AUDIT_SCHEDULE, WORK_DEVICE_UPDATE_MANAGEMENT) and the legal pages, one tab each, for whoever
 * holds the section's permission. `?category=X` opens a section (notifications link to them).
 */
export default function PlatformSettingsPage() {
  const { t } = useTranslation('platformSettings');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const saved = (summary: string) => toast.success(summary);
  const sections = SETTINGS_SECTIONS.filter((section) => session && holds(session, section.permission));
  const index = Math.max(
    0,
    sections.findIndex((section) => section.key === params.get('category')),
  );
  return (
    <section className="platform-settings" data-testid="platform-settings-page">
      <ProfileStyles />
      <TabView
        scrollable
        className="scroll-tabs"
        activeIndex={index}
        aria-label={t('sections')}
        onTabChange={(event) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('category', sections[event.index]?.key ?? 'SECURITY');
              return next;
            },
            { replace: true },
          )
        }
      >
        {sections.map((section) => (
          <TabPanel key={section.key} header={t(`categories.${section.key}`)}>
            <div className="settings-page" data-testid={`settings-section-${section.key}`}>
              {section.render({ onSaved: saved })}
            </div>
          </TabPanel>
        ))}
      </TabView>
    </section>
  );
}
