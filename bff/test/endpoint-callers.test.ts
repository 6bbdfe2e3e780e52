import { randomUUID } from 'node:crypto';
import { allowedCallers, type Endpoint, type EndpointCaller } from '@krom/contracts/endpoint';
import { ASSERTION_HEADER, type Caller, signAssertion } from '@krom/server-kit/internal-auth';
import { administratorCaller } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredEndpoints } from './contract-endpoints.ts';
import { type BffSystem, ORIGIN, signedInSessions, startBff } from './bff-test-env.ts';

/*
 * Who may call what, generated from packages/contracts: every /api endpoint is called through the
 * real BFF (with identity, notifications, rides and admin behind it) signed out, signed in as a
 * member and signed in as staff, and every service route is called directly with the BFF's
 * assertion of a public caller, a user and an admin. A caller the endpoint's `caller` does not
 * admit is refused with 401 (the status every caller refusal has kept); one it admits is not (any
 * other answer: a 400 for the empty body sent, a 404 for the made-up id, a 200, or a 403 of the
 * route's own, such as an unsigned document link). The body sent is `{}` whatever the endpoint
 * reads, so a refusal that came only after validation would show as a 400.
 */

type Principal = 'anonymous' | 'member' | 'staff';
const principals: Principal[] = ['anonymous', 'member', 'staff'];

/**
 * The kinds of `caller` that admit each principal. At /api a guest's step (sign-in, sign-up) is
 * open to any browser and calls its service as the public caller, and a webhook admits none of
 * them: only a provider's signature opens it. A service's guest and webhook routes take the BFF's
 * public caller only (a webhook's signature is then its adapter's to check).
 */
const admittedAtApi: Record<Principal, readonly EndpointCaller[]> = {
  anonymous: ['public', 'guest'],
  member: ['public', 'guest', 'user'],
  staff: ['public', 'guest', 'staff'],
};
const admittedAtService: Record<Principal, readonly EndpointCaller[]> = {
  anonymous: ['public', 'guest', 'webhook'],
  member: ['public', 'user'],
  staff: ['public', 'staff'],
};

const apiEndpoints = await declaredEndpoints('api');
const serviceEndpoints = await declaredEndpoints('services');
const serviceOf = (file: string) => /^services\/([a-z-]+)\//.exec(file)?.[1] as 'identity' | 'rides' | 'notifications' | 'admin' | 'payments';

/** The endpoint's path with each `:name` given a well-formed id that names nothing. */
const filledPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, () => randomUUID());

/**
 * One call, answered as far as its status (an event stream is then cut): the status and the
 * error message, if the answer is JSON with one. A call that never answers is a hang, which the
 * test's own time limit catches.
 */
async function call(url: string, endpoint: Endpoint, headers: Record<string, string>): Promise<{ status: number; message?: string }> {
  const controller = new AbortController();
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE' ? endpoint.body !== undefined : false;
  const response = await fetch(url, {
    method: endpoint.method,
    headers: { origin: ORIGIN, ...(hasBody && { 'content-type': 'application/json' }), ...headers },
    body: hasBody ? '{}' : undefined,
    signal: controller.signal,
  });
  if (response.headers.get('content-type')?.includes('text/event-stream')) {
    controller.abort();
    return { status: response.status };
  }
  const text = await response.text();
  const message = response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as { message?: string }).message : undefined;
  return { status: response.status, message };
}

/** What each principal was answered where the endpoint's `caller` says otherwise, as one line each. */
async function judged(
  admitted: Record<Principal, readonly EndpointCaller[]>,
  endpoint: Endpoint,
  each: (principal: Principal) => Promise<{ status: number; message?: string }>,
): Promise<string[]> {
  const wrong: string[] = [];
  for (const principal of principals) {
    const { status, message } = await each(principal);
    const admits = allowedCallers(endpoint).some((caller) => admitted[principal].includes(caller));
    if (admits === (status === 401)) {
      wrong.push(`${principal}: ${status} ${message ?? ''} (caller ${JSON.stringify(endpoint.caller)})`);
    }
  }
  return wrong;
}

let system: BffSystem;
let bffUrl: string;
let cookies: Record<Principal, () => Promise<string | undefined>>;

beforeAll(async () => {
  system = await startBff({
    services: ['identity', 'notifications', 'rides', 'payments'],
    overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000', RATE_LIMIT_BROWSE_PER_MINUTE: '1000000', RATE_LIMIT_PLACES_PER_MINUTE: '1000000' },
  });
  bffUrl = await system.bff.listen({ port: 0, host: '127.0.0.1' });
  const { user, staff } = signedInSessions(system.bff, bffUrl, '10.8');
  cookies = { anonymous: async () => undefined, member: user, staff };
}, 120_000);
afterAll(() => system?.close());

describe('every /api endpoint admits exactly the callers its contract names', () => {
  it('covers the whole /api contract', () => {
    expect(apiEndpoints.length).toBeGreaterThan(60);
    expect(new Set(apiEndpoints.flatMap(({ endpoint }) => allowedCallers(endpoint)))).toEqual(new Set(['public', 'guest', 'user', 'staff', 'webhook']));
  });

  it.each(apiEndpoints.map(({ name, endpoint }) => [`${endpoint.method} ${endpoint.path} (${name})`, endpoint] as const))('%s', async (_, endpoint) => {
    const wrong = await judged(admittedAtApi, endpoint, async (principal) => {
      const cookie = await cookies[principal]();
      return call(`${bffUrl}${filledPath(endpoint.path)}`, endpoint, cookie ? { cookie } : {});
    });
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('every service route admits exactly the asserted callers its contract names', () => {
  const asserted: Record<Principal, Caller> = {
    anonymous: { kind: 'public' },
    member: { kind: 'user', userId: randomUUID() },
    staff: administratorCaller(),
  };

  it('covers every service', () => {
    expect(new Set(serviceEndpoints.map(({ file }) => serviceOf(file)))).toEqual(new Set(['identity', 'rides', 'notifications', 'admin', 'payments']));
  });

  it.each(serviceEndpoints.map(({ file, name, endpoint }) => [`${serviceOf(file)} ${endpoint.method} ${endpoint.path} (${name})`, file, endpoint] as const))(
    '%s',
    async (_, file, endpoint) => {
      const service = serviceOf(file);
      const base = { identity: system.config.IDENTITY_URL, rides: system.config.RIDES_URL, notifications: system.config.NOTIFICATIONS_URL, admin: system.config.ADMIN_URL, payments: system.config.PAYMENTS_URL }[service];
      const wrong = await judged(admittedAtService, endpoint, async (principal) => {
        const assertion = signAssertion(system.config.INTERNAL_AUTH_SECRET, asserted[principal], service);
        return call(`${base}${filledPath(endpoint.path)}`, endpoint, { [ASSERTION_HEADER]: assertion });
      });
      expect(wrong).toEqual([]);
    },
    60_000,
  );
});
