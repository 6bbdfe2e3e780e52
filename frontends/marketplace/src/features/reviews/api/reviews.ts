import {
  getMemberReviews as getMemberReviewsEndpoint,
  getReviewsToWrite as getReviewsToWriteEndpoint,
  replyToReview as replyToReviewEndpoint,
  reportReview as reportReviewEndpoint,
  submitReview as submitReviewEndpoint,
} from '@krom/contracts/api-routes';
import type { MemberReviews, ReviewInput, ReviewToWrite } from '@krom/contracts/http/reviews';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The reviews the signed-in member may still write; with `rideId`, the passengers of that ride still to rate. */
export const reviewsToWriteQueryKey = [getReviewsToWriteEndpoint.path] as const;

export async function getReviewsToWrite(rideId?: string, signal?: AbortSignal): Promise<ReviewToWrite[]> {
  const answer = await callEndpoint(getReviewsToWriteEndpoint, rideId ? { query: { rideId }, signal } : { signal });
  return answer.reviews;
}

export function useReviewsToWrite(rideId?: string) {
  return useQuery({
    queryKey: [...reviewsToWriteQueryKey, rideId ?? null] as const,
    queryFn: ({ signal }) => getReviewsToWrite(rideId, signal),
  });
}

/** The caller's review of the other side of their booking; the server checks who may write it and when. */
export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, review }: { bookingId: string; review: ReviewInput }) =>
      callEndpoint(submitReviewEndpoint, { params: { id: bookingId }, body: review }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsToWriteQueryKey }),
  });
}

const memberReviewsKey = (memberId: string) => [getMemberReviewsEndpoint.path, memberId] as const;

/** One page of a member's visible reviews, newest first, with their averages: the first, or the one `before` a cursor. */
export function getMemberReviews(memberId: string, before: string | null, signal?: AbortSignal): Promise<MemberReviews> {
  return callEndpoint(getMemberReviewsEndpoint, before ? { params: { id: memberId }, query: { before }, signal } : { params: { id: memberId }, signal });
}

/** A member's visible reviews, newest first, a page at a time, with their averages. */
export function useMemberReviews(memberId: string) {
  return useInfiniteQuery({
    queryKey: memberReviewsKey(memberId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getMemberReviews(memberId, pageParam, signal),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The member reviewed replies, once. */
export function useReplyToReview(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) =>
      callEndpoint(replyToReviewEndpoint, { params: { id: reviewId }, body: { reply } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberReviewsKey(memberId) }),
  });
}

/** Anyone signed in reports a review to staff; the server thanks them. */
export function useReportReview() {
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) =>
      callEndpoint(reportReviewEndpoint, { params: { id: reviewId }, body: { reason } }),
  });
}
