import { EmptyState } from '@krom/ui-kit/empty-state.tsx';

/** A driver with no upcoming rides (the dashboard's list and /rides/as-driver), pointed at posting one. */
export function NoRidesPosted() {
  return <EmptyState title="No rides posted yet" text="Rides you offer as a driver will appear here." action={{ to: '/create-ride', label: 'Post a Ride' }} />;
}
