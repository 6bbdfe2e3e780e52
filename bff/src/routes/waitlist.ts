import { joinWaitlist } from '@krom/contracts/api/waitlist';
import { joinWaitlistRoute } from '@krom/contracts/services/admin/waitlist';
import type { FastifyInstance } from 'fastify';
import { publicCaller } from '../plugins/sessions.ts';
import { forward } from '../plugins/service-calls.ts';
import type { RouteOptions } from './route-options.ts';

export async function waitlistRoutes(app: FastifyInstance, options: RouteOptions) {
  await forward(app, options.directory, {
    endpoint: joinWaitlist,
    to: joinWaitlistRoute,
    service: 'admin',
    caller: publicCaller,
    rateLimit: options.publicRateLimit,
  });
}
