import { estimateRoute as estimateRouteEndpoint } from '@krom/contracts/api-routes';
import type { RouteEstimate, RoutePoint } from '@krom/contracts/http/places';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Driving distance and time through the points in order; `estimated` when worked out from straight lines. */
export async function estimateRoute(points: RoutePoint[], signal?: AbortSignal): Promise<RouteEstimate> {
  return callEndpoint(estimateRouteEndpoint, { body: { points }, signal });
}

export const getRouteEstimateQueryOptions = (points: RoutePoint[]) =>
  queryOptions({
    queryKey: [estimateRouteEndpoint.path, points] as const,
    queryFn: ({ signal }) => estimateRoute(points, signal),
    enabled: points.length >= 2,
  });

export function useRouteEstimate(points: RoutePoint[]) {
  return useQuery(getRouteEstimateQueryOptions(points));
}
