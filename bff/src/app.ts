import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { getOpenApiDocument } from '@krom/contracts/api/openapi';
import { routeEndpoint, sessionSecurityScheme } from '@krom/server-kit/endpoint-route';
import { createHttpApp } from '@krom/server-kit/http-app';
import { reusableAssertions } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { type BffConfig, servedOverHttps } from './config.ts';
import { CurrentUserCache } from './current-user/current-user-cache.ts';
import { openPlaces } from './providers/places/choose.ts';
import { memberLimitsFrom, rateLimitNamespace, refundRefusedWrites } from './plugins/member-limits.ts';
import { sameOriginWrites } from './plugins/same-origin.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import type { ServiceDirectory, ServiceName } from './plugins/service-calls.ts';
import { sessionCookieName, sessions } from './plugins/sessions.ts';
import { adminRoutes } from './routes/admin.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { paymentMethodConfirmationRoutes } from './routes/payment-method-confirmation.ts';
import { paymentRoutes } from './routes/payments.ts';
import { phoneCodeRoutes } from './routes/phone-codes.ts';
import { placeRoutes } from './routes/places.ts';
import { providerCallbackRoutes } from './routes/provider-callbacks.ts';
import { recoveryRoutes } from './routes/recovery.ts';
import { rideRequestRoutes } from './routes/ride-requests.ts';
import { bookingPaymentRoutes } from './routes/booking-payments.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { memberSafetyRoutes } from './routes/member-safety.ts';
import { messageRoutes } from './routes/messages.ts';
import { supportRoutes } from './routes/support.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { rideRoutes } from './routes/rides.ts';
import { staffBookingRoutes } from './routes/staff-bookings.ts';
import { staffMessageRoutes } from './routes/staff-messages.ts';
import { staffTicketRoutes } from './routes/staff-tickets.ts';
import { staffMemberRoutes } from './routes/staff-members.ts';
import { staffPaymentRoutes } from './routes/staff-payments.ts';
import { staffReviewRoutes } from './routes/staff-review.ts';
import { staffSuspensionRoutes } from './routes/staff-suspensions.ts';
import { tripShareRoutes } from './routes/trip-shares.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { vehicleRoutes } from './routes/vehicles.ts';
import { verificationRoutes } from './routes/verification.ts';
import { waitlistRoutes } from './routes/waitlist.ts';

declare module 'fastify' {
  interface FastifyInstance {
    currentUsers: CurrentUserCache;
  }
}

/** The BFF as a Fastify app: the one public /api contract, sessions, rate limits, same-origin writes. */
export async function buildBffApp(config: BffConfig, redis: Redis): Promise<FastifyInstance> {
  const directory: ServiceDirectory = {
    assertion: reusableAssertions(config.INTERNAL_AUTH_SECRET),
    urls: { identity: config.IDENTITY_URL, rides: config.RIDES_URL, notifications: config.NOTIFICATIONS_URL, admin: config.ADMIN_URL, payments: config.PAYMENTS_URL },
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
      servers: [{ url: config.PUBLIC_ORIGIN.replace(/\/+$/, ''), description: 'Where browsers reach /api' }],
      // A member's and staff's calls carry the encrypted session cookie (each operation says whether it needs it).
      components: { securitySchemes: { [sessionSecurityScheme]: { type: 'apiKey', in: 'cookie', name: sessionCookieName(servedOverHttps(config)) } } },
    },
    transform: jsonSchemaTransform,
  });
  routeEndpoint(app, getOpenApiDocument, { handler: async () => ({ ...app.swagger() }) });

  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: rateLimitNamespace(config),
    errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many requests. Please wait a minute and try again.' }),
  });
  app.addHook('onResponse', refundRefusedWrites(redis));
  await app.register(sameOriginWrites, { publicOrigin: config.PUBLIC_ORIGIN });
  await app.register(sessions, {
    secret: config.SESSION_SECRET,
    secure: servedOverHttps(config),
    redis,
    redisPrefix: config.REDIS_PREFIX,
    admin: { idleSeconds: config.ADMIN_SESSION_IDLE_SECONDS, absoluteSeconds: config.ADMIN_SESSION_ABSOLUTE_SECONDS },
    user: { idleSeconds: config.USER_SESSION_IDLE_SECONDS, absoluteSeconds: config.USER_SESSION_ABSOLUTE_SECONDS },
  });

  const currentUsers = new CurrentUserCache({ max: 20_000, ttlMs: config.CURRENT_USER_CACHE_SECONDS * 1000 });
  if (config.NATS_URL && config.CURRENT_USER_CACHE_SECONDS > 0) {
    const watching = currentUsers.watch({ natsUrl: config.NATS_URL, busPrefix: config.BUS_PREFIX, logger: app.log });
    app.addHook('onClose', watching.close);
  }
  app.decorate('currentUsers', currentUsers);
  // A signed-in user's state-changing call has reached its service and been answered: their copy
  // goes before the answer does, so the next read (from this replica) shows the change.
  app.addHook('onSend', async (request) => {
    if (request.signedInUserId && request.method !== 'GET' && request.method !== 'HEAD') currentUsers.drop(request.signedInUserId);
  });

  const publicRateLimit = { max: config.RATE_LIMIT_PUBLIC_PER_MINUTE, timeWindow: '1 minute' };
  const routeOptions = { directory, publicRateLimit, memberLimits: memberLimitsFrom(config), currentUsers };
  await app.register(waitlistRoutes, routeOptions);
  await app.register(adminRoutes, routeOptions);
  await app.register(authRoutes, routeOptions);
  await app.register(recoveryRoutes, routeOptions);
  await app.register(accountRoutes, routeOptions);
  await app.register(uploadRoutes, routeOptions);
  await app.register(verificationRoutes, routeOptions);
  await app.register(staffReviewRoutes, routeOptions);
  await app.register(staffSuspensionRoutes, routeOptions);
  await app.register(phoneCodeRoutes, routeOptions);
  await app.register(notificationRoutes, routeOptions);
  await app.register(staffMessageRoutes, routeOptions);
  await app.register(staffTicketRoutes, routeOptions);
  await app.register(paymentRoutes, routeOptions);
  await app.register(paymentMethodConfirmationRoutes, routeOptions);
  const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });
  await app.register(rideRoutes, {
    ...routeOptions,
    browseRateLimit: perMinute(config.RATE_LIMIT_BROWSE_PER_MINUTE),
    guestSearchCacheMs: config.GUEST_SEARCH_CACHE_SECONDS * 1000,
  });
  await app.register(vehicleRoutes, routeOptions);
  await app.register(rideRequestRoutes, routeOptions);
  await app.register(memberSafetyRoutes, routeOptions);
  await app.register(messageRoutes, routeOptions);
  await app.register(supportRoutes, routeOptions);
  await app.register(bookingRoutes, routeOptions);
  await app.register(tripShareRoutes, { ...routeOptions, browseRateLimit: perMinute(config.RATE_LIMIT_BROWSE_PER_MINUTE) });
  await app.register(reviewRoutes, { ...routeOptions, browseRateLimit: perMinute(config.RATE_LIMIT_BROWSE_PER_MINUTE) });
  await app.register(bookingPaymentRoutes, routeOptions);
  await app.register(staffBookingRoutes, routeOptions);
  await app.register(staffPaymentRoutes, routeOptions);
  await app.register(staffMemberRoutes, routeOptions);
  await app.register(providerCallbackRoutes, { directory, publicOrigin: config.PUBLIC_ORIGIN });
  await app.register(placeRoutes, { places: await openPlaces(config, app.log), rateLimit: perMinute(config.RATE_LIMIT_PLACES_PER_MINUTE) });
  return app;
}
