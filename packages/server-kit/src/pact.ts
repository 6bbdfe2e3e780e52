import { resolve } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { ASSERTION_HEADER, type Caller, signAssertion } from './internal-auth.ts';

/** Where every pact file is written and read: the repository's pacts/ folder. */
export const pactDir = resolve(new URL('../../..', import.meta.url).pathname, 'pacts');
export const pactFile = (consumer: string, provider: string) => resolve(pactDir, `${consumer}-${provider}.json`);

/**
 * How long a provider verification waits for each answer (pact-core's default is 30 s): a limit
 * that catches a hang, which a machine kept busy by other work never reaches.
 */
export const verifierTimeoutMs = 120_000;

/** Secret used only to sign the example assertions that consumer pacts record. */
const EXAMPLE_SECRET = 'pact-example-secret-not-used-anywhere-else';

/** An example assertion for a pact, saying which caller the interaction is made as. */
export const exampleAssertion = (caller: Caller, audience: string) => signAssertion(EXAMPLE_SECRET, caller, audience);

/**
 * Provider side: the recorded assertion names the caller but is signed with the example secret
 * and long expired; re-sign the same caller (a member of staff with the same roles) with the provider's real secret before the call.
 */
export async function resignAssertion(headers: Record<string, string | string[] | undefined>, secret: string, audience: string) {
  const token = headers[ASSERTION_HEADER];
  if (typeof token !== 'string') return;
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { kind: string; sub: string; roles?: string[] };
  const caller: Caller =
    payload.kind === 'admin'
      ? { kind: 'admin', adminId: payload.sub, roles: payload.roles ?? [] }
      : payload.kind === 'user'
        ? { kind: 'user', userId: payload.sub }
        : { kind: 'public' };
  headers[ASSERTION_HEADER] = await signAssertion(secret, caller, audience);
}

export type PactProxyRequest = IncomingMessage & { body?: unknown };

/**
 * The request filter every provider verification uses. It re-signs the recorded assertion for
 * this provider (services), adds the session cookie a provider state set up (BFF), and undoes a
 * quirk of the verifier's proxy, which turns a bodyless request into "{}" with no content type:
 * the consumer sent no body at all, as the pact records.
 */
export function pactRequestFilter(options: { resign?: { secret: string; audience: string }; cookie?: () => string | undefined }) {
  return (req: PactProxyRequest, _res: unknown, next: (error?: unknown) => void) => {
    if (!req.headers['content-type']) {
      req.body = undefined;
      req.headers['content-length'] = '0';
    }
    const cookie = options.cookie?.();
    if (cookie) req.headers.cookie = cookie;
    if (!options.resign) return next();
    resignAssertion(req.headers, options.resign.secret, options.resign.audience).then(() => next(), next);
  };
}
