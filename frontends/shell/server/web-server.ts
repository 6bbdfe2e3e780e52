import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyHttpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { cacheControlFor } from './cache-policy.ts';

export type WebServerOptions = {
  /** The shell's build (served at /). */
  shellDist: string;
  /** Each remote's build, served at /remotes/<name>/. */
  remoteDists: Record<string, string>;
  bffUrl: string;
  /** Honour X-Forwarded-* from a load balancer in front of this server. */
  trustProxy?: boolean;
  logger?: FastifyServerOptions['logger'];
};

/** A path whose last segment has an extension is a file request, never a page of the app. */
const looksLikeFile = /\/[^/]*\.[^/]+$/;

/**
 * The public web server: the shell at /, each remote at /remotes/<name>/, /api passed to the BFF
 * unchanged (cookies both ways) and every other page path answered with the shell's index.html.
 */
export async function buildWebServer(options: WebServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? false });
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    reply.header('cache-control', cacheControlFor(filePath));
    reply.header('x-content-type-options', 'nosniff');
  };

  app.get('/health/live', async () => ({ status: 'ok' }));

  await app.register(fastifyHttpProxy, {
    upstream: options.bffUrl,
    prefix: '/api',
    rewritePrefix: '/api',
    replyOptions: {
      // The BFF could not be reached: a gateway error in the one error shape, not a bare 500.
      onError: (reply, { error }) => {
        reply.log.warn({ err: error }, 'the BFF did not answer');
        const timedOut = (error as { statusCode?: number }).statusCode === 504;
        reply
          .code(timedOut ? 504 : 502)
          .send({ message: 'Krom is not reachable right now. Please try again in a moment.' });
      },
      // The BFF sees who really called (address, host, scheme); Origin and Cookie pass as sent.
      rewriteRequestHeaders: (request, headers) => {
        // Appended like any proxy does; the BFF decides how many hops it trusts.
        const peer = request.socket.remoteAddress ?? '';
        const forwardedFor = headers['x-forwarded-for'];
        return {
          ...headers,
          'x-forwarded-for': forwardedFor ? `${forwardedFor}, ${peer}` : peer,
          'x-forwarded-host': request.host,
          'x-forwarded-proto': request.protocol,
        };
      },
    },
  });

  await app.register(fastifyStatic, {
    root: options.shellDist,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    setHeaders,
  });

  for (const [name, dist] of Object.entries(options.remoteDists)) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders,
    });
  }

  const indexHtml = path.join(options.shellDist, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/remotes/') &&
      !pathname.startsWith('/assets/') &&
      !looksLikeFile.test(pathname);
    if (isPage && existsSync(indexHtml)) {
      // The shell's router decides what the path shows, including its own 404 page.
      return reply.sendFile('index.html', options.shellDist);
    }
    return reply.code(404).type('application/json').send({ message: 'Not found' });
  });

  return app;
}
