import type { RideDetails } from '@krom/contracts/http/rides';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { Select } from '@krom/ui-kit/select.tsx';
import { useState } from 'react';
import styled from 'styled-components';
import { formatCedis, rideTotal } from '@krom/contracts/money';
import { bookingModeText, legQuery } from '../../../components/ride-card.tsx';
import { seatsWanted } from '../../../lib/ride-places.ts';

/**
 * Price per seat on the passenger's leg, how the ride is booked, the seats wanted (1 to the seats
 * left on that leg, first those the search asked for), their total (price × seats, 2 decimals) and
 * the ways on. The leg's seats and price are the server's (`ride.leg`, read for the address's
 * `board`/`alight`). Book This Ride passes the seats and the leg on
 * (`/book-seat/{id}?seats=n&board=i&alight=j`, the leg left out when it is the whole route, the
 * booking screen's default); a guest is sent on to log in by the booking screen,
 * and comes back to it. Contact Driver opens the member's conversation with the driver about this
 * ride (/messages/ride/{id}; a guest logs in first and comes back to it).
 */
export function SeatBookingPanel({ ride, backToRides, address }: { ride: RideDetails; backToRides: string; address: URLSearchParams }) {
  const { seatsLeft, pricePerSeat } = ride.leg;
  const [seats, setSeats] = useState(() => seatsWanted(address.get('seats'), seatsLeft));
  const bookable = ride.status === 'active' && seatsLeft > 0;
  const bookingPath = `/book-seat/${ride.id}${legQuery(ride, seats)}`;
  const contactPath = `/messages/ride/${ride.id}`;
  return (
    <Panel aria-labelledby="ride-booking-title">
      <h2 id="ride-booking-title">Book seats</h2>
      <PriceLine>
        <strong>{formatCedis(pricePerSeat)}</strong> per seat
      </PriceLine>
      <Mode>{bookingModeText(ride.bookingMode)}</Mode>
      {bookable ? (
        <>
          <Select
            label="Number of seats"
            options={Array.from({ length: seatsLeft }, (_, index) => index + 1)}
            value={seats}
            onValueChange={(count) => setSeats(Number(count))}
          />
          <Total>
            <span>Total</span>
            <strong aria-live="polite">{formatCedis(rideTotal(pricePerSeat, seats))}</strong>
          </Total>
        </>
      ) : (
        <Full>{seatsLeft > 0 ? 'This ride can no longer be booked.' : 'This ride is fully booked.'}</Full>
      )}
      <Actions>
        {bookable && screenExists(bookingPath) ? (
          <ButtonLink to={bookingPath} $size="lg" $block>
            Book This Ride
          </ButtonLink>
        ) : null}
        {screenExists(contactPath) ? (
          <ButtonLink to={contactPath} $variant="secondary" $block>
            Contact Driver
          </ButtonLink>
        ) : null}
        <ButtonLink to={backToRides} $variant="secondary" $block>
          Back to Rides
        </ButtonLink>
      </Actions>
    </Panel>
  );
}

export const Panel = styled.section`
  display: grid;
  gap: 14px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};

  h2 { font-size: 1.125rem; }
`;

const PriceLine = styled.p`
  color: ${({ theme }) => theme.color.muted};

  strong { font-size: 1.5rem; color: ${({ theme }) => theme.color.primary}; }
`;

const Total = styled.p`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  padding-top: 12px;
  border-top: 1px solid ${({ theme }) => theme.color.border};

  span { font-weight: 600; }
  strong { font-size: 1.375rem; }
`;

const Mode = styled.p`
  margin-top: -8px;
  font-size: 0.875rem;
  font-weight: 600;
`;

const Full = styled.p`
  color: ${({ theme }) => theme.color.muted};
`;

export const Actions = styled.div`
  display: grid;
  gap: 10px;
`;
