import { getMyVerification as getMyVerificationEndpoint } from '@krom/contracts/api-routes';
import type { MyVerification } from '@krom/contracts/http/verification';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const myVerificationQueryKey = [getMyVerificationEndpoint.path] as const;

/** The user's statuses and latest submission of each kind, with the reason of a rejection. */
export async function getMyVerification(): Promise<MyVerification> {
  return callEndpoint(getMyVerificationEndpoint);
}

export const getMyVerificationQueryOptions = () => queryOptions({ queryKey: myVerificationQueryKey, queryFn: getMyVerification });

export function useMyVerification() {
  return useQuery(getMyVerificationQueryOptions());
}
