import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing calls that a browser made from another site. Browsers send Origin on
 * every non-GET fetch; a request with neither Origin nor Sec-Fetch-Site is not from a browser
 * page (curl, server-to-server) and carries no ambient cookie risk worth refusing it for.
 * SameSite=Lax cookies are the second line of the same defence.
 */
export const sameOriginWrites = fp<{ publicOrigin: string }>(
  async (app: FastifyInstance, options) => {
    const allowed = new URL(options.publicOrigin).origin;
    app.addHook('onRequest', async (request) => {
      // A provider's callback carries no cookie and is trusted for its signature alone.
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config.providerCallback) return;
      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      if (origin !== undefined && origin !== allowed) throw new HttpError(403, 'Cross-site request refused');
      if (origin === undefined && fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
        throw new HttpError(403, 'Cross-site request refused');
      }
    });
  },
  { name: 'krom-same-origin-writes' },
);
