import type { DriverRide } from '@krom/contracts/http/rides';
import { formatMoney, toDecimalCedis, toPesewas } from '@krom/contracts/money';
import { isLiveBooking, useRideBookings } from '../../../lib/api/ride-bookings.ts';
import { Line } from './dashboard-ride-item.tsx';

/**
 * A ride's bookings on the dashboard, from the ride's own list (GET /api/rides/{id}/bookings, the
 * one Manage Bookings reads): how many live bookings, the seats they hold, and the cash the driver
 * collects at pickup from the passengers whose seats are confirmed. A ride nobody booked asks nothing.
 */
export function RideBookingsSummary({ ride }: { ride: DriverRide }) {
  if (ride.bookedSeats === 0) return <Line>No bookings yet</Line>;
  return <BookedSummary ride={ride} />;
}

function BookedSummary({ ride }: { ride: DriverRide }) {
  const bookings = useRideBookings(ride.id);
  if (!bookings.data) return <Line>{ride.bookedSeats} seats sold</Line>;
  const live = bookings.data.filter(isLiveBooking);
  const seats = live.reduce((sum, booking) => sum + booking.seats, 0);
  const cash = live
    .filter((booking) => booking.paymentMethod === 'cash' && (booking.status === 'confirmed' || booking.status === 'boarded'))
    .reduce((sum, booking) => sum + toPesewas(booking.totalAmount), 0);
  return (
    <Line>
      {live.length} {live.length === 1 ? 'booking' : 'bookings'} · {seats} {seats === 1 ? 'seat' : 'seats'} sold · {formatMoney(toDecimalCedis(cash), ride.currency)} cash expected
    </Line>
  );
}
