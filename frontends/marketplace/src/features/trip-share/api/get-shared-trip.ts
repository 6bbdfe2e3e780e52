import { getSharedTrip } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions } from '@tanstack/react-query';

/** The trip a link shows; 410 once it has ended, 404 for a link never made (thrown as ApiRequestError). */
export const getSharedTripQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['shared-trip', token],
    queryFn: ({ signal }) => callEndpoint(getSharedTrip, { params: { token }, signal }),
    retry: false,
  });
