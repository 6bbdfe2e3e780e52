import { ticketedStatuses } from '@krom/contracts/http/booking-values';
import type { BookingPayment } from '@krom/contracts/http/booking-payments';
import type { Booking } from '@krom/contracts/http/bookings';
import { formatMoney } from '@krom/contracts/money';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { Navigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PageColumn, PageLead, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { useBookingPayment, useHeldBooking } from '../api/booking-payment.ts';
import { bookSeatTexts as texts } from '../book-seat-texts.ts';
import type { BookingExtras } from './book-seat-page.tsx';
import { BookingDone } from './booking-done.tsx';
import { HoldCountdown, PaymentBreakdown, walletText } from './payment-parts.tsx';

/**
 * /booking-payment/{bookingId}: a mobile money booking while its prompt is out. The booking and
 * its payment are read again every few seconds until the payment is settled: the prompt's
 * progress and the hold's countdown meanwhile; Telecel's voucher step on its own screen; then the
 * confirmation with the e-ticket, or why it failed and the way back to book again.
 */
export function BookingPaymentPage({ bookingExtras }: { bookingExtras?: BookingExtras } = {}) {
  return <SignedInPage>{() => <PaymentProgress bookingExtras={bookingExtras} />}</SignedInPage>;
}

const isTicketed = (booking: Booking) => (ticketedStatuses as readonly string[]).includes(booking.status);
const isWaiting = (booking: Booking) => booking.status === 'awaiting_payment' || booking.status === 'accepted';

function PaymentProgress({ bookingExtras }: { bookingExtras: BookingExtras | undefined }) {
  const { id = '' } = useParams();
  const booking = useHeldBooking(id);
  const waiting = booking.data ? isWaiting(booking.data) : true;
  const payment = useBookingPayment(id, waiting || booking.data?.status === 'expired');
  if (booking.isPending) return <Spinner fullPage />;
  if (booking.isError) {
    return (
      <PageColumn $width={560}>
        <PageTitle>{texts.loadBookingFailed}</PageTitle>
        <div>
          <ButtonLink to="/my-rides">{texts.myRides}</ButtonLink>
        </div>
      </PageColumn>
    );
  }
  if (isTicketed(booking.data) || booking.data.status === 'requested') return <BookingDone booking={booking.data} extras={bookingExtras} />;
  if (payment.data?.status === 'failed' || !waiting) return <PaymentFailed booking={booking.data} payment={payment.data} />;
  if (payment.data?.status === 'needs_otp') return <Navigate to={`/booking-payment/${id}/voucher`} replace />;
  return <PromptWaiting booking={booking.data} payment={payment.data} />;
}

function PromptWaiting({ booking, payment }: { booking: Booking; payment: BookingPayment | undefined }) {
  const expiresAt = booking.expiresAt ?? payment?.expiresAt;
  const paid = payment?.status === 'succeeded';
  return (
    <PageColumn $width={560} $gap={16}>
      <header>
        <PageTitle>{paid ? texts.paidConfirming : texts.waitingTitle}</PageTitle>
        <PageLead aria-live="polite">
          {payment ? texts.waitingLead(formatMoney(payment.total, payment.currency), walletText(payment)) : texts.sendingPrompt}
        </PageLead>
      </header>
      {payment?.displayText && !paid ? <GatewayWords>{payment.displayText}</GatewayWords> : null}
      <Spinner />
      {expiresAt && !paid ? <HoldCountdown expiresAt={expiresAt} /> : null}
      {payment ? <PaymentBreakdown payment={payment} /> : null}
    </PageColumn>
  );
}

/** Where to book the same seats again: the booking screen with the leg and seats of this one. */
const bookAgainPath = (booking: Booking) => `/book-seat/${booking.rideId}?seats=${booking.seats}&board=${booking.board.index}&alight=${booking.alight.index}`;

function PaymentFailed({ booking, payment }: { booking: Booking; payment: BookingPayment | undefined }) {
  return (
    <PageColumn $width={560} $gap={16}>
      <header>
        <PageTitle>{texts.failedTitle}</PageTitle>
        <PageLead>{texts.failedLead}</PageLead>
      </header>
      <Failure role="alert">{payment?.reason ?? texts.failedReasonFallback}</Failure>
      {payment ? <PaymentBreakdown payment={payment} /> : null}
      <Actions>
        <ButtonLink to={bookAgainPath(booking)} $size="lg">
          {texts.tryAgain}
        </ButtonLink>
        <ButtonLink to="/my-rides" $variant="secondary" $size="lg">
          {texts.myRides}
        </ButtonLink>
      </Actions>
    </PageColumn>
  );
}

const GatewayWords = styled.p`
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};
`;

const Failure = styled.p`
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
`;

const Actions = styled.div`
  display: grid;
  gap: 10px;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;
