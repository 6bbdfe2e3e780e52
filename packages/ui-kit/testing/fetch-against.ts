/**
 * Runs `work` with fetch resolving the app's relative /api URLs against `baseUrl` (a Pact mock
 * server in consumer tests): the frontend's own request code runs unchanged, only the origin moves.
 */
export async function withFetchAgainst<T>(baseUrl: string, work: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => original(typeof input === 'string' && input.startsWith('/') ? `${baseUrl}${input}` : input, init);
  try {
    return await work();
  } finally {
    globalThis.fetch = original;
  }
}
