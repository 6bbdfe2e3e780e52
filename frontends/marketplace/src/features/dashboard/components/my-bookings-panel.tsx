import type { Booking, BookingStatus } from '@krom/contracts/http/bookings';
import { formatMoney } from '@krom/contracts/money';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import styled from 'styled-components';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { formatDeparture } from '../../../components/ride-card.tsx';
import { useUpcomingBookings } from '../api/my-bookings.ts';
import { ListRow } from './ride-row.tsx';

/** How many bookings the tab lists before sending the passenger to all of them. */
const shownBookings = 5;

/** The states an upcoming booking can be in, as the passenger reads them. */
const statusText: Partial<Record<BookingStatus, string>> = {
  requested: 'Waiting for the driver',
  accepted: 'Accepted',
  awaiting_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  boarded: 'Boarded',
};

const placeName = (place: Booking['board']) => place.city ?? place.location;

/** My Bookings: the seats the user has booked on rides still to come, and the way to all of them. */
export function MyBookingsPanel() {
  const bookings = useUpcomingBookings();
  if (bookings.isPending) return <Spinner />;
  if (bookings.isError) return <QueryFailure message="Your bookings could not be loaded." onRetry={() => void bookings.refetch()} />;
  if (bookings.data.length === 0) {
    return <EmptyState title="No bookings yet" text="Seats you book will appear here." action={{ to: '/find-ride', label: 'Find a Ride' }} />;
  }
  return (
    <Stack>
      <h2>Your upcoming bookings</h2>
      <StackedList aria-label="Your upcoming bookings">
        {bookings.data.slice(0, shownBookings).map((booking) => (
          <BookingRow key={booking.id} booking={booking} />
        ))}
      </StackedList>
      {screenExists('/my-rides') ? (
        <ButtonLink to="/my-rides" $variant="secondary" $block>
          See all your bookings
        </ButtonLink>
      ) : null}
    </Stack>
  );
}

function BookingRow({ booking }: { booking: Booking }) {
  const leg = `${placeName(booking.board)} → ${placeName(booking.alight)}`;
  return (
    <Row aria-label={leg}>
      <div>
        <Status>{statusText[booking.status] ?? booking.status}</Status>
        <Route>{leg}</Route>
        <Line>{formatDeparture(booking)}</Line>
        <Line>
          {booking.seats} {booking.seats === 1 ? 'seat' : 'seats'} · {formatMoney(booking.totalAmount, booking.currency)} · {booking.driverName}
        </Line>
      </div>
    </Row>
  );
}

const Stack = styled.div`
  display: grid;
  gap: 12px;

  h2 { font-size: 1.125rem; }
`;

const Row = styled(ListRow)`
  > div { display: grid; gap: 2px; min-width: 0; }
`;

const Status = styled.p`
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.primary};
`;

const Route = styled.p`
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const Line = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;
