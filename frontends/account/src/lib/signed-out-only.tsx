import { useAuth } from '@krom/ui-kit/current-user.ts';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

/** Login and sign-up are for signed-out visitors: a signed-in user is sent to the dashboard. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  if (isLoading) return <Spinner fullPage />;
  return children;
}
