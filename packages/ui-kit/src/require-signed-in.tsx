import type { User } from '@krom/contracts/http/auth';
import { atom, useAtomValue } from 'jotai';
import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from './current-user.ts';
import { useLoginHere } from './login-path.ts';
import { Spinner } from './spinner.tsx';

/** Counts sign-outs started from a signed-in page (logout, account deletion) in this tab. */
export const signOutsAtom = atom(0);

/**
 * Guards a signed-in page: "Loading..." while the auth state is being determined, /login for a
 * signed-out visitor (with `next`, so signing in comes back here: Post a Ride as a guest), otherwise the page with the signed-in user. A page that was on screen when
 * its user signed out keeps the spinner instead: the sign-out is taking the user to / and a
 * redirect to /login from here would win the race.
 */
export function RequireSignedIn({ children }: { children: (user: User) => ReactNode }) {
  const { user, isLoading } = useAuth();
  const signOuts = useAtomValue(signOutsAtom);
  const [signOutsAtMount] = useState(signOuts);
  const login = useLoginHere();
  if (isLoading) return <Spinner fullPage />;
  if (!user) return signOuts > signOutsAtMount ? <Spinner fullPage /> : <Navigate to={login} replace />;
  return children(user);
}
