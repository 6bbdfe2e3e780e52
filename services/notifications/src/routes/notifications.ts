import { uuid } from '@krom/contracts/http/fields';
import { notificationErrors } from '@krom/contracts/http/notifications';
import {
  listNotificationsRoute,
  markAllNotificationsReadRoute,
  markNotificationReadRoute,
  notificationStreamRoute,
} from '@krom/contracts/services/notifications/notifications';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { NotificationsDb } from '../db/notifications-db.ts';
import type { NotificationStreamHub } from '../notifications/notification-stream-hub.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../notifications/user-notifications.ts';

/** The signed-in user's in-app notifications; every call sees only the caller's own. */
export async function notificationRoutes(app: FastifyInstance, deps: { db: NotificationsDb; hub: NotificationStreamHub }) {
  routeEndpoint(app, listNotificationsRoute, { handler: async (request) => listNotifications(deps.db, requireUser(request)) });

  routeEndpoint(app, markNotificationReadRoute, {
    handler: async (request) => {
      const userId = requireUser(request);
      // Someone else's id and a made-up one get the same 404: ids are not confirmed.
      const { id } = request.params;
      const found = uuid.safeParse(id).success && (await markNotificationRead(deps.db, userId, id));
      if (!found) throw new HttpError(404, notificationErrors.notFound);
      return { ok: true as const };
    },
  });

  routeEndpoint(app, markAllNotificationsReadRoute, {
    handler: async (request) => {
      await markAllNotificationsRead(deps.db, requireUser(request));
      return { ok: true as const };
    },
  });

  routeEndpoint(app, notificationStreamRoute, {
    handler: async (request, reply) => {
      const userId = requireUser(request);
      const stream = deps.hub.open(userId);
      // The response closes when the client goes (or at shutdown): the stream is released either way.
      reply.raw.on('close', () => deps.hub.release(userId, stream));
      // A stream, not a body to serialise; the typed reply only knows the document's string for it.
      return (reply as FastifyReply)
        .header('content-type', 'text/event-stream')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  });
}
