import {
  adminErrors,
  adminLoginRequestSchema,
  type AdminSessionResponse,
  adminServiceRoutes,
} from '@krom/contracts/http/admin';
import { HttpError } from '@krom/server-kit/errors';
import { parseWith } from '@krom/server-kit/validate';
import type { FastifyInstance } from 'fastify';
import { callService, forward, type ServiceDirectory } from '../plugins/service-calls.ts';
import { publicCaller, requireAdminCaller, signIn, signOut } from '../plugins/sessions.ts';

/** The staff area's calls. Staff sign in separately from users; no user session opens these. */
export async function adminRoutes(app: FastifyInstance, options: { directory: ServiceDirectory; publicRateLimit: { max: number; timeWindow: string } }) {
  const { directory } = options;

  app.post('/api/admin/login', { config: { rateLimit: options.publicRateLimit } }, async (request) => {
    const credentials = parseWith(adminLoginRequestSchema, request.body);
    const { admin } = await callService<AdminSessionResponse>(request, directory, {
      service: 'admin',
      method: 'POST',
      path: adminServiceRoutes.checkCredentials,
      caller: await publicCaller(),
      body: credentials,
    }).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 401) throw new HttpError(401, adminErrors.invalidCredentials);
      throw error;
    });
    await signIn(request, 'admin', admin.id);
    return { admin } satisfies AdminSessionResponse;
  });

  app.post('/api/admin/logout', async (request) => {
    await signOut(request, 'admin');
    return { ok: true };
  });

  app.get('/api/admin/verify', async (request) => {
    const caller = await requireAdminCaller(request);
    if (caller.kind !== 'admin') throw new HttpError(401, adminErrors.notSignedIn);
    try {
      return await callService<AdminSessionResponse>(request, directory, {
        service: 'admin',
        method: 'GET',
        path: adminServiceRoutes.adminUser.replace(':id', caller.adminId),
        caller,
      });
    } catch (error) {
      // The admin no longer exists: the session ends with them.
      if (error instanceof HttpError && error.statusCode === 404) {
        await signOut(request, 'admin');
        throw new HttpError(401, adminErrors.notSignedIn);
      }
      throw error;
    }
  });

  await forward(app, directory, {
    prefix: '/api/admin/waitlist',
    service: 'admin',
    rewritePrefix: adminServiceRoutes.waitlist,
    methods: ['GET'],
    caller: requireAdminCaller,
  });
  await forward(app, directory, {
    prefix: '/api/admin/users',
    service: 'admin',
    rewritePrefix: adminServiceRoutes.adminUsers,
    methods: ['GET', 'POST'],
    caller: requireAdminCaller,
  });
}
