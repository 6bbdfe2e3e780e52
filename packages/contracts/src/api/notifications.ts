import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../endpoint.ts';
import { notificationListSchema } from '../http/notifications.ts';
import { okResponseSchema } from '../http/ok.ts';

/** The signed-in user's in-app notifications. */
export const getNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/notifications',
  caller: 'user',
  summary: 'Newest first, with the unread and action-required counts',
  responses: { 200: notificationListSchema, ...errorResponses(401) },
});

export const notificationParams = z.object({ id: z.string().describe('The notification id (a uuid)') });

export const markNotificationRead = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/:id/read',
  caller: 'user',
  summary: 'Marks one notification read; 404 for one that is not the user\'s',
  params: notificationParams,
  responses: { 200: okResponseSchema, ...errorResponses(401, 403, 404) },
});

export const markAllNotificationsRead = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/read-all',
  caller: 'user',
  summary: 'Marks every notification of the user read',
  responses: { 200: okResponseSchema, ...errorResponses(401, 403) },
});

export const notificationStream = defineEndpoint({
  method: 'GET',
  path: '/api/notifications/stream',
  caller: 'user',
  summary: 'Server-sent events: one `notification` event carrying a Notification each time one is created',
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...errorResponses(401),
  },
});
