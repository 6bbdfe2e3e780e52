import { getPriceGuide as getPriceGuideEndpoint } from '@krom/contracts/api-routes';
import type { PriceGuide } from '@krom/contracts/http/rides';
import type { RoutePoint } from '@krom/contracts/http/places';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The recommended price per seat and its cap for a route through `points` (departure, stops, destination). */
export async function getPriceGuide(points: RoutePoint[], signal?: AbortSignal): Promise<PriceGuide> {
  return callEndpoint(getPriceGuideEndpoint, { body: { points }, signal });
}

export const getPriceGuideQueryOptions = (points: RoutePoint[]) =>
  queryOptions({
    queryKey: [getPriceGuideEndpoint.path, points] as const,
    queryFn: ({ signal }) => getPriceGuide(points, signal),
    enabled: points.length >= 2,
  });

export function usePriceGuide(points: RoutePoint[]) {
  return useQuery(getPriceGuideQueryOptions(points));
}
