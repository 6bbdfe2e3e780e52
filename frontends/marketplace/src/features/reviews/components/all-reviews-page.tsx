import type { User } from '@krom/contracts/http/auth';
import { statusOf } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PageColumn, PageLead, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { PublicPage } from '../../../components/public-page.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useMemberReviews } from '../api/reviews.ts';
import { averageText, reviewTexts as texts } from '../review-texts.ts';
import { ReviewItem } from './review-item.tsx';

/**
 * /all-reviews: the reviews the signed-in member received, newest first, a page at a time, with
 * their averages; `?member=<id>` shows another member's (from a driver's profile), to guests too.
 */
export function AllReviewsPage() {
  const [search] = useSearchParams();
  const member = search.get('member');
  if (member) return <PublicPage>{(viewer) => <AllReviews memberId={member} viewer={viewer} />}</PublicPage>;
  return <SignedInPage>{(user) => <AllReviews memberId={user.id} viewer={user} />}</SignedInPage>;
}

function AllReviews({ memberId, viewer }: { memberId: string; viewer: User | null }) {
  const reviews = useMemberReviews(memberId);
  const own = viewer?.id === memberId;
  const first = reviews.data?.pages[0];
  const all = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  const name = all.find((review) => review.reviewee.id === memberId)?.reviewee.firstName;
  return (
    <PageColumn>
      <div>
        <PageTitle>{texts.allReviewsTitle}</PageTitle>
        <PageLead>{own ? texts.ownLead : name ? texts.memberLead(name) : texts.otherMemberLead}</PageLead>
      </div>
      {reviews.isPending ? <Spinner /> : null}
      {reviews.isError && !first ? (
        <QueryFailure
          message={statusOf(reviews.error) === 404 ? 'This member cannot be found.' : texts.reviewsLoadFailed}
          onRetry={() => void reviews.refetch()}
        />
      ) : null}
      {first ? (
        <>
          <Averages aria-label="Averages">
            <div>
              <dt>{texts.asDriver}</dt>
              <dd>{averageText(first.asDriver)}</dd>
            </div>
            <div>
              <dt>{texts.asPassenger}</dt>
              <dd>{averageText(first.asPassenger)}</dd>
            </div>
          </Averages>
          {all.length === 0 ? (
            <EmptyState title={texts.noReviews} text={texts.noReviewsText} />
          ) : (
            <StackedList aria-label="Reviews">
              {all.map((review) => (
                <ReviewItem key={review.id} review={review} viewer={viewer} memberId={memberId} />
              ))}
            </StackedList>
          )}
          {reviews.hasNextPage ? (
            <div>
              <Button $variant="secondary" disabled={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
                {reviews.isFetchingNextPage ? texts.loadingMore : texts.loadMore}
              </Button>
            </div>
          ) : null}
          {reviews.isFetchNextPageError ? <p role="alert">{texts.reviewsLoadFailed}</p> : null}
        </>
      ) : null}
    </PageColumn>
  );
}

const Averages = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 12px;
  margin: 0;

  div { display: grid; gap: 2px; padding: 12px; border: 1px solid ${({ theme }) => theme.color.border}; border-radius: ${({ theme }) => theme.radius.md}; }
  dt { color: ${({ theme }) => theme.color.muted}; font-size: 0.875rem; }
  dd { margin: 0; font-weight: 600; }
`;
