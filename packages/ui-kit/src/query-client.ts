import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api-request.ts';

/** Default read: GET the query key's first part as a URL (the "query path") and parse JSON. */
export function getQueryFn(options: { on401: 'throw' | 'returnNull' }): QueryFunction {
  return ({ queryKey, signal }) => getJson(String(queryKey[0]), { on401: options.on401, signal });
}

/**
 * The spec's caching (section 7): data never goes stale, nothing refetches on window focus,
 * nothing polls, and neither reads nor writes are retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
