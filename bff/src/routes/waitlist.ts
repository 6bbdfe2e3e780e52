import type { FastifyInstance } from 'fastify';
import { publicCaller } from '../plugins/sessions.ts';
import { forward, type ServiceDirectory } from '../plugins/service-calls.ts';

export async function waitlistRoutes(app: FastifyInstance, options: { directory: ServiceDirectory; publicRateLimit: { max: number; timeWindow: string } }) {
  await forward(app, options.directory, {
    prefix: '/api/waitlist',
    service: 'admin',
    rewritePrefix: '/waitlist',
    methods: ['POST'],
    caller: publicCaller,
    rateLimit: options.publicRateLimit,
  });
}
