import { useAuth } from '@krom/ui-kit/current-user.ts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

/**
 * Login and sign-up are for signed-out visitors: a signed-in user is sent on (`to`, the dashboard
 * unless the screen knows better). The
 * form shows from the first paint (it is prerendered HTML); the answer about who is signed in
 * arrives after, and only a signed-in answer moves the visitor on.
 */
export function SignedOutOnly({ children, to = '/dashboard' }: { children: ReactNode; to?: string }) {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to={to} replace />;
  return children;
}
