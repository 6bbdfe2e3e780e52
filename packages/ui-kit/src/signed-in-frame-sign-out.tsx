import { signOut } from '@krom/contracts/api-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { callEndpoint } from './call-endpoint.ts';
import { currentUserQueryKey, refreshCurrentUser } from './current-user.ts';
import { signOutsAtom } from './require-signed-in.tsx';
import { closeNotificationStream } from './signed-in-frame-notifications.tsx';

/** Ends the session on the server. */
export async function logout(): Promise<void> {
  await callEndpoint(signOut);
}

/**
 * After a logout or an account deletion: go to / and forget everything the user saw. The page
 * being left is told not to redirect to /login (signOutsAtom); the user is read again before /
 * shows, so / does not send a stale user back to /dashboard; the rest of the cache is dropped
 * once the page is gone, so the next person to sign in on this phone never sees this one's data.
 */
export function useLeaveSignedInArea(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const countSignOut = useSetAtom(signOutsAtom);
  return useCallback(async () => {
    countSignOut((count) => count + 1);
    closeNotificationStream();
    const refreshing = refreshCurrentUser(queryClient);
    await navigate('/');
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    await refreshing;
  }, [queryClient, navigate, countSignOut]);
}
