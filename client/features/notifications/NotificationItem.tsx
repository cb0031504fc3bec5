import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../shared/notifications.schemas.ts';
import { avatarInitial } from '../../../shared/rules/avatar.ts';
import { formatRelativeTime } from '../../../shared/rules/relative-time.ts';
import { notificationPerson, notificationText } from './notification-text.ts';

export function NotificationAvatar({ notification }: { notification: Notification }) {
  const person = notificationPerson(notification);
  if (person?.avatarUrl) return <img className="notification-avatar" src={person.avatarUrl} alt="" />;
  const initial = person ? avatarInitial(person) : '';
  return (
    <span className="notification-avatar" aria-hidden="true">
      {initial || <i className="pi pi-megaphone" />}
    </span>
  );
}

/** One row of the bell's list: who, what, when, and a read/unread toggle. */
export function NotificationItem({
  notification,
  now,
  onOpen,
  onToggleRead,
}: {
  notification: Notification;
  now: Date;
  onOpen: (notification: Notification) => void;
  onToggleRead: (notification: Notification) => void;
}) {
  const { t } = useTranslation();
  const text = notificationText(t, notification);
  return (
    <li
      className={`notification-item ${notification.isRead ? '' : 'notification-item--unread'}`}
      data-testid="notification-item"
      data-read={notification.isRead}
    >
      <button type="button" className="notification-item__open" onClick={() => onOpen(notification)}>
        <NotificationAvatar notification={notification} />
        <span className="notification-item__body">
          <span className="notification-item__text">{text}</span>
          <time className="notification-item__time" dateTime={notification.createdAt}>
            {formatRelativeTime(notification.createdAt, (key, options) => t(key, { ...options }), now)}
          </time>
        </span>
      </button>
      <button
        type="button"
        className="notification-item__toggle"
        aria-label={notification.isRead ? t('notifications:markUnread') : t('notifications:markRead')}
        title={notification.isRead ? t('notifications:markUnread') : t('notifications:markRead')}
        onClick={() => onToggleRead(notification)}
      >
        <span className="notification-item__dot" aria-hidden="true" />
      </button>
    </li>
  );
}
