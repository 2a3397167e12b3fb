import {
  API,
  type DigestFrequency,
  type MarkReadBody,
  NOTIFICATION_ENDPOINTS,
  NOTIFICATION_PAGE_SIZE,
  UnsubscribeResultSchema,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { apiPost } from '../../api/client.ts';

/** Query keys of notifications (docs/notifications.md). */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  page: (page: number, pageSize: number) => ['notifications', 'page', page, pageSize] as const,
  settings: ['notification-settings'] as const,
};

/** How often (ms) the header's unread count is fetched again while the app is open. */
const UNREAD_REFRESH_MS = 60_000;

/** The signed-in user's unread notification count (the header badge); refreshed every minute. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    enabled,
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => callEndpoint(NOTIFICATION_ENDPOINTS.unreadCount, { params: {} }, signal),
    refetchInterval: UNREAD_REFRESH_MS,
  });
}

/**
 * One page (from 1) of the signed-in user's notifications, newest first, `pageSize` to a page (the API's
 * default unless given). `refetchOnMount: 'always'` fetches again on every mount even when the cached page
 * is fresh (the header's popover, which mounts on every opening).
 */
export function useNotifications(
  page: number,
  pageSize = NOTIFICATION_PAGE_SIZE,
  refetchOnMount: boolean | 'always' = true,
) {
  return useQuery({
    queryKey: notificationKeys.page(page, pageSize),
    queryFn: ({ signal }) =>
      callEndpoint(
        NOTIFICATION_ENDPOINTS.page,
        { params: {}, query: { page: String(page), page_size: String(pageSize) } },
        signal,
      ),
    refetchOnMount,
  });
}

/** Marks one notification read (opening it), or all of them (`'all'`); refreshes the list and the badge. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (what: MarkReadBody | 'all') =>
      what === 'all'
        ? callEndpoint(NOTIFICATION_ENDPOINTS.markAllRead, { params: {} })
        : callEndpoint(NOTIFICATION_ENDPOINTS.markRead, { params: {}, body: what }),
    onSuccess: () => void client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** The signed-in user's digest setting. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => callEndpoint(NOTIFICATION_ENDPOINTS.settings, { params: {} }, signal),
  });
}

/** Saves the digest setting (off, daily or weekly). */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (digest: DigestFrequency) =>
      callEndpoint(NOTIFICATION_ENDPOINTS.saveSettings, { params: {}, body: { digest } }),
    onSuccess: (saved) => client.setQueryData(notificationKeys.settings, saved),
  });
}

/**
 * One-click unsubscribe with the e-mail's signed token (works signed out); by hand, as the server
 * registers it (a public form post as well, not a described endpoint).
 */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => apiPost(API.notificationsUnsubscribe, { token }, UnsubscribeResultSchema),
  });
}
