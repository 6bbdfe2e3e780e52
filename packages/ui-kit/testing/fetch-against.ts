import { apiEndpoints } from '@krom/contracts/api-routes-source';
import type { Endpoint } from '@krom/contracts/endpoint';
import { successSchema } from '@krom/contracts/endpoint-call';

/**
 * Runs `work` with fetch resolving the app's relative /api URLs against `baseUrl` (a Pact mock
 * server in consumer tests): the frontend's own request code runs unchanged, only the origin moves.
 *
 * Every successful JSON answer is also held to its endpoint's success schema, as the BFF
 * serialises it: the browser reads answers unparsed (ui-kit's callEndpoint), so a recorded example
 * outside the contract fails here, in every consumer suite, instead of passing into a pact.
 */
export async function withFetchAgainst<T>(baseUrl: string, work: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  const endpoints = await endpointMatchers();
  globalThis.fetch = async (input, init) => {
    const relative = typeof input === 'string' && input.startsWith('/');
    const response = await original(relative ? `${baseUrl}${input}` : input, init);
    if (relative) await holdToContract(endpoints, (init?.method ?? 'GET').toUpperCase(), new URL(input, 'http://krom.invalid').pathname, response);
    return response;
  };
  try {
    return await work();
  } finally {
    globalThis.fetch = original;
  }
}

type Matcher = { endpoint: Endpoint; pattern: RegExp; params: number };
let matchers: Promise<Matcher[]> | undefined;

/** Every /api endpoint with its path as a pattern; literal paths first (`/api/rides/mine` before `/api/rides/:id`). */
function endpointMatchers(): Promise<Matcher[]> {
  matchers ??= apiEndpoints().then((found) =>
    found
      .map(({ endpoint }) => {
        const params = (endpoint.path.match(/:\w+/g) ?? []).length;
        const pattern = new RegExp(`^${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);
        return { endpoint, pattern, params };
      })
      .sort((a, b) => a.params - b.params),
  );
  return matchers;
}

async function holdToContract(endpoints: Matcher[], method: string, path: string, response: Response): Promise<void> {
  if (!response.ok || response.status === 204 || !response.headers.get('content-type')?.includes('json')) return;
  const match = endpoints.find(({ endpoint, pattern }) => endpoint.method === method && pattern.test(path));
  if (!match) throw new Error(`${method} ${path}: no /api endpoint in the contracts answers this`);
  const checked = successSchema(match.endpoint).safeParse(await response.clone().json());
  if (!checked.success) throw new Error(`${method} ${path}: the recorded answer is outside ${match.endpoint.method} ${match.endpoint.path}'s success schema: ${checked.error.message}`);
}
