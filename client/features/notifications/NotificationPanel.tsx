import { InputSwitch } from 'primereact/inputswitch';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Skeleton } from 'primereact/skeleton';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../shared/notifications.schemas.ts';
import { NotificationItem } from './NotificationItem.tsx';
import { flattenPages, useMarkAllRead, useNotificationList } from './notifications.queries.ts';

/** Spec section 9: 7 skeleton rows; the next page is fetched within 100 px of the bottom. */
export const SKELETON_ROWS = 7;
export const LOAD_MORE_WITHIN_PX = 100;

function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The bell's popover: title, 'only show unread', 'mark all as read', the platform tab and the list. */
export function NotificationPanel({
  listRef,
  unreadOnly,
  onUnreadOnlyChange,
  onOpen,
  onToggleRead,
  onError,
}: {
  listRef: RefObject<HTMLDivElement | null>;
  unreadOnly: boolean;
  onUnreadOnlyChange: (value: boolean) => void;
  onOpen: (notification: Notification) => void;
  onToggleRead: (notification: Notification) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const list = useNotificationList({ unreadOnly, tab: 'PLATFORM' }, true);
  const readAll = useMarkAllRead(onError);
  const items = flattenPages(list.data);
  const now = useNow(60_000);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    if (list.error) onError(list.error);
  }, [list.error, onError]);

  const loadMoreNearBottom = useCallback(() => {
    const element = listRef.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (distance <= LOAD_MORE_WITHIN_PX) void fetchNextPage();
  }, [listRef, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A page that does not fill the list leaves nothing to scroll: check after every page.
  useEffect(() => loadMoreNearBottom(), [list.data, loadMoreNearBottom]);

  return (
    <div className="notification-popover" role="dialog" aria-labelledby="notification-popover-title">
      <div className="notification-popover__header">
        <h2 id="notification-popover-title">{t('notifications:title')}</h2>
        <div className="notification-popover__menu">
          <button
            type="button"
            className="notification-popover__menu-button"
            aria-label={t('notifications:moreActions')}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((value) => !value)}
          >
            <i className="pi pi-ellipsis-v" aria-hidden="true" />
          </button>
          {menuOpen && (
            <div className="notification-popover__menu-list" role="menu">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setMenuOpen(false);
                  readAll.mutate();
                }}
              >
                <i className="pi pi-check-square" aria-hidden="true" /> {t('notifications:markAllRead')}
              </button>
            </div>
          )}
        </div>
      </div>
      <div className="notification-popover__filters">
        <div role="tablist" className="notification-popover__tabs">
          <button type="button" role="tab" aria-selected="true" id="notifications-tab-platform">
            {t('notifications:tabs.PLATFORM')}
          </button>
        </div>
        <label className="notification-popover__switch" htmlFor="notifications-unread-only">
          <span>{t('notifications:onlyUnread')}</span>
          <InputSwitch
            inputId="notifications-unread-only"
            checked={unreadOnly}
            onChange={(event) => onUnreadOnlyChange(Boolean(event.value))}
          />
        </label>
      </div>
      <div
        className="notification-popover__list"
        ref={listRef}
        onScroll={loadMoreNearBottom}
        role="tabpanel"
        aria-labelledby="notifications-tab-platform"
        aria-busy={list.isPending || isFetchingNextPage}
      >
        {list.isPending ? (
          <ul>
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <li key={index} className="notification-skeleton" data-testid="notification-skeleton">
                <Skeleton shape="circle" size="2.25rem" />
                <div>
                  <Skeleton width="90%" />
                  <Skeleton width="40%" />
                </div>
              </li>
            ))}
          </ul>
        ) : items.length === 0 ? (
          <p className="notification-popover__empty" data-testid="notifications-empty">
            <i className="pi pi-inbox" aria-hidden="true" />
            {t('notifications:empty')}
          </p>
        ) : (
          <ul>
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                now={now}
                onOpen={onOpen}
                onToggleRead={onToggleRead}
              />
            ))}
          </ul>
        )}
        {isFetchingNextPage && (
          <div className="notification-popover__more" data-testid="notifications-loading-more">
            <ProgressSpinner
              style={{ width: '1.5rem', height: '1.5rem' }}
              strokeWidth="6"
              aria-label={t('notifications:loadingMore')}
            />
          </div>
        )}
      </div>
    </div>
  );
}
