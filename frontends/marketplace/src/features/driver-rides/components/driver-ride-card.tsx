import type { DriverRide } from '@krom/contracts/http/rides';
import { rideMessages } from '@krom/contracts/http/rides';
import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { Cluster } from '@krom/ui-kit/layout.tsx';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { formatCedis } from '@krom/contracts/money';
import { bookingModeText, formatDeparture, seatsLeft } from '../../../components/ride-card.tsx';
import { RideStatusBadge } from '../../../components/ride-status-badge.tsx';
import { ListCard as Card } from '../../../components/card.tsx';
import { bookingsManageable } from '../booking-window.ts';
import { ManageBookings } from './manage-bookings.tsx';

/**
 * One of the driver's rides. Upcoming active rides can be edited and cancelled while the server
 * says so (`editable`), booked or not: the edit keeps what passengers booked, and a cancel tells
 * them. Manage Bookings opens the ride's passengers under the card until the no-show window
 * closes, 24 hours after departure; Rate waits for its screen.
 */
export function DriverRideCard({
  ride,
  upcoming,
  now,
  busy,
  onCancel,
}: { ride: DriverRide; upcoming: boolean; now: Date; busy: boolean; onCancel: () => void }) {
  const route = `${ride.fromCity} → ${ride.toCity}`;
  // The server's word: an active ride still to depart, booked or not (a booked ride's changes keep what its passengers booked).
  const changeable = upcoming && ride.status === 'active' && ride.editable;
  const manageable = bookingsManageable(ride, now);
  const [managing, setManaging] = useState(false);
  const panelId = useId();
  const details = `/ride-preview/${ride.id}`;
  const edit = `/edit-ride/${ride.id}`;
  // The spec's Rate on a completed card: the passengers of the trip still to review (the server says which).
  const rate = `/rate-riders/${ride.id}`;
  return (
    <Card aria-label={route}>
      <Cluster $justify="between">
        <RideStatusBadge status={ride.status} />
        <When>{formatDeparture(ride)}</When>
      </Cluster>
      <Route>{route}</Route>
      <Places>
        {ride.fromLocation} to {ride.toLocation}
      </Places>
      <Facts>
        <span>{seatsLeft(ride)}</span>
        {ride.bookedSeats > 0 ? <span>{ride.bookedSeats} booked</span> : null}
        <span>
          <strong>{formatCedis(ride.pricePerSeat)}</strong> per seat
        </span>
        <span>{bookingModeText(ride.bookingMode)}</span>
      </Facts>
      {ride.status === 'active' && !ride.editable ? <Note>{rideMessages.notEditable}</Note> : null}
      <Actions>
        {manageable ? (
          <Button aria-expanded={managing} aria-controls={panelId} onClick={() => setManaging((open) => !open)}>
            Manage Bookings
          </Button>
        ) : null}
        {screenExists(details) ? (
          <ButtonLink to={details} $variant="secondary">
            View Details
          </ButtonLink>
        ) : null}
        {changeable && screenExists(edit) ? (
          <ButtonLink to={edit} $variant="secondary">
            Edit
          </ButtonLink>
        ) : null}
        {ride.status === 'completed' && screenExists(rate) ? (
          <ButtonLink to={rate} $variant="secondary">
            Rate
          </ButtonLink>
        ) : null}
        {changeable ? (
          <Button $variant="ghost" disabled={busy} onClick={onCancel}>
            Cancel Ride
          </Button>
        ) : null}
      </Actions>
      {manageable && managing ? <ManageBookings ride={ride} now={now} id={panelId} /> : null}
    </Card>
  );
}

const When = styled.p`
  font-size: 0.875rem;
  font-weight: 600;
`;

/** Under the page's h1 (axe: heading-order). */
const Route = styled.h2`
  font-size: 1.125rem;
  overflow-wrap: anywhere;
`;

const Places = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
  overflow-wrap: anywhere;
`;

const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  font-size: 0.9375rem;
`;

const Note = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 4px;

  /* Each label on one line (Cancel Ride broke in two at 360 px); a button that does not fit moves to the next row. */
  a, button { min-height: 40px; padding: 0 12px; font-size: 0.9375rem; white-space: nowrap; }
`;
