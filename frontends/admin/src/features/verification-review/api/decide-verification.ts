import { decideVerification as decideVerificationEndpoint } from '@krom/contracts/api-routes';
import type { DecideVerificationRequest, ReviewSubmission } from '@krom/contracts/http/verification';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewQueueQueryKey } from './get-review-queue.ts';
import { getReviewSubmissionQueryOptions } from './get-review-submission.ts';

/** Approves, or rejects with the reason the user is shown; 409 when someone decided first. */
export async function decideVerification(id: string, decision: DecideVerificationRequest): Promise<ReviewSubmission> {
  return callEndpoint(decideVerificationEndpoint, { params: { id }, body: decision });
}

export function useDecideVerification(id: string) {
  const queryClient = useQueryClient();
  const { queryKey } = getReviewSubmissionQueryOptions(id);
  return useMutation({
    mutationFn: (decision: DecideVerificationRequest) => decideVerification(id, decision),
    onSuccess: (submission) => {
      queryClient.setQueryData(queryKey, submission);
      return queryClient.invalidateQueries({ queryKey: reviewQueueQueryKey });
    },
    // Most often someone else decided first (409): read the queue and this submission again.
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewQueueQueryKey }),
        queryClient.invalidateQueries({ queryKey }),
      ]),
  });
}
