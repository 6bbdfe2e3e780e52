import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { notificationListSchema } from '../../http/notifications.ts';
import { okResponseSchema } from '../../http/ok.ts';

/** The notifications service's in-app notification routes, for the asserted user's own only. */
export const listNotificationsRoute = defineEndpoint({
  method: 'GET',
  path: '/notifications',
  caller: 'user',
  summary: 'Newest first, with the unread and action-required counts',
  responses: { 200: notificationListSchema, ...errorResponses(401) },
});

export const markNotificationReadRoute = defineEndpoint({
  method: 'POST',
  path: '/notifications/:id/read',
  caller: 'user',
  summary: "Marks one read; someone else's id and a made-up one get the same 404",
  params: z.object({ id: z.string() }),
  responses: { 200: okResponseSchema, ...errorResponses(401, 404) },
});

export const markAllNotificationsReadRoute = defineEndpoint({
  method: 'POST',
  path: '/notifications/read-all',
  caller: 'user',
  summary: 'Marks every notification of the user read',
  responses: { 200: okResponseSchema, ...errorResponses(401) },
});

export const notificationStreamRoute = defineEndpoint({
  method: 'GET',
  path: '/notifications/stream',
  caller: 'user',
  summary: 'Server-sent events: one `notification` event carrying a Notification each time one is created',
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...errorResponses(401),
  },
});
