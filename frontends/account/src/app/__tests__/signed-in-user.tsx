import type { User } from '@krom/contracts/http/auth';
import { useAuth } from '@krom/ui-kit/current-user.ts';
import { aUser } from '@krom/ui-kit/testing/signed-in-api.ts';

/** A user as GET /api/auth/user answers for them. */
export const ama: User = aUser({ id: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f', createdAt: '2026-01-05T10:00:00.000Z' });

/** Stands in for the marketplace's dashboard: says who the app believes is signed in. */
function DashboardProbe() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <p>Checking who is signed in</p>;
  return <h1>{user ? `Dashboard of ${user.firstName}` : 'Dashboard, signed out'}</h1>;
}

export const dashboardRoute = { path: '/dashboard', Component: DashboardProbe };
