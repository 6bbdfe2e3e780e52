import type { Booking } from '@krom/contracts/http/bookings';
import { formatMoney } from '@krom/contracts/money';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { formatDeparture } from '../../../components/ride-card.tsx';
import { useMyBookings } from '../../../lib/api/my-bookings.ts';
import { bookingStatusText, placeTown, seatsText } from '../../../lib/booking-texts.ts';
import { Stack } from './my-rides-panels.tsx';
import { Eyebrow, Line, Route, Row } from './ride-row.tsx';

/** How many bookings the tab lists before sending the passenger to all of them. */
const shownBookings = 5;

/** My Bookings: the seats the user has booked on rides still to come, and the way to all of them. */
export function MyBookingsPanel() {
  const bookings = useMyBookings('upcoming');
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
  const leg = `${placeTown(booking.board)} → ${placeTown(booking.alight)}`;
  return (
    <Row aria-label={leg}>
      <div>
        <Eyebrow>{bookingStatusText[booking.status]}</Eyebrow>
        <Route>{leg}</Route>
        <Line>{formatDeparture(booking)}</Line>
        <Line>
          {seatsText(booking.seats)} · {formatMoney(booking.totalAmount, booking.currency)} · {booking.driverName}
        </Line>
      </div>
    </Row>
  );
}
