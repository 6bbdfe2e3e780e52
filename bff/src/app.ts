import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { getOpenApiDocument } from '@krom/contracts/api/openapi';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { createHttpApp } from '@krom/server-kit/http-app';
import { reusableAssertions } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { type BffConfig, servedOverHttps } from './config.ts';
import { sameOriginWrites } from './plugins/same-origin.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import type { ServiceDirectory, ServiceName } from './plugins/service-calls.ts';
import { sessions } from './plugins/sessions.ts';
import { adminRoutes } from './routes/admin.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { paymentRoutes } from './routes/payments.ts';
import { phoneCodeRoutes } from './routes/phone-codes.ts';
import { recoveryRoutes } from './routes/recovery.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { waitlistRoutes } from './routes/waitlist.ts';

/** The BFF as a Fastify app: the one public /api contract, sessions, rate limits, same-origin writes. */
export async function buildBffApp(config: BffConfig, redis: Redis): Promise<FastifyInstance> {
  const directory: ServiceDirectory = {
    assertion: reusableAssertions(config.INTERNAL_AUTH_SECRET),
    urls: { identity: config.IDENTITY_URL, rides: config.RIDES_URL, notifications: config.NOTIFICATIONS_URL, admin: config.ADMIN_URL },
  };
  const serviceChecks = Object.fromEntries(
    (Object.keys(directory.urls) as ServiceName[]).map((name) => [
      name,
      async () => {
        const response = await fetch(`${directory.urls[name]}/health/live`, { signal: AbortSignal.timeout(1500) });
        if (!response.ok) throw new Error(`answered ${response.status}`);
      },
    ]),
  );
  const app = createHttpApp({
    service: 'bff',
    logLevel: config.LOG_LEVEL,
    checks: { redis: async () => void (await redis.ping()), ...serviceChecks },
    fastify: { trustProxy: config.TRUST_PROXY === 'true' ? true : config.TRUST_PROXY },
  });
  await app.register(securityHeaders);

  // Before any /api route, so each is collected for the document (the health probes, added earlier, are not /api).
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Krom public API', version: '1.0.0', description: 'The one public /api contract, generated from packages/contracts/src/api.' },
    },
    transform: jsonSchemaTransform,
  });
  routeEndpoint(app, getOpenApiDocument, { handler: async () => ({ ...app.swagger() }) });

  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.REDIS_PREFIX}rate:`,
    errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many requests. Please wait a minute and try again.' }),
  });
  await app.register(sameOriginWrites, { publicOrigin: config.PUBLIC_ORIGIN });
  await app.register(sessions, {
    secret: config.SESSION_SECRET,
    secure: servedOverHttps(config),
    redis,
    redisPrefix: config.REDIS_PREFIX,
    admin: { idleSeconds: config.ADMIN_SESSION_IDLE_SECONDS, absoluteSeconds: config.ADMIN_SESSION_ABSOLUTE_SECONDS },
    user: { idleSeconds: config.USER_SESSION_IDLE_SECONDS, absoluteSeconds: config.USER_SESSION_ABSOLUTE_SECONDS },
  });

  const publicRateLimit = { max: config.RATE_LIMIT_PUBLIC_PER_MINUTE, timeWindow: '1 minute' };
  await app.register(waitlistRoutes, { directory, publicRateLimit });
  await app.register(adminRoutes, { directory, publicRateLimit });
  const routeOptions = { directory, publicRateLimit };
  await app.register(authRoutes, routeOptions);
  await app.register(recoveryRoutes, routeOptions);
  await app.register(accountRoutes, routeOptions);
  await app.register(uploadRoutes, routeOptions);
  await app.register(phoneCodeRoutes, routeOptions);
  await app.register(notificationRoutes, routeOptions);
  await app.register(paymentRoutes, routeOptions);
  return app;
}
