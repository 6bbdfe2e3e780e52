import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every /api answer is personal or about a session: no cache may keep it (`no-store`), no browser
 * may guess its type (`nosniff`), and as a document it may run nothing and sit in no frame. HSTS is
 * the web server's to send: it alone knows whether the browser came over HTTPS.
 * A route that chose its own caching keeps it (an uploaded photo is `private`, cached by its id).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'krom-security-headers' },
);
