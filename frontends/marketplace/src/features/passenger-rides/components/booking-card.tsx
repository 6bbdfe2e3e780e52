import { type BookingStatus, cancellableStatuses } from '@krom/contracts/http/booking-values';
import type { Booking } from '@krom/contracts/http/bookings';
import { formatMoney } from '@krom/contracts/money';
import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { StatusBadge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';
import { type ReactNode, useId } from 'react';
import styled from 'styled-components';
import { BoardingCode } from '../../../components/boarding-code.tsx';
import { CardFacts as Facts, ListCard } from '../../../components/card.tsx';
import { formatDeparture } from '../../../components/ride-card.tsx';
import { bookingStatusText, formatMoment, placeTown, seatsText } from '../../../lib/booking-texts.ts';
import { passengerRidesTexts as texts } from '../passenger-rides-texts.ts';
import { MemberSafetyActions } from '../../../components/member-safety-actions.tsx';

export const routeOf = (booking: Booking) => `${booking.rideFrom} → ${booking.rideTo}`;

/** A passenger may cancel a booking not yet boarded or ended, until its ride is completed (the rides service refuses after). */
const cancellable = (booking: Booking) => (cancellableStatuses as readonly BookingStatus[]).includes(booking.status) && booking.rideStatus !== 'completed';
/** The states in which the code is the passenger's to show at pickup. */
const showsCode: readonly BookingStatus[] = ['confirmed', 'boarded'];

const tones: Partial<Record<BookingStatus, StatusTone>> = {
  requested: 'warning',
  accepted: 'info',
  awaiting_payment: 'warning',
  confirmed: 'success',
  boarded: 'success',
  completed: 'neutral',
  declined: 'danger',
  expired: 'neutral',
  cancelled: 'neutral',
  cancelled_by_passenger: 'neutral',
  cancelled_by_driver: 'danger',
  no_show: 'danger',
  not_boarded: 'neutral',
};

/** The trips over for this passenger, whose driver they may review. */
const reviewable = (booking: Booking) => booking.status === 'completed' || booking.status === 'no_show' || booking.rideStatus === 'completed';

/**
 * One booking: the ride, its state, the passenger's seats, leg and price, where they board, the
 * boarding code, and the ways on; once the trip is over, `review` (the app's review of the driver); `extra`, what the app adds to every card (trip sharing).
 */
export function BookingCard({
  booking,
  busy,
  onCancel,
  review,
  extra,
}: { booking: Booking; busy: boolean; onCancel: () => void; review?: ((booking: Booking) => ReactNode) | undefined; extra?: ReactNode }) {
  const titleId = useId();
  const money = (amount: string) => formatMoney(amount, booking.currency);
  return (
    <Card aria-labelledby={titleId}>
      <Top>
        <h3 id={titleId}>{routeOf(booking)}</h3>
        <StatusBadge tone={tones[booking.status] ?? 'neutral'}>{bookingStatusText[booking.status]}</StatusBadge>
      </Top>
      <Facts>
        <span>{formatDeparture(booking)}</span>
        <span>{seatsText(booking.seats)}</span>
        <span>
          {placeTown(booking.board)} → {placeTown(booking.alight)}
        </span>
      </Facts>
      <Details>
        <div>
          <dt>Price</dt>
          <dd>
            {money(booking.pricePerSeat)} per seat · {money(booking.totalAmount)} in all
          </dd>
        </div>
        <div>
          <dt>{texts.boardingAt}</dt>
          <dd>{booking.board.location}</dd>
        </div>
        {booking.board.meetingPoint ? (
          <div>
            <dt>{texts.meetingPoint}</dt>
            <dd>{booking.board.meetingPoint}</dd>
          </div>
        ) : null}
        {booking.bookingCode ? (
          <div>
            <dt>{texts.bookingCode}</dt>
            <dd>{booking.bookingCode}</dd>
          </div>
        ) : null}
        <div>
          <dt>Driver</dt>
          <dd>
            {booking.driverName} · {booking.vehicle.color} {booking.vehicle.make} {booking.vehicle.model}, {booking.vehicle.licensePlate}
          </dd>
        </div>
      </Details>
      {booking.status === 'requested' && booking.expiresAt ? <Muted>{texts.lapses(formatMoment(booking.expiresAt))}</Muted> : null}
      {booking.status === 'awaiting_payment' && booking.expiresAt ? <Muted>{texts.paymentLapses(formatMoment(booking.expiresAt))}</Muted> : null}
      {booking.status === 'not_boarded' ? <Muted>{texts.notBoarded(booking.paymentMethod)}</Muted> : null}
      {booking.boardingCode && showsCode.includes(booking.status) ? (
        <BoardingCode code={booking.boardingCode} label={texts.boardingCode} hint={texts.boardingCodeHint} />
      ) : null}
      {review && reviewable(booking) ? review(booking) : null}
      <Actions>
        {booking.status === 'awaiting_payment' ? (
          <ButtonLink to={`/booking-payment/${booking.id}`} aria-describedby={titleId}>
            {texts.payNow}
          </ButtonLink>
        ) : null}
        <ButtonLink to={`/ride-preview/${booking.rideId}`} $variant="secondary" aria-describedby={titleId}>
          {texts.viewRide}
        </ButtonLink>
        {showsCode.includes(booking.status) ? (
          <ButtonLink to={`/call/${booking.id}`} $variant="secondary" aria-describedby={titleId}>
            {texts.callDriver}
          </ButtonLink>
        ) : null}
        {cancellable(booking) ? (
          <Button $variant="ghost" disabled={busy} onClick={onCancel} aria-describedby={titleId}>
            {texts.cancel}
          </Button>
        ) : null}
      </Actions>
      <MemberSafetyActions memberId={booking.driverId} name={booking.driverName} memberRole="driver" from={{ source: 'booking', sourceId: booking.id }} />
      {extra}
    </Card>
  );
}

/** A booking has more to show than a request: a little more room between its parts. */
const Card = styled(ListCard)`
  gap: 10px;
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;

  h3 { font-size: 1.0625rem; overflow-wrap: anywhere; }
`;

const Details = styled.dl`
  display: grid;
  gap: 6px;
  margin: 0;
  font-size: 0.9375rem;

  div { display: flex; flex-wrap: wrap; gap: 2px 8px; }
  dt { color: ${({ theme }) => theme.color.muted}; }
  dt::after { content: ':'; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Muted = styled.p`
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
