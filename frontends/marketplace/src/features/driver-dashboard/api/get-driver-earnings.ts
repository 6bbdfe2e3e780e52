import { getDriverEarnings as getDriverEarningsEndpoint } from '@krom/contracts/api-routes';
import type { DriverEarnings } from '@krom/contracts/http/payment-receipts';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useQuery } from '@tanstack/react-query';

/** What the signed-in driver was paid out, as the payments service counts it: four periods and the last 12 weeks. */
export async function getDriverEarnings(signal?: AbortSignal): Promise<DriverEarnings> {
  return callEndpoint(getDriverEarningsEndpoint, { signal });
}

export function useDriverEarnings() {
  return useQuery({ queryKey: [getDriverEarningsEndpoint.path], queryFn: ({ signal }) => getDriverEarnings(signal) });
}
