import { endTripShare, getSharedTrip, getTripShare, shareTrip, textTripToContact } from '@krom/contracts/api/trip-shares';
import { accountErrors } from '@krom/contracts/http/auth';
import { type EmergencyContact, tripShareMessages } from '@krom/contracts/http/trip-shares';
import { getOwnUserRoute } from '@krom/contracts/services/identity/accounts';
import {
  endTripShareRoute,
  getTripShareRoute,
  sharedTripRoute,
  shareTripRoute,
  textTripToContactRoute,
} from '@krom/contracts/services/rides/trip-shares';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { Caller } from '@krom/server-kit/internal-auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callService, forward, type ServiceDirectory } from '../plugins/service-calls.ts';
import { publicCaller, requireUserCaller } from '../plugins/sessions.ts';
import { visitorRateLimitKey } from '../plugins/visitor-key.ts';
import type { RideRouteOptions } from './rides.ts';

/** The emergency contact on the passenger's own profile (identity), or null when none is saved. */
async function emergencyContactOf(request: FastifyRequest, directory: ServiceDirectory, caller: Caller): Promise<EmergencyContact | null> {
  const user = await callService(request, directory, { service: 'identity', to: getOwnUserRoute, caller });
  const name = user.emergencyContactName?.trim();
  const phone = user.emergencyContactPhone?.trim();
  return name && phone ? { name, phone } : null;
}

async function signedInUser(request: FastifyRequest): Promise<Caller> {
  const caller = await requireUserCaller(request);
  if (caller.kind !== 'user') throw new HttpError(401, accountErrors.notSignedIn);
  return caller;
}

/**
 * Shared trips. Sharing and the emergency text read the passenger's emergency contact from their
 * own profile here and pass it to rides (the browser never names the number texted); the link
 * itself is open to anyone holding it, at the browsing rate limit.
 */
export async function tripShareRoutes(app: FastifyInstance, { directory, memberLimits, browseRateLimit }: Omit<RideRouteOptions, 'guestSearchCacheMs'>) {
  const asUser = { service: 'rides' as const, caller: requireUserCaller };
  await forward(app, directory, { ...asUser, endpoint: getTripShare, to: getTripShareRoute });
  await forward(app, directory, { ...asUser, endpoint: endTripShare, to: endTripShareRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, {
    service: 'rides',
    caller: publicCaller,
    endpoint: getSharedTrip,
    to: sharedTripRoute,
    rateLimit: { ...browseRateLimit, keyGenerator: visitorRateLimitKey },
  });

  routeEndpoint(app, shareTrip, {
    config: { rateLimit: memberLimits.writes },
    handler: async (request) => {
      const caller = await signedInUser(request);
      const { textContactAtDeparture } = request.body;
      const contact = textContactAtDeparture ? await emergencyContactOf(request, directory, caller) : null;
      return callService(request, directory, { service: 'rides', to: shareTripRoute, caller, params: request.params, body: { textContactAtDeparture, contact } });
    },
  });

  routeEndpoint(app, textTripToContact, {
    config: { rateLimit: memberLimits.writes },
    handler: async (request) => {
      const caller = await signedInUser(request);
      const contact = await emergencyContactOf(request, directory, caller);
      if (!contact) throw new HttpError(400, tripShareMessages.noEmergencyContact);
      return callService(request, directory, { service: 'rides', to: textTripToContactRoute, caller, params: request.params, body: { contact } });
    },
  });
}
