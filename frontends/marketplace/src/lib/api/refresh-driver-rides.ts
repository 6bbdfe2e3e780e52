import { getPostingRights, getPriceGuide } from '@krom/contracts/api-routes';
import type { Query, QueryClient } from '@tanstack/react-query';

/** Reads under /api/rides that a changed or cancelled ride leaves as they were. */
const unchanged = new Set<string>([getPostingRights.path, getPriceGuide.path]);

/**
 * What changing or cancelling a ride changes: every rides read (the listing, the ride itself, the
 * driver's rides, the dashboards), drivers' profiles (upcoming rides), and the vehicles' counts of
 * upcoming rides. Every query's key starts with its endpoint's path, so they are known by its start.
 */
const changedByRide = (query: Query) => {
  const path = query.queryKey[0];
  if (typeof path !== 'string' || unchanged.has(path)) return false;
  return ['/api/rides', '/api/drivers', '/api/vehicles'].some((start) => path.startsWith(start));
};

/** Marks those reads stale; the ones on screen are read again at once, the others when next shown. */
export function refreshDriverRides(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: changedByRide });
}
