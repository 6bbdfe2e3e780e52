import { getJson } from '@krom/ui-kit/api-request.ts';
import { type QueryClient, useQuery } from '@tanstack/react-query';

/**
 * The signed-in user as screens read it (spec section 3). Only the fields the shell uses are
 * named here; the full shape belongs in @krom/contracts once the auth contract exists.
 */
export type CurrentUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
};

export const currentUserQueryKey = ['/api/auth/user'] as const;

/** 401 means signed out; any other failure is logged and also counts as signed out. */
async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return (await getJson(currentUserQueryKey[0], { on401: 'returnNull' })) as CurrentUser | null;
  } catch (error) {
    console.error('Could not read the signed-in user; continuing signed out.', error);
    return null;
  }
}

const currentUserQuery = { queryKey: currentUserQueryKey, queryFn: getCurrentUser };

export function prefetchCurrentUser(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(currentUserQuery);
}

/** Auth state (spec section 3): fetched once; isLoading is true until the first answer. */
export function useAuth() {
  const query = useQuery(currentUserQuery);
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isAuthenticated: user !== null };
}
