import { getWaitlistSignups as getWaitlistSignupsEndpoint } from '@krom/contracts/api-routes';
import type { WaitlistSignup } from '@krom/contracts/http/waitlist';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useQuery } from '@tanstack/react-query';

export const waitlistSignupsQueryKey = [getWaitlistSignupsEndpoint.path] as const;

/** Every signup, newest first. */
export async function getWaitlistSignups(): Promise<WaitlistSignup[]> {
  return callEndpoint(getWaitlistSignupsEndpoint);
}

export function useWaitlistSignups({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: waitlistSignupsQueryKey, queryFn: getWaitlistSignups, enabled });
}
