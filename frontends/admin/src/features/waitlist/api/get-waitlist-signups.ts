import { type WaitlistSignup, waitlistListResponseSchema } from '@krom/contracts/http/waitlist';
import { getJson } from '@krom/ui-kit/api-request.ts';
import { useQuery } from '@tanstack/react-query';

export const waitlistSignupsQueryKey = ['/api/admin/waitlist'] as const;

/** GET /api/admin/waitlist: every signup, newest first. */
export async function getWaitlistSignups(): Promise<WaitlistSignup[]> {
  return waitlistListResponseSchema.parse(await getJson(waitlistSignupsQueryKey[0]));
}

export function useWaitlistSignups({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: waitlistSignupsQueryKey, queryFn: getWaitlistSignups, enabled });
}
