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
    // Read as callEndpoint reads an answer, unparsed: the BFF sends the user as its contract
    // (getCurrentUser's userSchema) serialised it, and no page loads zod to know who is signed in.
    return (await getJson(currentUserQueryKey[0], { on401: 'returnNull' })) as User | null;
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
