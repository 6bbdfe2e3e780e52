import { getPostingRights, getPriceGuide, postRide as postRideEndpoint } from '@krom/contracts/api-routes';
import type { PostRideInput, RideDetails } from '@krom/contracts/http/rides';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { type Query, useMutation, useQueryClient } from '@tanstack/react-query';

/** Posts the assembled ride; the server checks posting rights (403) and the price cap (400) again. */
export async function postRide(ride: PostRideInput): Promise<RideDetails> {
  return callEndpoint(postRideEndpoint, { body: ride });
}

/** Reads under /api/rides that a new ride does not change (and that would cost a request for nothing). */
const unchanged = new Set<string>([getPostingRights.path, getPriceGuide.path]);

/**
 * What a new ride changes: every rides read (listings, the driver's rides, dashboards), drivers'
 * profiles, and the vehicles' upcoming ride counts. Keys are endpoint paths, so they are
 * recognised by their start.
 */
const changedByNewRide = (query: Query) => {
  const path = query.queryKey[0];
  if (typeof path !== 'string' || unchanged.has(path)) return false;
  return ['/api/rides', '/api/drivers', '/api/vehicles'].some((start) => path.startsWith(start));
};

export function usePostRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRide,
    onSuccess: () => queryClient.invalidateQueries({ predicate: changedByNewRide }),
  });
}
