import { liftMemberSuspension, suspendMember } from '@krom/contracts/api/staff';
import { liftSuspensionRoute, suspendMemberRoute } from '@krom/contracts/services/identity/accounts';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import type { FastifyInstance } from 'fastify';
import { callService } from '../plugins/service-calls.ts';
import { endUserSessions, requireAdminCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * Staff suspend a member and lift it (identity keeps the state and tells rides). A suspension ends
 * every session of the member at once, on every replica (the session store is shared), and a
 * sign-in that proved the password before it cannot open one afterwards.
 */
export async function staffSuspensionRoutes(app: FastifyInstance, options: RouteOptions) {
  const { directory, currentUsers } = options;

  routeEndpoint(app, suspendMember, {
    handler: async (request) => {
      const suspension = await callService(request, directory, {
        service: 'identity',
        to: suspendMemberRoute,
        params: { id: request.params.id },
        caller: await requireAdminCaller(request),
        body: request.body,
      });
      await endUserSessions(request, suspension.userId);
      currentUsers.drop(suspension.userId);
      return suspension;
    },
  });

  routeEndpoint(app, liftMemberSuspension, {
    handler: async (request) => {
      const suspension = await callService(request, directory, {
        service: 'identity',
        to: liftSuspensionRoute,
        params: { id: request.params.id },
        caller: await requireAdminCaller(request),
      });
      currentUsers.drop(suspension.userId);
      return suspension;
    },
  });
}
