import { useAuth } from '@krom/ui-kit/current-user.ts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

/**
 * Login and sign-up are for signed-out visitors: a signed-in user is sent to the dashboard. The
 * form shows from the first paint (it is prerendered HTML); the answer about who is signed in
 * arrives after, and only a signed-in answer moves the visitor on.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return children;
}
