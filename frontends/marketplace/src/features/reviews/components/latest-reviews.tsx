import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { useMemberReviews } from '../api/reviews.ts';
import { ReviewItem } from './review-item.tsx';

/** How many of a driver's reviews their profile shows before "See all reviews". */
const shown = 3;

/** The newest few reviews of a member, read-only (replying and reporting are on /all-reviews). */
export function LatestReviews({ memberId }: { memberId: string }) {
  const reviews = useMemberReviews(memberId);
  const latest = reviews.data?.pages[0]?.reviews.slice(0, shown) ?? [];
  if (latest.length === 0) return null;
  return (
    <StackedList aria-label="Latest reviews">
      {latest.map((review) => (
        <ReviewItem key={review.id} review={review} viewer={null} memberId={memberId} />
      ))}
    </StackedList>
  );
}
