import { getDriverDashboard as getDriverDashboardEndpoint } from '@krom/contracts/api-routes';
import type { DriverDashboard } from '@krom/contracts/http/rides';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The signed-in driver's earnings, rides and rating, as the rides service computes them. */
export const driverDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [getDriverDashboardEndpoint.path] as const,
    queryFn: ({ signal }): Promise<DriverDashboard> => callEndpoint(getDriverDashboardEndpoint, { signal }),
  });

export function useDriverDashboard() {
  return useQuery(driverDashboardQueryOptions());
}
