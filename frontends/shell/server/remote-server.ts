import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { remoteBase } from './remote-sources.ts';
import { registerBuild } from './static-files.ts';

/**
 * A remote's own server (its container in docker-compose.yml): its build at /remotes/<name>/,
 * the base it was built with, so the web server can pass that path through unchanged.
 */
export async function buildRemoteServer(options: {
  name: string;
  dist: string;
  logger?: FastifyServerOptions['logger'];
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  app.get('/health/live', async () => ({ status: 'ok' }));
  await registerBuild(app, { root: options.dist, prefix: remoteBase(options.name), decorateReply: true });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));
  return app;
}
