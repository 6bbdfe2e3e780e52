import { getNearbyStation as getNearbyStationEndpoint } from '@krom/contracts/api-routes';
import type { RoutePoint } from '@krom/contracts/http/places';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The bus station or landmark nearest the departure (within 5 km), or null when none is that close. */
export async function getNearbyStation({ latitude, longitude }: RoutePoint, signal?: AbortSignal) {
  return callEndpoint(getNearbyStationEndpoint, { query: { latitude, longitude }, signal });
}

export const getNearbyStationQueryOptions = (point: RoutePoint) =>
  queryOptions({
    queryKey: [getNearbyStationEndpoint.path, point.latitude, point.longitude] as const,
    queryFn: ({ signal }) => getNearbyStation(point, signal),
  });

export function useNearbyStation(point: RoutePoint) {
  return useQuery(getNearbyStationQueryOptions(point));
}
