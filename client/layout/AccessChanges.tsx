import { useTranslation } from 'react-i18next';
import { screenName } from '../../shared/rules/titles.ts';
import { useRefreshSession } from '../api/session.ts';
import { useRealtimeEvent } from '../realtime/RealtimeConnection.tsx';
import { useToast } from './toast.tsx';

/** A change the person did not make themselves stays in view long enough to be read. */
const LIVE_NEWS_MS = 15_000;

/**
 * A role given or taken away while the page is open (an access request granted, an administrator's
 * change): the person's permissions are reloaded at once, so the sidebar and the page follow without
 * a reload, and a toast says what changed, naming the screen.
 */
export function AccessChanges() {
  const { t } = useTranslation();
  const refresh = useRefreshSession();
  const toast = useToast();
  useRealtimeEvent('access-changed', (change) => {
    void refresh();
    if (change.reason === 'ACCESS_GRANTED') {
      toast.success(
        t('accessChanged.grantedTitle'),
        t('accessChanged.granted', { screen: screenName(t, change.path ?? '/'), role: change.role }),
        LIVE_NEWS_MS,
      );
    } else {
      toast.success(
        t('accessChanged.changedTitle'),
        t(change.reason === 'ROLE_ADDED' ? 'accessChanged.roleAdded' : 'accessChanged.roleRemoved', {
          role: change.role,
        }),
        LIVE_NEWS_MS,
      );
    }
  });
  return null;
}
