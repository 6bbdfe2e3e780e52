import Fastify from 'fastify';

/** One answer of a canned service: the status and JSON body it sends for `METHOD /path`. */
export type CannedAnswer = { status: number; body: unknown };

/**
 * A stand-in for another Krom service in a BFF consumer pact test, answering exactly what that
 * service's own pact with the BFF records (and verified against it there), so the pact under test
 * sees the calls the BFF makes after it. Answers 404 to anything it was not given.
 */
export async function startCannedService(answers: Record<string, CannedAnswer>) {
  const app = Fastify();
  const received: string[] = [];
  app.all('/*', async (request, reply) => {
    const key = `${request.method} ${request.url.split('?')[0]}`;
    received.push(key);
    const answer = answers[key];
    if (!answer) return reply.status(404).send({ message: `no canned answer for ${key}` });
    return reply.status(answer.status).send(answer.body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, received, close: () => app.close() };
}
