import { useQueryClient } from '@tanstack/react-query';
import { Toast, type ToastMessage } from 'primereact/toast';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notification } from '../../../shared/notifications.schemas.ts';
import { ApiError } from '../../api/http.ts';
import { useRealtimeEvent } from '../../realtime/RealtimeConnection.tsx';
import { keepsSelection, notificationTarget } from './notification-target.ts';
import { notificationText } from './notification-text.ts';
import { NotificationAvatar } from './NotificationItem.tsx';
import { NotificationPanel } from './NotificationPanel.tsx';
import {
  receivePushedNotification,
  useSetNotificationRead,
  useUnreadCount,
} from './notifications.queries.ts';
import { setSelectedNotification } from './selected-notification.ts';

const TOAST_LIFE_MS = 8000;

/**
 * The header's notification bell (spec sections 2 and 4): the unread badge, the popover, and a
 * bottom-right toast for every pushed notification.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useRef<Toast>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const stats = useUnreadCount();
  const unreadCount = stats.data?.unreadCount ?? 0;

  const showError = useCallback(
    (error: unknown) => {
      const message = error instanceof ApiError && error.message ? error.message : t('errors:codes.NETWORK');
      toast.current?.show({ severity: 'error', summary: t('notifications:failed'), detail: message });
    },
    [t],
  );
  const { mutate: mutateRead } = useSetNotificationRead(showError);

  useEffect(() => {
    if (stats.error) showError(stats.error);
  }, [stats.error, showError]);

  const close = useCallback(() => {
    // Spec section 2: the list starts from the top again next time.
    listRef.current?.scrollTo({ top: 0 });
    setOpen(false);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  /** Spec section 4: mark read, keep as selected (not SSO approved/rejected), close, go to its screen. */
  const openNotification = useCallback(
    (notification: Notification) => {
      if (!notification.isRead) mutateRead({ notification, isRead: true });
      if (keepsSelection(notification.type)) setSelectedNotification(notification);
      close();
      const target = notificationTarget(notification.type, notification.data);
      if (target) navigate(target);
    },
    [mutateRead, close, navigate],
  );

  const toggleRead = useCallback(
    (notification: Notification) => mutateRead({ notification, isRead: !notification.isRead }),
    [mutateRead],
  );

  useRealtimeEvent('activity-notification', (notification) => {
    if (!receivePushedNotification(queryClient, notification)) return;
    const text = notificationText(t, notification);
    toast.current?.show({
      id: notification.id,
      life: TOAST_LIFE_MS,
      content: ({ message }: { message: ToastMessage }) => (
        <button
          type="button"
          className="notification-toast"
          data-testid="notification-toast"
          aria-label={`${t('notifications:toast.open')}: ${text}`}
          onClick={() => {
            toast.current?.remove(message);
            openNotification(notification);
          }}
        >
          <NotificationAvatar notification={notification} />
          <span className="notification-toast__body">
            <strong>{t('notifications:title')}</strong>
            <span>{text}</span>
          </span>
        </button>
      ),
    });
  });

  return (
    <div className="notification-bell" ref={rootRef}>
      <button
        type="button"
        className="notification-bell__trigger"
        data-testid="notification-bell"
        aria-label={t('notifications:bell.unread', { count: unreadCount })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <i className="pi pi-bell" aria-hidden="true" />
        {unreadCount > 0 && (
          <span className="notification-bell__badge" data-testid="notification-badge">
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        )}
      </button>
      {open && (
        <NotificationPanel
          listRef={listRef}
          unreadOnly={unreadOnly}
          onUnreadOnlyChange={setUnreadOnly}
          onOpen={openNotification}
          onToggleRead={toggleRead}
          onError={showError}
        />
      )}
      <Toast ref={toast} position="bottom-right" />
    </div>
  );
}
