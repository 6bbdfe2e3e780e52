import { retryPayout as retryPayoutEndpoint } from '@krom/contracts/api-routes';
import type { StaffPayout } from '@krom/contracts/http/staff-payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPayoutsNeedingAttentionQueryOptions } from './get-payouts-needing-attention.ts';

/** Asks again for a payout that failed or needs attention: the next sweep sends it. */
export async function retryPayout(payoutId: string): Promise<StaffPayout> {
  return callEndpoint(retryPayoutEndpoint, { params: { id: payoutId } });
}

export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPayoutsNeedingAttentionQueryOptions().queryKey }),
  });
}
