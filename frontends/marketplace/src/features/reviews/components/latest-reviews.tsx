import type { User } from '@krom/contracts/http/auth';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { useMemberReviews } from '../api/reviews.ts';
import { ReviewItem } from './review-item.tsx';

/** How many of a driver's reviews their profile shows before "See all reviews". */
const shown = 3;

/**
 * The newest few reviews of a member. A signed-in `viewer` may act on each as on /all-reviews:
 * reply to one about them, report one, or block or report its writer.
 */
export function LatestReviews({ memberId, viewer }: { memberId: string; viewer: User | null }) {
  const reviews = useMemberReviews(memberId);
  const latest = reviews.data?.pages[0]?.reviews.slice(0, shown) ?? [];
  if (latest.length === 0) return null;
  return (
    <StackedList aria-label="Latest reviews">
      {latest.map((review) => (
        <ReviewItem key={review.id} review={review} viewer={viewer} memberId={memberId} />
      ))}
    </StackedList>
  );
}
