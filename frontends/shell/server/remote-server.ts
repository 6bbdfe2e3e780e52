import type { PageAnswers } from '@krom/ui-kit/build/prerender-manifest.ts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { remoteBase } from './remote-sources.ts';
import { renderModuleIn } from './render-module.ts';
import { registerBuild } from './static-files.ts';

/**
 * A remote's own server (its container in docker-compose.yml): its build at /remotes/<name>/,
 * the base it was built with, so the web server can pass that path through unchanged; and
 * POST /render, its pages rendered with the API answers the web server fetched for them
 * (render-on-request.ts). That route is outside /remotes/, which is all the web server passes
 * through: only the web server, inside the deployment's network, calls it.
 */
export async function buildRemoteServer(options: {
  name: string;
  dist: string;
  logger?: FastifyServerOptions['logger'];
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  app.get('/health/live', async () => ({ status: 'ok' }));
  const renderModule = renderModuleIn(options.dist);
  app.post<{ Body: { url?: unknown; answers?: unknown; screens?: unknown } }>('/render', { bodyLimit: 1024 * 1024 }, async (request, reply) => {
    const { url, answers, screens } = request.body ?? {};
    if (typeof url !== 'string' || !url.startsWith('/') || typeof answers !== 'object' || answers === null) {
      return reply.code(400).send({ message: 'A render needs the page URL and the API answers.' });
    }
    if (screens !== undefined && !(Array.isArray(screens) && screens.every((screen) => typeof screen === 'string'))) {
      return reply.code(400).send({ message: 'The screens of a render are a list of path patterns.' });
    }
    const module = renderModule();
    if (!module) return reply.code(404).send({ message: 'This build renders no pages.' });
    return (await module).render(url, { static: false, answers: answers as PageAnswers, ...(screens ? { screens: screens as string[] } : {}) });
  });
  await registerBuild(app, { root: options.dist, prefix: remoteBase(options.name), decorateReply: true });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));
  return app;
}
