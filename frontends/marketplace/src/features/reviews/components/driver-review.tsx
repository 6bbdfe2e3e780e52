import type { Booking } from '@krom/contracts/http/bookings';
import { Button } from '@krom/ui-kit/button.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { lazy, Suspense, useState } from 'react';
import { useReviewsToWrite } from '../api/reviews.ts';
import { reviewTexts as texts } from '../review-texts.ts';

// The form (and the contract's schema with zod) loads only when the passenger starts a review.
const ReviewForm = lazy(() => import('./review-form.tsx').then((m) => ({ default: m.ReviewForm })));

/**
 * On a passenger's completed (or no-show) booking: Rate driver while the server lists the review
 * as still to write, then the form; once sent, that it stays hidden until the driver reviews too.
 */
export function DriverReview({ booking }: { booking: Pick<Booking, 'id' | 'driverName'> }) {
  const toWrite = useReviewsToWrite();
  const [state, setState] = useState<'closed' | 'open' | 'sent'>('closed');
  if (state === 'sent') return <p role="status">{texts.hidden(booking.driverName)}</p>;
  const due = toWrite.data?.some((review) => review.bookingId === booking.id && review.reviewType === 'driver');
  if (!due) return null;
  if (state === 'closed') {
    return (
      <div>
        <Button $variant="secondary" onClick={() => setState('open')}>
          {texts.rateDriver}
        </Button>
      </div>
    );
  }
  return (
    <Suspense fallback={<Spinner />}>
      <ReviewForm bookingId={booking.id} commentLabel={texts.commentAboutDriver} onDone={() => setState('sent')} />
    </Suspense>
  );
}
