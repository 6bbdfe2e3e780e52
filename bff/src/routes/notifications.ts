import { Socket } from 'node:net';
import { getNotifications, markAllNotificationsRead, markNotificationRead, notificationStream } from '@krom/contracts/api/notifications';
import {
  listNotificationsRoute,
  markAllNotificationsReadRoute,
  markNotificationReadRoute,
  notificationStreamRoute,
} from '@krom/contracts/services/notifications/notifications';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * The signed-in user's in-app notifications, forwarded to the notifications service as that
 * user: GET /api/notifications, POST /api/notifications/{id}/read, POST /api/notifications/read-all
 * and the event stream GET /api/notifications/stream, which the proxy passes on as it arrives.
 */
export async function notificationRoutes(app: FastifyInstance, options: RouteOptions) {
  // Open streams would hold the BFF's shutdown until they end; cut them, browsers reconnect.
  const streams = new Set<Socket>();
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(notificationStream.path)) return;
    const socket = request.raw.socket;
    // Injected requests (tests) have no real socket to cut.
    if (!(socket instanceof Socket)) return;
    streams.add(socket);
    socket.once('close', () => streams.delete(socket));
  });
  app.addHook('preClose', async () => {
    for (const socket of streams) socket.destroy();
  });

  const asUser = { service: 'notifications' as const, caller: requireUserCaller };
  await forward(app, options.directory, { ...asUser, endpoint: getNotifications, to: listNotificationsRoute });
  const writing = { ...asUser, rateLimit: options.memberLimits.writes };
  await forward(app, options.directory, { ...writing, endpoint: markNotificationRead, to: markNotificationReadRoute });
  await forward(app, options.directory, { ...writing, endpoint: markAllNotificationsRead, to: markAllNotificationsReadRoute });
  await forward(app, options.directory, { ...asUser, endpoint: notificationStream, to: notificationStreamRoute });
}
