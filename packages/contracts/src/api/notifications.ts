import { z } from 'zod';
import { defineEndpoint, defineForwarded, errorResponses } from '../endpoint.ts';
import { okResponseSchema } from '../http/ok.ts';
import { listNotificationsRoute, markAllNotificationsReadRoute, notificationStreamRoute } from '../services/notifications/notifications.ts';

/** The signed-in user's in-app notifications. */
export const getNotifications = defineForwarded(listNotificationsRoute);

export const notificationParams = z.object({ id: z.string().describe('The notification id (a uuid)') });

export const markNotificationRead = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/:id/read',
  caller: 'user',
  summary: 'Marks one notification read; 404 for one that is not the user\'s',
  params: notificationParams,
  responses: { 200: okResponseSchema, ...errorResponses(401, 403, 404) },
});

export const markAllNotificationsRead = defineForwarded(markAllNotificationsReadRoute, {
  responses: { ...markAllNotificationsReadRoute.responses, ...errorResponses(403) },
});

export const notificationStream = defineForwarded(notificationStreamRoute);
