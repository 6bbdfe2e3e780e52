import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cacheControlFor } from './cache-policy.ts';

/**
 * Serves one frontend build at `prefix`: precompressed files (brotli, then gzip) and the cache
 * policy of cache-policy.ts. Used by the web server (the shell, and remotes served locally) and by
 * each remote's own container (remote-server.ts).
 */
export async function registerBuild(
  app: FastifyInstance,
  { root, prefix, decorateReply }: { root: string; prefix: string; decorateReply: boolean },
): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply,
    preCompressed: true,
    cacheControl: false,
    // The build's render module (dist/server/) runs in the web server; it is not a file for browsers.
    allowedPath: (pathname: string) => !/^\/?server\//.test(pathname),
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(filePath));
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
