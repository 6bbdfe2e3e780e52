import { accountErrors, identityServiceRoutes } from '@krom/contracts/http/auth';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance } from 'fastify';
import { callService, forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/** Profile, settings and account deletion of the signed-in user; identity acts on the asserted user only. */
export async function accountRoutes(app: FastifyInstance, options: RouteOptions) {
  const { directory } = options;
  const asUser = { service: 'identity' as const, caller: requireUserCaller };

  await forward(app, directory, { ...asUser, prefix: '/api/auth/profile', rewritePrefix: identityServiceRoutes.profile, methods: ['PUT'] });
  await forward(app, directory, { ...asUser, prefix: '/api/user/settings', rewritePrefix: identityServiceRoutes.settings, methods: ['GET'] });
  await forward(app, directory, {
    ...asUser,
    prefix: '/api/user/notifications',
    rewritePrefix: identityServiceRoutes.notificationSettings,
    methods: ['PUT'],
  });
  await forward(app, directory, { ...asUser, prefix: '/api/user/privacy', rewritePrefix: identityServiceRoutes.privacySettings, methods: ['PUT'] });

  /** Deletes the account (after the screen's confirm prompt), ends every session of it and clears the cookie. */
  app.delete('/api/user', async (request) => {
    const caller = await requireUserCaller(request);
    if (caller.kind !== 'user') throw new HttpError(401, accountErrors.notSignedIn);
    await callService(request, directory, { service: 'identity', method: 'DELETE', path: identityServiceRoutes.me, caller });
    await request.server.sessions.destroyAllFor('user', caller.userId);
    request.session.delete();
    return { ok: true };
  });
}
