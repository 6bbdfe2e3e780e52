import type { BookingStatus, RideBooking } from '@krom/contracts/http/bookings';
import { noShowReportHours } from '@krom/contracts/http/bookings';
import { formatDateTimeInGhana } from '@krom/contracts/ghana-time';
import { formatMoney } from '@krom/contracts/money';
import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { StatusBadge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';
import styled from 'styled-components';
import { placeTown, seatsText } from '../../../lib/booking-texts.ts';
import { MemberSafetyActions } from '../../../components/member-safety-actions.tsx';
import { passengerRatingText } from '../../../lib/rating-text.ts';

/** Each state in a word or two, with the badge's tone: waiting on the driver, the seat is the passenger's, or over. */
const statusText: Record<BookingStatus, [string, StatusTone]> = {
  requested: ['Request', 'warning'],
  accepted: ['Accepted', 'info'],
  awaiting_payment: ['Awaiting payment', 'info'],
  confirmed: ['Confirmed', 'success'],
  boarded: ['Boarded', 'success'],
  completed: ['Completed', 'neutral'],
  declined: ['Declined', 'neutral'],
  expired: ['Expired', 'neutral'],
  cancelled: ['Cancelled', 'neutral'],
  cancelled_by_passenger: ['Cancelled by passenger', 'neutral'],
  cancelled_by_driver: ['Cancelled by you', 'neutral'],
  no_show: ['No-show', 'danger'],
  not_boarded: ['Not boarded', 'neutral'],
};

const paymentText: Record<RideBooking['paymentMethod'], string> = { cash: 'Cash to you', mobile_money: 'Mobile money' };

/** What becomes of a confirmed seat the driver neither boards nor reports (contracts' `not_boarded`), said while it can still be done. */
const unboardedText = (paymentMethod: RideBooking['paymentMethod']) =>
  `Board them with their code, or report a no-show within ${noShowReportHours} hours of departure: otherwise the booking ends as not boarded${
    paymentMethod === 'mobile_money' ? ' and their payment goes back to them' : ''
  }.`;
const notBoardedText = (paymentMethod: RideBooking['paymentMethod']) =>
  `Neither boarded with their code nor reported as a no-show within ${noShowReportHours} hours of departure${
    paymentMethod === 'mobile_money' ? ': their payment went back to them' : ''
  }.`;

export type BookingActions = {
  accept: () => void;
  decline: () => void;
  reportNoShow: () => void;
  /** Whether one of this booking's answers is on its way (its buttons wait). */
  busy: boolean;
  /** Whether the no-show window is open now (from departure to 24 h after). */
  noShowOpen: boolean;
};

/** One passenger on the ride: name, seats, leg, total and payment, requests, status, and what the driver can do. */
export function RideBookingItem({ booking, actions }: { booking: RideBooking; actions: BookingActions }) {
  const [status, tone] = statusText[booking.status];
  const seats = seatsText(booking.seats);
  return (
    <Item aria-label={`${booking.passengerFirstName}, ${seats}`}>
      <Top>
        <Name>
          <strong>{booking.passengerFirstName}</strong>
          <Rating title="How drivers rated this passenger" data-passenger-rating>
            {passengerRatingText(booking.passengerRating)}
          </Rating>
        </Name>
        <StatusBadge tone={tone} data-booking-status={booking.status}>
          {status}
        </StatusBadge>
      </Top>
      <Line>
        {seats} · {placeTown(booking.board)} → {placeTown(booking.alight)}
      </Line>
      <Line>
        {formatMoney(booking.totalAmount, booking.currency)} · {paymentText[booking.paymentMethod]}
      </Line>
      {booking.specialRequests ? <Line>“{booking.specialRequests}”</Line> : null}
      {booking.status === 'requested' ? (
        <>
          {booking.expiresAt ? <Line>Answer by {formatDateTimeInGhana(booking.expiresAt)}, or the request lapses.</Line> : null}
          <Actions>
            <Button disabled={actions.busy} onClick={actions.accept}>
              Accept
            </Button>
            <Button $variant="secondary" disabled={actions.busy} onClick={actions.decline}>
              Decline
            </Button>
          </Actions>
        </>
      ) : null}
      {booking.status === 'confirmed' ? (
        <Actions>
          <Button $variant="ghost" disabled={actions.busy || !actions.noShowOpen} onClick={actions.reportNoShow}>
            Report No-Show
          </Button>
          {actions.noShowOpen ? null : <Line>A no-show can be reported from departure until {noShowReportHours} hours after.</Line>}
          <ButtonLink to={`/call/${booking.id}`} $variant="secondary">
            Call Passenger
          </ButtonLink>
        </Actions>
      ) : null}
      {booking.status === 'confirmed' ? <Line>{unboardedText(booking.paymentMethod)}</Line> : null}
      {booking.status === 'not_boarded' ? <Line>{notBoardedText(booking.paymentMethod)}</Line> : null}
      <MemberSafetyActions memberId={booking.passengerId} name={booking.passengerFirstName} memberRole="passenger" from={{ source: 'booking', sourceId: booking.id }} />
    </Item>
  );
}

const Item = styled.li`
  display: grid;
  gap: 4px;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

const Name = styled.span`
  display: inline-flex;
  align-items: baseline;
  gap: 8px;
`;

const Rating = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Line = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-top: 4px;

  button { min-height: 40px; padding: 0 12px; font-size: 0.9375rem; }
`;
