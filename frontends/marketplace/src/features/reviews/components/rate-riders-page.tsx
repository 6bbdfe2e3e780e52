import type { ReviewToWrite } from '@krom/contracts/http/reviews';
import { Avatar } from '@krom/ui-kit/avatar.tsx';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ListCard } from '../../../components/card.tsx';
import { PageColumn, PageLead, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { formatDeparture } from '../../../components/ride-card.tsx';
import { useReviewsToWrite } from '../api/reviews.ts';
import { reviewTexts as texts } from '../review-texts.ts';
import { ReviewForm } from './review-form.tsx';

/**
 * /rate-riders/{rideId}: the driver rates each passenger of a completed ride still to rate, one
 * form per passenger. A passenger rated stays on the screen saying the review is hidden for now.
 */
export function RateRidersPage() {
  const { id = '' } = useParams();
  return <SignedInPage>{() => <RateRiders rideId={id} />}</SignedInPage>;
}

function RateRiders({ rideId }: { rideId: string }) {
  const toWrite = useReviewsToWrite(rideId);
  /** The passengers rated here, kept after the server no longer lists them. */
  const [rated, setRated] = useState<ReviewToWrite[]>([]);
  if (toWrite.isPending) return <Spinner />;
  if (toWrite.isError) return <QueryFailure message={texts.rateRidersLoadFailed} onRetry={() => void toWrite.refetch()} />;
  const ratedIds = new Set(rated.map((review) => review.bookingId));
  const open = toWrite.data.filter((review) => review.reviewType === 'passenger' && !ratedIds.has(review.bookingId));
  const trip = open[0] ?? rated[0];
  return (
    <PageColumn>
      <div>
        <PageTitle>{texts.rateRidersTitle}</PageTitle>
        <PageLead>{trip ? `${trip.rideFrom} → ${trip.rideTo} · ${formatDeparture(trip)}` : texts.rateRidersLead}</PageLead>
      </div>
      {open.length === 0 && rated.length === 0 ? <EmptyState title={texts.nothingToRate} text={texts.nothingToRateText} /> : null}
      {open.length === 0 && rated.length > 0 ? <EmptyState title={texts.allRated} text={texts.allRatedText} /> : null}
      <StackedList aria-label="Passengers">
        {[...rated, ...open].map((review) => (
          <PassengerToRate
            key={review.bookingId}
            review={review}
            done={ratedIds.has(review.bookingId)}
            onDone={() => setRated((before) => [...before, review])}
          />
        ))}
      </StackedList>
    </PageColumn>
  );
}

function PassengerToRate({ review, done, onDone }: { review: ReviewToWrite; done: boolean; onDone: () => void }) {
  const titleId = useId();
  const name = review.reviewee.firstName;
  return (
    <Card aria-labelledby={titleId}>
      <Who>
        <Avatar name={name} photoUrl={review.reviewee.profileImageUrl} />
        <h2 id={titleId}>{name}</h2>
      </Who>
      {done ? (
        <p role="status">{texts.hidden(name)}</p>
      ) : (
        <ReviewForm bookingId={review.bookingId} commentLabel={texts.commentAboutPassenger} onDone={onDone} />
      )}
    </Card>
  );
}

const Card = styled(ListCard)`
  gap: 12px;
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;

  h2 { font-size: 1.0625rem; }
`;
