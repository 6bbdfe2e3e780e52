import { getNotifications as getNotificationsEndpoint, notificationStream } from '@krom/contracts/api-routes';
import type { Notification, NotificationList } from '@krom/contracts/http/notifications';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from './call-endpoint.ts';
import { messagesQueryRoot } from './signed-in-frame-messages.ts';

/**
 * The signed-in user's in-app notifications, read by the header's bell and the /notifications
 * screen from one cache entry, and kept current by one server-sent event stream per page.
 */
export const notificationsQueryKey = [getNotificationsEndpoint.path] as const;
export const notificationStreamUrl = notificationStream.path;

/** Newest first, with the unread and action-required counts. */
export async function getNotifications(): Promise<NotificationList> {
  return callEndpoint(getNotificationsEndpoint);
}

export function useNotifications() {
  return useQuery({ queryKey: notificationsQueryKey, queryFn: getNotifications });
}

/** Unread items still waiting for an answer: what the action-required badge counts. */
const awaitsAction = (item: Notification) => item.actionRequired && !item.isRead;

/** Puts a streamed notification at the top of the cached list and counts it in the badges. */
export function addNotificationToCache(queryClient: QueryClient, notification: Notification): void {
  queryClient.setQueryData<NotificationList>(notificationsQueryKey, (list) => {
    if (!list || list.items.some((item) => item.id === notification.id)) return list;
    return {
      items: [notification, ...list.items],
      unreadCount: list.unreadCount + (notification.isRead ? 0 : 1),
      actionRequiredCount: list.actionRequiredCount + (awaitsAction(notification) ? 1 : 0),
    };
  });
}

/** Marks the given items (all when `ids` is omitted) read in the cache, adjusting the badges. */
export function markNotificationsReadInCache(queryClient: QueryClient, ids?: readonly string[]): void {
  queryClient.setQueryData<NotificationList>(notificationsQueryKey, (list) => {
    if (!list) return list;
    if (ids === undefined) return { items: list.items.map((item) => ({ ...item, isRead: true })), unreadCount: 0, actionRequiredCount: 0 };
    const affected = list.items.filter((item) => !item.isRead && ids.includes(item.id));
    return {
      items: list.items.map((item) => (affected.includes(item) ? { ...item, isRead: true } : item)),
      unreadCount: Math.max(0, list.unreadCount - affected.length),
      actionRequiredCount: Math.max(0, list.actionRequiredCount - affected.filter(awaitsAction).length),
    };
  });
}

type StreamConnection = { client: QueryClient; source: EventSource; users: number; closeTimer?: ReturnType<typeof setTimeout> };

/**
 * Moving between signed-in pages unmounts one frame and mounts the next; the connection outlives
 * that gap by this long so a navigation does not cost a reconnect.
 */
const CLOSE_DELAY_MS = 5000;
let connection: StreamConnection | null = null;
const clientsThatConnectedBefore = new WeakSet<QueryClient>();

function openConnection(client: QueryClient): StreamConnection {
  const source = new EventSource(notificationStreamUrl);
  // A first connection starts with a fresh list; any later one (a reconnect after a dropped
  // network, or a new page visit) may have missed events, so it reads the list again.
  let catchUp = clientsThatConnectedBefore.has(client);
  clientsThatConnectedBefore.add(client);
  source.addEventListener('open', () => {
    if (catchUp) {
      void client.invalidateQueries({ queryKey: notificationsQueryKey });
      void client.invalidateQueries({ queryKey: messagesQueryRoot });
    }
    catchUp = true;
  });
  source.addEventListener('notification', (event) => {
    // A new message reaches its recipient as a notification: the unread count, the list and an
    // open conversation are read again (only what is on screen is fetched).
    void client.invalidateQueries({ queryKey: messagesQueryRoot });
    const data = safeJson((event as MessageEvent<string>).data);
    // Checked in arrival order: every event waits on the one import.
    notificationCheck().then(
      (schema) => {
        const parsed = schema.safeParse(data);
        if (parsed.success) addNotificationToCache(client, parsed.data);
        else console.warn('Ignored a notification event that does not match the contract.', parsed.error);
      },
      // The check could not be downloaded (a dropped network): read the list again instead.
      () => void client.invalidateQueries({ queryKey: notificationsQueryKey }),
    );
  });
  return { client, source, users: 0 };
}

/**
 * The contract's check of a pushed notification (with zod), imported when the first event
 * arrives: a signed-in page that receives none downloads no schema.
 */
let notificationSchema: Promise<typeof import('@krom/contracts/http/notifications').notificationSchema> | undefined;
function notificationCheck() {
  notificationSchema ??= import('@krom/contracts/http/notifications').then(
    (module) => module.notificationSchema,
    (error: unknown) => {
      notificationSchema = undefined; // tried again with the next event
      throw error;
    },
  );
  return notificationSchema;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Keeps the notification stream open while a signed-in frame is on screen. */
export function useNotificationStream(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    if (connection && connection.client !== client) {
      connection.source.close();
      connection = null;
    }
    if (!connection) connection = openConnection(client);
    const current = connection;
    clearTimeout(current.closeTimer);
    current.users += 1;
    return () => {
      current.users -= 1;
      if (current.users > 0) return;
      current.closeTimer = setTimeout(() => {
        if (current.users > 0) return;
        current.source.close();
        if (connection === current) connection = null;
      }, CLOSE_DELAY_MS);
    };
  }, [client]);
}

/** Closes the stream at once (signing out: the next user must not get this one's events). */
export function closeNotificationStream(): void {
  if (!connection) return;
  clearTimeout(connection.closeTimer);
  connection.source.close();
  connection = null;
}
