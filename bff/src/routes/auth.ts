import type { FastifyInstance } from 'fastify';
import { forward, type ServiceDirectory } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';

/** The current user: 401 when no user is signed in, which screens read as "signed out". */
export async function authRoutes(app: FastifyInstance, options: { directory: ServiceDirectory }) {
  await forward(app, options.directory, {
    prefix: '/api/auth/user',
    service: 'identity',
    rewritePrefix: '/users/me',
    methods: ['GET'],
    caller: requireUserCaller,
  });
}
