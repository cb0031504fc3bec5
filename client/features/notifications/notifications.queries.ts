import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  NOTIFICATIONS_PER_PAGE,
  type Notification,
  type NotificationList,
  type NotificationStats,
  type NotificationTab,
  type ReadAllResponse,
} from '../../../shared/notifications.schemas.ts';
import { api } from '../../api/http.ts';

export interface ListFilter {
  unreadOnly: boolean;
  tab: NotificationTab;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  stats: ['notifications', 'stats'] as const,
  lists: ['notifications', 'list'] as const,
  list: (filter: ListFilter) => ['notifications', 'list', filter] as const,
};

type Pages = InfiniteData<NotificationList, unknown>;

// Spec section 7: cache time 0 and no refetch on window focus for every notification call.
const notificationQuery = { gcTime: 0, staleTime: 0, refetchOnWindowFocus: false } as const;

/** The bell's badge. Not retried on failure (spec section 7). */
export function useUnreadCount() {
  return useQuery({
    ...notificationQuery,
    queryKey: notificationKeys.stats,
    queryFn: ({ signal }) => api<NotificationStats>('/notifications/stats', { signal }),
    retry: false,
  });
}

/** The popover's list, a page of 10 at a time; only fetched while the popover is open. */
export function useNotificationList(filter: ListFilter, enabled: boolean) {
  return useInfiniteQuery({
    ...notificationQuery,
    queryKey: notificationKeys.list(filter),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({
        page: String(pageParam),
        perPage: String(NOTIFICATIONS_PER_PAGE),
        tab: filter.tab,
      });
      if (filter.unreadOnly) query.set('isRead', 'false');
      return api<NotificationList>(`/notifications?${query}`, { signal });
    },
    getNextPageParam: (last) => (last.currentPage < last.lastPage ? last.currentPage + 1 : undefined),
  });
}

/** The loaded notifications, newest first, each once (pushes shift pages, so one may appear twice). */
export function flattenPages(data: Pages | undefined): Notification[] {
  const seen = new Set<string>();
  const items: Notification[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

function patchLists(queryClient: QueryClient, patch: (item: Notification) => Notification): void {
  queryClient.setQueriesData<Pages>({ queryKey: notificationKeys.lists }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(patch) })) } : data,
  );
}

function findCached(queryClient: QueryClient, id: string): Notification | undefined {
  for (const [, data] of queryClient.getQueriesData<Pages>({ queryKey: notificationKeys.lists })) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((item) => item.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

function addToUnread(queryClient: QueryClient, delta: number): void {
  queryClient.setQueryData<NotificationStats>(notificationKeys.stats, (stats) =>
    stats ? { unreadCount: Math.max(0, stats.unreadCount + delta) } : stats,
  );
}

/** A pushed notification: on top of every loaded list, one more unread. Returns false for a repeat. */
export function receivePushedNotification(queryClient: QueryClient, notification: Notification): boolean {
  if (findCached(queryClient, notification.id)) return false;
  queryClient.setQueriesData<Pages>({ queryKey: notificationKeys.lists }, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    return { ...data, pages: [{ ...first, items: [notification, ...first.items] }, ...rest] };
  });
  if (!notification.isRead) addToUnread(queryClient, 1);
  return true;
}

/**
 * Marks one notification read or unread: the list and the count change at once, then the server is
 * asked; when it refuses, both change back and `onError` shows why.
 */
export function useSetNotificationRead(onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notification, isRead }: { notification: Notification; isRead: boolean }) =>
      api<Notification>(`/notifications/${notification.id}/is-read`, { method: 'PUT', body: { isRead } }),
    onMutate: ({ notification, isRead }) => {
      const wasRead = findCached(queryClient, notification.id)?.isRead ?? notification.isRead;
      patchLists(queryClient, (item) => (item.id === notification.id ? { ...item, isRead } : item));
      if (wasRead !== isRead) addToUnread(queryClient, isRead ? -1 : 1);
      return { wasRead };
    },
    onError: (error, { notification, isRead }, context) => {
      const wasRead = context?.wasRead ?? !isRead;
      patchLists(queryClient, (item) => (item.id === notification.id ? { ...item, isRead: wasRead } : item));
      if (wasRead !== isRead) addToUnread(queryClient, isRead ? 1 : -1);
      onError(error);
    },
    onSettled: () => refetchUnreadOnlyLists(queryClient),
  });
}

/**
 * An 'only unread' list fetched while a read/unread change was still on its way may hold a stale
 * item: once the server has answered, such lists are fetched again.
 */
function refetchUnreadOnlyLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: notificationKeys.lists,
    predicate: (query) => (query.queryKey[2] as ListFilter | undefined)?.unreadOnly === true,
  });
}

/** 'Mark all as read': everything read and the count 0 at once; put back as it was if the server refuses. */
export function useMarkAllRead(onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ReadAllResponse>('/notifications/read-all', { method: 'POST' }),
    onMutate: () => {
      const unreadIds = new Set<string>();
      for (const [, data] of queryClient.getQueriesData<Pages>({ queryKey: notificationKeys.lists })) {
        for (const page of data?.pages ?? [])
          for (const item of page.items) if (!item.isRead) unreadIds.add(item.id);
      }
      const previousCount = queryClient.getQueryData<NotificationStats>(notificationKeys.stats)?.unreadCount;
      patchLists(queryClient, (item) => (item.isRead ? item : { ...item, isRead: true }));
      queryClient.setQueryData<NotificationStats>(notificationKeys.stats, (stats) =>
        stats ? { unreadCount: 0 } : stats,
      );
      return { unreadIds, previousCount };
    },
    onError: (error, _variables, context) => {
      if (context) {
        patchLists(queryClient, (item) =>
          context.unreadIds.has(item.id) ? { ...item, isRead: false } : item,
        );
        if (context.previousCount !== undefined) {
          queryClient.setQueryData<NotificationStats>(notificationKeys.stats, {
            unreadCount: context.previousCount,
          });
        }
      }
      onError(error);
    },
    onSettled: () => refetchUnreadOnlyLists(queryClient),
  });
}
