import { getReviewQueue as getReviewQueueEndpoint } from '@krom/contracts/api-routes';
import type { ReviewQueue, SubmissionStatus } from '@krom/contracts/http/verification';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The statuses staff filter the queue by (a superseded submission is never reviewed). */
export const reviewQueueStatuses = ['pending', 'approved', 'rejected'] as const satisfies readonly SubmissionStatus[];
export type ReviewQueueStatus = (typeof reviewQueueStatuses)[number];

/** Every queue read, whatever its filter: what a decision makes out of date. */
export const reviewQueueQueryKey = [getReviewQueueEndpoint.path] as const;

/** Submissions of both kinds in one status (pending: oldest first), and how many are pending. */
export async function getReviewQueue(status: ReviewQueueStatus, signal?: AbortSignal): Promise<ReviewQueue> {
  return callEndpoint(getReviewQueueEndpoint, { query: { status }, signal });
}

export function getReviewQueueQueryOptions(status: ReviewQueueStatus) {
  return queryOptions({
    queryKey: [...reviewQueueQueryKey, status] as const,
    queryFn: ({ signal }) => getReviewQueue(status, signal),
    // Other staff work the same queue: reopening the tab after a while reads it again.
    staleTime: 30_000,
  });
}

export function useReviewQueue(status: ReviewQueueStatus, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getReviewQueueQueryOptions(status), enabled });
}
