import { ticketedStatuses } from '@krom/contracts/http/booking-values';
import type { Booking } from '@krom/contracts/http/bookings';
import { formatMoney, toDecimalCedis, toPesewas } from '@krom/contracts/money';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { type ReactNode, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { BoardingCode } from '../../../components/boarding-code.tsx';
import { PageColumn, PageLead, PageTitle } from '../../../components/page-layout.tsx';
import { formatDeparture } from '../../../components/ride-card.tsx';
import { bookingStatusText, formatMoment, placeTown, seatsText } from '../../../lib/booking-texts.ts';
import { bookSeatTexts as texts } from '../book-seat-texts.ts';

const legOf = (booking: Booking) => `${placeTown(booking.board)} to ${placeTown(booking.alight)}`;

/**
 * What a booking came to, as the server answered it: on an instant ride the seat is the
 * passenger's (confirmed, with its boarding code and QR code); on an approval ride a request the
 * driver will answer, lapsing at `expiresAt`. Either way My Rides has it from now on. The heading
 * takes the focus, so a screen reader says at once how it went. `extras` is what the app adds under
 * the e-ticket (the trip sharing of features/trip-share, which shows itself only on an active seat).
 */
export function BookingDone({ booking, extras }: { booking: Booking; extras?: ((booking: Booking) => ReactNode) | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const confirmed = (ticketedStatuses as readonly string[]).includes(booking.status);
  const requested = booking.status === 'requested';
  const seats = seatsText(booking.seats);
  return (
    <PageColumn $width={560} $gap={16}>
      <header>
        <PageTitle ref={heading} tabIndex={-1}>
          {confirmed ? texts.confirmedTitle : requested ? texts.requestTitle : bookingStatusText[booking.status]}
        </PageTitle>
        <PageLead>{requested ? texts.requestLead(seats, legOf(booking)) : texts.confirmedLead(seats, legOf(booking))}</PageLead>
      </header>
      <Details>
        <div>
          <dt>{texts.statusLine}</dt>
          <dd>{bookingStatusText[booking.status]}</dd>
        </div>
        <div>
          <dt>Trip</dt>
          <dd>
            {booking.rideFrom} → {booking.rideTo}, {formatDeparture(booking)}
          </dd>
        </div>
        <div>
          <dt>Boarding at</dt>
          <dd>{booking.board.meetingPoint ? `${booking.board.location} (${booking.board.meetingPoint})` : booking.board.location}</dd>
        </div>
        <div>
          <dt>{texts.total}</dt>
          <dd>{formatMoney(toDecimalCedis(toPesewas(booking.totalAmount) + toPesewas(booking.serviceFee)), booking.currency)}</dd>
        </div>
      </Details>
      {booking.boardingCode ? <BoardingCode code={booking.boardingCode} hint={texts.boardingCodeHint} /> : null}
      {extras?.(booking)}
      {requested && booking.expiresAt ? <p>{texts.requestLapses(formatMoment(booking.expiresAt))}</p> : null}
      {requested && booking.paymentMethod === 'mobile_money' ? <p>{texts.promptAfterAcceptance}</p> : null}
      <div>
        <ButtonLink to="/my-rides" $size="lg">
          {texts.myRides}
        </ButtonLink>
      </div>
    </PageColumn>
  );
}

const Details = styled.dl`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  div { display: grid; gap: 2px; }
  dt { font-size: 0.8125rem; color: ${({ theme }) => theme.color.muted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;
