import type { DriverRide } from '@krom/contracts/http/rides';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatMoney } from '@krom/contracts/money';
import { formatDeparture, seatsLeft } from '../../../components/ride-card.tsx';
import { RideStatusBadge } from '../../../components/ride-status-badge.tsx';
import { RideBookingsSummary } from './ride-bookings-summary.tsx';

/** A ride in one of the dashboard's lists: route, status, departure, seats and price, its bookings when `bookings`, and View. */
export function DashboardRideItem({ ride, bookings = false }: { ride: DriverRide; bookings?: boolean }) {
  const route = `${ride.fromCity} → ${ride.toCity}`;
  const details = `/ride-preview/${ride.id}`;
  return (
    <Item aria-label={route}>
      <div>
        <Route>
          {route} <RideStatusBadge status={ride.status} />
        </Route>
        <Line>{formatDeparture(ride)}</Line>
        <Line>
          {seatsLeft(ride)} · {formatMoney(ride.pricePerSeat, ride.currency)} per seat
        </Line>
        {bookings ? <RideBookingsSummary ride={ride} /> : null}
      </div>
      {screenExists(details) ? <Link to={details}>View</Link> : null}
    </Item>
  );
}

const Item = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  > div { display: grid; gap: 2px; min-width: 0; }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 4px;
    font-weight: 600;
  }
`;

export const Route = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-weight: 700;
  overflow-wrap: anywhere;
`;

export const Line = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;
