import { getReviewSubmission as getReviewSubmissionEndpoint } from '@krom/contracts/api-routes';
import { documentLinkSeconds, type ReviewSubmission } from '@krom/contracts/http/verification';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** How long before a photo link expires the submission is read again for fresh links. */
const linkRenewMarginMs = 60_000;
/** Never poll faster than this, even if the server hands out links that are already about to expire. */
const minimumRenewMs = 15_000;

/** One submission with its fields, photo links (valid a few minutes) and the account's history. */
export async function getReviewSubmission(id: string, signal?: AbortSignal): Promise<ReviewSubmission> {
  return callEndpoint(getReviewSubmissionEndpoint, { params: { id }, signal });
}

/** Milliseconds until the first photo link needs renewing, or false when there are no photos. */
export function msUntilLinksRenew(submission: ReviewSubmission | undefined, now = Date.now()): number | false {
  const expiries = (submission?.documents ?? []).map((document) => Date.parse(document.expiresAt));
  if (expiries.length === 0) return false;
  return Math.max(Math.min(...expiries) - linkRenewMarginMs - now, minimumRenewMs);
}

export function getReviewSubmissionQueryOptions(id: string) {
  return queryOptions({
    queryKey: [getReviewSubmissionEndpoint.path, id] as const,
    queryFn: ({ signal }) => getReviewSubmission(id, signal),
    // Shorter than a link's lifetime, so reopening a submission or returning to the tab never
    // shows links that died meanwhile; while it stays open, it is read again before they expire.
    staleTime: documentLinkSeconds * 1000 - linkRenewMarginMs,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => msUntilLinksRenew(query.state.data),
  });
}

export function useReviewSubmission(id: string) {
  return useQuery(getReviewSubmissionQueryOptions(id));
}
