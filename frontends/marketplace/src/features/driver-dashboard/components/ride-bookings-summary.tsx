import { ticketedStatuses } from '@krom/contracts/http/booking-values';
import type { DriverRide } from '@krom/contracts/http/rides';
import { formatMoney, toDecimalCedis, toPesewas } from '@krom/contracts/money';
import { useRideBookings } from '../../../lib/api/ride-bookings.ts';
import { Line } from './dashboard-ride-item.tsx';

/** A booking whose seat is the passenger's: confirmed, boarded or completed. */
const isSeatSold = (booking: { status: string }) => (ticketedStatuses as readonly string[]).includes(booking.status);

/**
 * A ride's bookings on the dashboard: the bookings whose seat is the passenger's (confirmed,
 * boarded, completed), their seats, and the cash the driver collects at pickup (cash bookings
 * confirmed or boarded). From the ride's own figures (`bookings`, `seatsSold`, `expectedCash`),
 * else from its bookings list (the one Manage Bookings reads). A ride nobody booked asks nothing.
 */
export function RideBookingsSummary({ ride }: { ride: DriverRide }) {
  if (ride.bookedSeats === 0) return <Line>No bookings yet</Line>;
  // The rides service counts them itself now; a ride read from an older answer asks its bookings.
  if (ride.bookings !== undefined && ride.seatsSold !== undefined && ride.expectedCash !== undefined) {
    return <SummaryLine bookings={ride.bookings} seats={ride.seatsSold} cash={formatMoney(ride.expectedCash, ride.currency)} />;
  }
  return <BookedSummary ride={ride} />;
}

function SummaryLine({ bookings, seats, cash }: { bookings: number; seats: number; cash: string }) {
  return (
    <Line>
      {bookings} {bookings === 1 ? 'booking' : 'bookings'} · {seats} {seats === 1 ? 'seat' : 'seats'} sold · {cash} cash expected
    </Line>
  );
}

function BookedSummary({ ride }: { ride: DriverRide }) {
  const bookings = useRideBookings(ride.id);
  if (!bookings.data) return <Line>{ride.bookedSeats} seats sold</Line>;
  // As the rides service counts them: the bookings whose seat is the passenger's, and the cash of those not yet completed.
  const sold = bookings.data.filter((booking) => isSeatSold(booking));
  const seats = sold.reduce((sum, booking) => sum + booking.seats, 0);
  const cash = sold
    .filter((booking) => booking.paymentMethod === 'cash' && booking.status !== 'completed')
    .reduce((sum, booking) => sum + toPesewas(booking.totalAmount), 0);
  return <SummaryLine bookings={sold.length} seats={seats} cash={formatMoney(toDecimalCedis(cash), ride.currency)} />;
}
