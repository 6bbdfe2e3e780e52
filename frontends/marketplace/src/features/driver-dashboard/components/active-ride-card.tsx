import type { DriverRide } from '@krom/contracts/http/rides';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import styled from 'styled-components';
import { formatMoney } from '@krom/contracts/money';
import { formatDeparture, seatsLeft } from '../../../components/ride-card.tsx';
import { RideStatusBadge } from '../../../components/ride-status-badge.tsx';
import { Line, Route } from './dashboard-ride-item.tsx';
import { RideBookingsSummary } from './ride-bookings-summary.tsx';

/** The ride departing next within 24 hours, with Manage (the driver's rides) and View (its details). */
export function ActiveRideCard({ ride }: { ride: DriverRide }) {
  const route = `${ride.fromCity} → ${ride.toCity}`;
  const actions = [
    { to: '/rides/as-driver', label: 'Manage', variant: 'secondary' as const },
    { to: `/ride-preview/${ride.id}`, label: 'View', variant: 'primary' as const },
  ].filter((action) => screenExists(action.to));
  return (
    <Card aria-label={`Active ride ${route}`}>
      <Route>
        {route} <RideStatusBadge status={ride.status} />
      </Route>
      <p>
        {ride.fromLocation} to {ride.toLocation}
      </p>
      <Line>{formatDeparture(ride)}</Line>
      <Line>
        {seatsLeft(ride)} · {ride.bookedSeats} booked · {formatMoney(ride.pricePerSeat, ride.currency)} per seat
      </Line>
      <RideBookingsSummary ride={ride} />
      {actions.length > 0 ? (
        <Actions>
          {actions.map((action) => (
            <ButtonLink key={action.label} to={action.to} $variant={action.variant}>
              {action.label}
            </ButtonLink>
          ))}
        </Actions>
      ) : null}
    </Card>
  );
}

const Card = styled.article`
  display: grid;
  gap: 4px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.primarySoft};

  > p:nth-of-type(2) { overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 8px;
`;
