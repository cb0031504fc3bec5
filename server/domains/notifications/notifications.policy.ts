import { DISCORD_STATUS_ROOM, userRoom } from '../../../shared/realtime.schemas.ts';
import type { Actor } from '../../core/context.ts';
import { can, definePolicy, isPerson, isSelf } from '../../core/policy.ts';

/** What the notification rules look at: whose notification it is. */
export interface NotificationSubject {
  user_id: string;
}

const signedIn = (actor: Actor) => isPerson(actor);

/**
 * Notifications belong to one person: only they read and mark them (another person's looks like
 * not found). `null` stands for "my notifications" in general. Announcements go out from those who
 * may announce; the purge is a platform setting; loading anyone's notifications for the live push
 * is the server's own business.
 */
export const notificationPolicy = definePolicy<NotificationSubject | null, NotificationAbility>(
  'notification',
  {
    viewOwn: (actor, notification) => (notification ? isSelf(actor, notification.user_id) : signedIn(actor)),
    update: (actor, notification) => !!notification && isSelf(actor, notification.user_id),
    markAllRead: signedIn,
    announce: (actor) => can(actor, 'notifications.announce'),
    purge: (actor) => can(actor, 'platform-settings.manage'),
    push: (actor) => actor.kind === 'system',
  },
);

type NotificationAbility = 'viewOwn' | 'update' | 'markAllRead' | 'announce' | 'purge' | 'push';

/**
 * The rooms of the live channel: one's own `user:<id>` room, and the Discord-status room for anyone
 * signed in. Another person's room looks like one that does not exist.
 */
export const roomPolicy = definePolicy<{ room: string }, 'join'>('realtime-room', {
  join: (actor, { room }) => isPerson(actor) && (room === DISCORD_STATUS_ROOM || room === userRoom(actor.id)),
});
