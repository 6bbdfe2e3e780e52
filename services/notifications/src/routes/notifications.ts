import { uuid } from '@krom/contracts/http/fields';
import { notificationErrors, notificationServiceRoutes } from '@krom/contracts/http/notifications';
import { HttpError } from '@krom/server-kit/errors';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { NotificationsDb } from '../db/notifications-db.ts';
import type { NotificationStreamHub } from '../notifications/notification-stream-hub.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../notifications/user-notifications.ts';

/** The signed-in user's in-app notifications; every call sees only the caller's own. */
export async function notificationRoutes(app: FastifyInstance, deps: { db: NotificationsDb; hub: NotificationStreamHub }) {
  app.get(notificationServiceRoutes.list, async (request) => listNotifications(deps.db, requireUser(request)));

  app.post<{ Params: { id: string } }>(notificationServiceRoutes.read, async (request) => {
    const userId = requireUser(request);
    // Someone else's id and a made-up one get the same 404: ids are not confirmed.
    const found = uuid.safeParse(request.params.id).success && (await markNotificationRead(deps.db, userId, request.params.id));
    if (!found) throw new HttpError(404, notificationErrors.notFound);
    return { ok: true as const };
  });

  app.post(notificationServiceRoutes.readAll, async (request) => {
    await markAllNotificationsRead(deps.db, requireUser(request));
    return { ok: true as const };
  });

  app.get(notificationServiceRoutes.stream, async (request, reply) => {
    const userId = requireUser(request);
    const stream = deps.hub.open(userId);
    // The response closes when the client goes (or at shutdown): the stream is released either way.
    reply.raw.on('close', () => deps.hub.release(userId, stream));
    return reply
      .header('content-type', 'text/event-stream')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}
