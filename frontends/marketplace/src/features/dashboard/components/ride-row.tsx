import type { DriverRide } from '@krom/contracts/http/rides';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatCedis } from '@krom/contracts/money';
import { bookingModeText, formatDeparture, seatsLeft } from '../../../components/ride-card.tsx';

/** One of the user's rides in a dashboard list: route, departure, seats (left and booked), price, how it takes bookings, and its details. */
export function RideRow({ ride, eyebrow }: { ride: DriverRide; eyebrow?: ReactNode }) {
  const route = `${ride.fromCity} → ${ride.toCity}`;
  const details = `/ride-preview/${ride.id}`;
  return (
    <Row aria-label={route}>
      <div>
        {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
        <Route>{route}</Route>
        <Line>{formatDeparture(ride)}</Line>
        <Line>
          {seatsLeft(ride)}
          {ride.bookedSeats > 0 ? ` · ${ride.bookedSeats} booked` : ''} · {formatCedis(ride.pricePerSeat)} per seat · {bookingModeText(ride.bookingMode)}
        </Line>
      </div>
      {screenExists(details) ? <Link to={details}>View Details</Link> : null}
    </Row>
  );
}

/** A dashboard list item: what it is, and its link beside it on wider screens (under it on a phone). */
export const ListRow = styled.li`
  display: grid;
  gap: 4px;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  a {
    justify-self: start;
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-weight: 600;
  }

  ${({ theme }) => theme.media.md} {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
  }
`;

/** A dashboard list item's text column, and its parts (what it is, its title, its lines). */
export const Row = styled(ListRow)`
  > div { display: grid; gap: 2px; min-width: 0; }
`;

export const Eyebrow = styled.p`
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.primary};
`;

export const Route = styled.p`
  font-weight: 700;
  overflow-wrap: anywhere;
`;

export const Line = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;
