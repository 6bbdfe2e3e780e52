import { getPriceGuide } from '@krom/contracts/api-routes';
import type { Query, QueryClient } from '@tanstack/react-query';
import { vehiclesQueryKey } from '../../../lib/api/vehicles.ts';

/**
 * What a vehicle added, changed or removed changes: the list and each vehicle; the posting-rights
 * gate (a first vehicle is its last step); and rides and drivers' profiles, which show the
 * vehicle. Keys are endpoint paths (as every query's here), so this feature recognises them by
 * their start without reaching into the features that own them. Only queries on screen are
 * fetched again; the others are read afresh when next shown.
 */
const showsVehicles = (query: Query) => {
  const path = query.queryKey[0];
  if (typeof path !== 'string' || path === getPriceGuide.path) return false;
  return path === vehiclesQueryKey[0] || ['/api/rides', '/api/drivers'].some((start) => path.startsWith(start));
};

export function refreshVehicles(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: showsVehicles });
}
