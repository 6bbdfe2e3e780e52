import { currentUserAddress } from '@krom/contracts/api/current-user-address';
import type { User } from '@krom/contracts/http/auth';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { getJson } from './api-request.ts';

/**
 * Auth state (spec sections 3, 4 and 7), shared by the shell and every remote through the one
 * QueryClient: the current user (currentUserAddress), fetched once; 401 means signed out; any other failure is
 * logged and also counts as signed out. After sign-in, sign-out or a profile change, call
 * refreshCurrentUser (loading turns true, the user is fetched again).
 */
export const currentUserQueryKey = [currentUserAddress.path] as const;

async function getCurrentUser(): Promise<User | null> {
  try {
    const body = await getJson(currentUserQueryKey[0], { on401: 'returnNull' });
    if (body === null) return null;
    // The schema, and zod with it, loads only when someone is signed in: a signed-out visitor's
    // landing page, on a phone over 3G, does without them.
    const { userSchema } = await import('@krom/contracts/http/auth');
    return userSchema.parse(body);
  } catch (error) {
    console.error('Could not read the signed-in user; continuing signed out.', error);
    return null;
  }
}

const currentUserQuery = { queryKey: currentUserQueryKey, queryFn: getCurrentUser };

export function prefetchCurrentUser(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(currentUserQuery);
}

export function refreshCurrentUser(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ queryKey: currentUserQueryKey });
}

export function useAuth() {
  const query = useQuery(currentUserQuery);
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isAuthenticated: user !== null };
}
