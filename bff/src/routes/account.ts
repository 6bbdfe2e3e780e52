import { deleteAccount, exportData, getUserSettings, updateNotificationSettings, updatePrivacySettings, updateProfile } from '@krom/contracts/api/account';
import { accountErrors } from '@krom/contracts/http/auth';
import { dataExportFileName } from '@krom/contracts/http/data-export-values';
import { deleteOwnAccountRoute, exportOwnDataRoute, updateOwnProfileRoute } from '@krom/contracts/services/identity/accounts';
import { exportMemberPaymentsDataRoute } from '@krom/contracts/services/payments/payment-history';
import { exportMemberRidesDataRoute } from '@krom/contracts/services/rides/data-export';
import {
  getOwnSettingsRoute,
  updateOwnNotificationSettingsRoute,
  updateOwnPrivacySettingsRoute,
} from '@krom/contracts/services/identity/settings';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance } from 'fastify';
import { callService, forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/** Profile, settings and account deletion of the signed-in user; identity acts on the asserted user only. */
export async function accountRoutes(app: FastifyInstance, options: RouteOptions) {
  const { directory } = options;
  const asUser = { service: 'identity' as const, caller: requireUserCaller };

  const writing = { ...asUser, rateLimit: options.memberLimits.writes };
  await forward(app, directory, { ...writing, endpoint: updateProfile, to: updateOwnProfileRoute });
  await forward(app, directory, { ...asUser, endpoint: getUserSettings, to: getOwnSettingsRoute });
  await forward(app, directory, { ...writing, endpoint: updateNotificationSettings, to: updateOwnNotificationSettingsRoute });
  await forward(app, directory, { ...writing, endpoint: updatePrivacySettings, to: updateOwnPrivacySettingsRoute });

  /**
   * The member's data download: each service's part about the asserted member (and only them),
   * composed into one JSON file the browser saves. Counted per member (each one reads everything
   * they have), so a loop of downloads cannot load the services.
   */
  routeEndpoint(app, exportData, {
    config: { rateLimit: options.memberLimits.dataExports },
    handler: async (request, reply) => {
      const caller = await requireUserCaller(request);
      if (caller.kind !== 'user') throw new HttpError(401, accountErrors.notSignedIn);
      const [identity, rides, payments] = await Promise.all([
        callService(request, directory, { service: 'identity', to: exportOwnDataRoute, caller }),
        callService(request, directory, { service: 'rides', to: exportMemberRidesDataRoute, caller }),
        callService(request, directory, { service: 'payments', to: exportMemberPaymentsDataRoute, caller }),
      ]);
      const now = new Date();
      reply.header('content-disposition', `attachment; filename="${dataExportFileName(now)}"`).header('cache-control', 'no-store');
      return { format: 'krom-data-export/1' as const, exportedAt: now.toISOString(), identity, rides, payments };
    },
  });

  /** Deletes the account (after the screen's confirm prompt), ends every session of it and clears the cookie. */
  routeEndpoint(app, deleteAccount, {
    handler: async (request) => {
      const caller = await requireUserCaller(request);
      if (caller.kind !== 'user') throw new HttpError(401, accountErrors.notSignedIn);
      await callService(request, directory, { service: 'identity', to: deleteOwnAccountRoute, caller });
      await request.server.sessions.destroyAllFor('user', caller.userId);
      request.session.delete();
      return { ok: true as const };
    },
  });
}
