import { getDriverProfile as getDriverProfileEndpoint } from '@krom/contracts/api-routes';
import type { DriverProfile } from '@krom/contracts/http/rides';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** A driver's public profile: name, verification, vehicles, figures and upcoming rides (404 when there is no such driver). */
export const driverProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [getDriverProfileEndpoint.path, id] as const,
    queryFn: ({ signal }): Promise<DriverProfile> => callEndpoint(getDriverProfileEndpoint, { params: { id }, signal }),
  });

export function useDriverProfile(id: string) {
  return useQuery(driverProfileQueryOptions(id));
}
